import { Building2, Check, CreditCard } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { TRole } from '@shared/roles';
import type { TPlan } from '@shared/schemas/payments';
import { PaymentDialog, type TPayablePlan } from '@web/components/payments/payment-dialog';
import { QueryErrorCard } from '@web/components/ui/query-error-alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatDate, formatSll, formatUsdWhole } from '@shared/format';
import { usePlans } from '@web/lib/plans';
import { ROLE_INFO } from '@web/lib/role-info';
import { useSession } from '@web/lib/session';
import { cn } from '@web/lib/utils';
import { planLabel, subscriptionStatusLabel } from '@shared/labels';

/** Plans a business can pay for here: a monthly card price (Enterprise is by agreement, Starter is free). */
const isPayable = (plan: TPlan): plan is TPlan & { priceUsdCents: number } => plan.priceUsdCents !== null && plan.priceUsdCents > 0;

function PlanCard({ plan, isCurrent, onChoose }: { plan: TPlan; isCurrent: boolean; onChoose: (plan: TPayablePlan) => void }) {
  return (
    <Card className={cn('flex flex-col', isCurrent && 'border-primary ring-2 ring-primary')} data-testid={`subscribe-plan-${plan.code}`}>
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle>
            <h2>{plan.name}</h2>
          </CardTitle>
          {isCurrent ? <Badge>Current plan</Badge> : null}
        </div>
        <CardDescription>{plan.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1 space-y-4">
        <p>
          {plan.priceUsdCents === null ? (
            <span className="text-3xl font-bold">Custom</span>
          ) : plan.priceUsdCents === 0 ? (
            <span className="text-3xl font-bold">Free</span>
          ) : (
            <>
              <span className="text-3xl font-bold">{formatUsdWhole(plan.priceUsdCents)}</span>
              <span className="text-sm text-muted-foreground">/month</span>
              {plan.priceSllApprox !== null ? (
                <span className="block text-sm text-muted-foreground">approx. {formatSll(plan.priceSllApprox)} SLL</span>
              ) : null}
            </>
          )}
        </p>
        <ul className="space-y-1.5 text-sm">
          {plan.features.map((feature) => (
            <li key={feature} className="flex gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              {feature}
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>
        {isPayable(plan) ? (
          <Button className="w-full" variant={isCurrent ? 'default' : 'outline'} onClick={() => onChoose(plan)}>
            <CreditCard aria-hidden />
            {isCurrent ? 'Renew' : 'Choose'} {plan.name}
          </Button>
        ) : plan.priceUsdCents === null ? (
          <p className="text-sm text-muted-foreground">Priced by agreement: contact CreditCheck SL to arrange this plan.</p>
        ) : (
          <p className="text-sm text-muted-foreground">No payment needed for this plan.</p>
        )}
      </CardFooter>
    </Card>
  );
}

function BusinessSubscribe() {
  const [, navigate] = useLocation();
  const { session } = useSession();
  const plans = usePlans();
  const [chosen, setChosen] = useState<TPayablePlan | null>(null);
  const profile = session?.role === 'business' ? session.profile : null;
  const visible = (plans.data?.plans ?? []).filter((plan) => plan.isPublic || plan.code === profile?.planCode || isPayable(plan));

  // A payment reads the business's plan again itself (lib/payments.ts).
  const close = () => setChosen(null);

  return (
    <div className="space-y-6">
      {profile ? (
        <Card>
          <CardContent className="flex flex-wrap items-center gap-x-6 gap-y-2 p-6 text-sm">
            <span>
              Current plan: <span className="font-semibold">{planLabel(profile.planCode)}</span>
            </span>
            <span>
              Status: <span className="font-semibold">{subscriptionStatusLabel(profile.subscriptionStatus)}</span>
            </span>
            <span>
              Next billing:{' '}
              {profile.nextBillingDate ? (
                <span className="font-semibold">{formatDate(profile.nextBillingDate)}</span>
              ) : (
                <span className="font-semibold">not scheduled</span>
              )}
            </span>
            {profile.subscriptionStatus === 'active' && profile.nextBillingDate ? (
              <p className="basis-full text-muted-foreground">
                Changing plan before {formatDate(profile.nextBillingDate)} costs only the difference for the rest of the month; moving to a
                cheaper plan charges nothing and keeps what is left as credit for your next payment.
              </p>
            ) : null}
          </CardContent>
        </Card>
      ) : null}
      {plans.isPending ? (
        <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-72" />
          ))}
        </div>
      ) : plans.isError ? (
        <QueryErrorCard query={plans} title="Plans cannot be loaded" />
      ) : visible.length === 0 ? (
        <EmptyState icon={CreditCard} title="No plans available" />
      ) : (
        <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-4">
          {visible.map((plan) => (
            <PlanCard key={plan.code} plan={plan} isCurrent={plan.code === profile?.planCode} onChoose={setChosen} />
          ))}
        </div>
      )}
      {chosen ? (
        <PaymentDialog
          open
          onOpenChange={(open) => {
            if (!open) close();
          }}
          businessId={profile?.id}
          plan={chosen}
          variant="subscription"
          onFinish={() => {
            close();
            navigate('/business/dashboard');
          }}
        />
      ) : null}
    </div>
  );
}

/** /subscribe: any signed-in role; businesses choose a plan and pay or renew. */
export default function SubscribePage({ role }: { role: TRole }) {
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <p className="text-sm font-medium text-primary">{ROLE_INFO[role].environment}</p>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Subscription</h1>
      </div>
      {role === 'business' ? (
        <BusinessSubscribe />
      ) : (
        <EmptyState icon={Building2} title="Subscriptions are for businesses">
          <p>
            Businesses pay a monthly subscription to search and report credit information.{' '}
            {role === 'consumer'
              ? 'Checking your own credit is always free.'
              : 'Administrator and regulator accounts have no subscription.'}
          </p>
          <Button asChild variant="outline" className="mt-4">
            <Link href={ROLE_INFO[role].home}>Back to dashboard</Link>
          </Button>
        </EmptyState>
      )}
    </div>
  );
}
