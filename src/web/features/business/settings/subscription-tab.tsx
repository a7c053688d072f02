import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { TPlan } from '@shared/schemas/payments';
import { formatDate, formatShortDate, formatUsdCents, groupAmount, plural } from '@shared/format';
import { PaymentDialog, type TPayablePlan } from '@web/components/payments/payment-dialog';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { CheckboxField } from '@web/components/ui/checkbox-field';
import { Skeleton } from '@web/components/ui/skeleton';
import { usePlans } from '@web/lib/plans';
import { useSession } from '@web/lib/session';
import { useSetAutoRenew, useSubscription } from '../api/subscription';
import { Refusal } from './settings-fields';
import { subscriptionStatusLabel } from '@shared/labels';

const isPayable = (plan: TPlan): plan is TPlan & { priceUsdCents: number } => plan.priceUsdCents !== null && plan.priceUsdCents > 0;

/** The plan, auto-renewal, a change of plan paid by card, and the invoices. */
export function SubscriptionTab() {
  const { session } = useSession();
  const subscription = useSubscription();
  const plans = usePlans();
  const [chosen, setChosen] = useState<TPayablePlan | null>(null);
  const setAutoRenew = useSetAutoRenew({
    successToast: (updated) => (updated.autoRenew ? 'Auto-renewal on' : 'Auto-renewal off'),
    errorToast: 'Not changed',
  });
  if (subscription.isPending) return <Skeleton className="h-64" />;
  if (subscription.isError) return <Refusal error={subscription.error} />;
  const s = subscription.data;
  const current = s.plan;
  const others = (plans.data?.plans ?? []).filter(isPayable);

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-4 space-y-0">
          <div className="space-y-1.5">
            <CardTitle>
              <h2>{current.name} plan</h2>
            </CardTitle>
            <CardDescription>
              {current.monthlyInquiryQuota} credit reports a month
              {current.hasApiAccess ? ' · API access' : ''}
              {current.hasWhiteLabel ? ' · white-label reports' : ''} · up to{' '}
              {plural(current.maxTeamMembers, { one: 'person', other: 'people' })}
            </CardDescription>
          </div>
          <Badge variant={s.subscriptionStatus === 'active' ? 'success' : 'warning'}>{subscriptionStatusLabel(s.subscriptionStatus)}</Badge>
        </CardHeader>
        <CardContent className="space-y-4 text-sm">
          <p>
            {current.isFree
              ? 'The free Starter plan is always active.'
              : current.priceUsdCents === null
                ? 'Priced by agreement with CreditCheck SL.'
                : `${formatUsdCents(current.priceUsdCents)} a month.`}{' '}
            {s.nextBillingDate ? `Paid until ${formatDate(s.nextBillingDate)}.` : null}
          </p>
          {s.canManage && !current.isFree ? (
            <CheckboxField
              id="auto-renew"
              checked={s.autoRenew}
              onCheckedChange={(checked) => setAutoRenew.mutate(checked)}
              label="Auto-renew my subscription monthly (an invoice is issued a week before each renewal; without renewal the account falls back to Starter after a 7-day grace period)"
            />
          ) : null}
          {!s.canManage ? <p className="text-muted-foreground">Only the business owner changes the plan.</p> : null}
        </CardContent>
      </Card>

      {s.canManage ? (
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Change plan</h2>
            </CardTitle>
            <CardDescription>Paying for another plan starts it today. Enterprise is arranged with CreditCheck SL.</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-3 md:grid-cols-3">
              {others.map((plan) => {
                const isCurrent = plan.code === current.code;
                const isUpgrade = current.priceUsdCents === null ? false : (plan.priceUsdCents ?? 0) > (current.priceUsdCents ?? 0);
                return (
                  <li key={plan.code} className="flex flex-col gap-2 rounded-lg border p-4">
                    <p className="font-semibold">{plan.name}</p>
                    <p className="text-sm text-muted-foreground">
                      {formatUsdCents(plan.priceUsdCents ?? 0)}/month · {plan.monthlyInquiryQuota} reports
                    </p>
                    <Button
                      variant={isCurrent ? 'default' : 'outline'}
                      size="sm"
                      className="mt-auto"
                      onClick={() =>
                        setChosen({
                          code: plan.code,
                          name: plan.name,
                          priceUsdCents: plan.priceUsdCents ?? 0,
                          priceSllApprox: plan.priceSllApprox,
                        })
                      }
                    >
                      <CreditCard aria-hidden />
                      {isCurrent ? 'Renew' : isUpgrade ? 'Upgrade' : 'Downgrade'} to {plan.name}
                    </Button>
                  </li>
                );
              })}
            </ul>
            <p className="mt-3 text-sm text-muted-foreground">
              To move to the free Starter plan, turn auto-renewal off: the paid plan runs to its end, and after the grace period the account
              is on Starter. All plans are on the{' '}
              <Link href="/subscribe" className="underline">
                Subscription page
              </Link>
              .
            </p>
          </CardContent>
        </Card>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Invoices</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {s.invoices.length === 0 ? (
            <p className="text-sm text-muted-foreground">No invoices yet.</p>
          ) : (
            <div className="overflow-x-auto rounded-lg border">
              <table className="w-full text-sm" data-testid="invoices">
                <caption className="sr-only">Invoices, newest first</caption>
                <thead className="bg-muted/50 text-left">
                  <tr>
                    {['Invoice', 'Issued', 'Plan', 'Period', 'Amount', 'Status'].map((h) => (
                      <th key={h} scope="col" className="px-3 py-2 font-medium">
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {s.invoices.map((i) => (
                    <tr key={i.number} className="border-t">
                      <td className="px-3 py-2 font-mono text-xs">{i.number}</td>
                      <td className="px-3 py-2 whitespace-nowrap">{formatShortDate(i.issuedAt)}</td>
                      <td className="px-3 py-2">{i.planName}</td>
                      <td className="px-3 py-2 whitespace-nowrap">
                        {formatShortDate(i.periodStart)} – {formatShortDate(i.periodEnd)}
                      </td>
                      <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                        {formatUsdCents(i.amountUsdCents)} <span className="text-muted-foreground">(SLE {groupAmount(i.amountSle)})</span>
                        {i.paymentMethod ? <span className="block text-xs text-muted-foreground">{i.paymentMethod}</span> : null}
                      </td>
                      <td className="px-3 py-2">
                        <Badge variant={i.status === 'paid' ? 'success' : 'warning'} className="capitalize">
                          {i.status}
                        </Badge>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </CardContent>
      </Card>

      {chosen ? (
        <PaymentDialog
          open
          onOpenChange={(open) => {
            // A payment refreshes the plan itself (lib/payments.ts).
            if (!open) setChosen(null);
          }}
          businessId={session?.role === 'business' ? session.profile.id : undefined}
          plan={chosen}
          variant="subscription"
          onFinish={() => setChosen(null)}
        />
      ) : null}
    </div>
  );
}
