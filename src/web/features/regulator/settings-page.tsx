import { ArrowRight } from 'lucide-react';
import type { TPolicyChange } from '@shared/schemas/oversight';
import { ZPasswordChangeSchema, type TPasswordChange } from '@shared/schemas/business';
import { PasswordChangeCard } from '@web/components/account/password-change-card';
import type { TMutationFeedback } from '@web/lib/use-api-mutation';
import { useChangeStaffPassword } from '@web/lib/staff-password';
import { QueryErrorCard } from '@web/components/ui/query-error-alert';
import { Skeleton } from '@web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { formatDateTime, formatNumber, formatUsdCents, plural } from '@shared/format';
import { useSession } from '@web/lib/session';
import { useRegulatorPolicy } from './api/overview';
import { PageHeader } from '@web/components/layout/page-header';
import { SectionCard } from '@web/components/ui/section-card';
import { planLabel } from '@shared/labels';

/** The regulator's own password change (POST /api/regulators/me/password). */
const useRegulatorPasswordChange = (feedback: TMutationFeedback<{ message: string }, TPasswordChange>) =>
  useChangeStaffPassword('regulator', feedback);

function AccountCard() {
  const { session } = useSession();
  const me = session?.role === 'regulator' ? session.profile : null;
  const rows: [string, string | null | undefined][] = [
    ['Name', me?.fullName],
    ['Organisation', me?.organisation],
    ['Username', me?.username],
    ['Email', me?.email],
  ];
  return (
    <SectionCard
      title="Your account"
      description="Regulator accounts are created by invitation; ask a CreditCheck SL administrator to change these details."
    >
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm [&_dd]:[overflow-wrap:anywhere]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd>{value || '—'}</dd>
          </div>
        ))}
      </dl>
    </SectionCard>
  );
}

function ChangeItem({ change }: { change: TPolicyChange }) {
  return (
    <li className="space-y-1 border-b pb-3 text-sm last:border-0 last:pb-0">
      <p className="font-medium">{change.subject}</p>
      <p className="text-xs text-muted-foreground">
        {formatDateTime(change.occurredAt)} · {change.actorName ?? 'Unknown'} (
        {change.actorRole === 'system_admin' ? 'administrator' : (change.actorRole ?? 'system')})
      </p>
      <ul className="space-y-0.5">
        {change.changes.map((c) => (
          <li key={c.field} className="flex flex-wrap items-center gap-1.5">
            <span className="text-muted-foreground">{c.field}:</span>
            <span>{c.from ?? '—'}</span>
            <ArrowRight className="size-3.5 text-muted-foreground" aria-hidden />
            <span className="sr-only">changed to</span>
            <span className="font-medium">{c.to ?? '—'}</span>
          </li>
        ))}
      </ul>
      {change.note ? <p className="text-xs text-muted-foreground">Reason: {change.note}</p> : null}
    </li>
  );
}

/**
 * Settings (regulator): the regulator's own account and password, and the bureau's rules in force
 * with every change administrators made to them (read only: regulators oversee policy; the
 * administrators set it).
 */
export default function RegulatorSettingsPage() {
  const policy = useRegulatorPolicy();
  const p = policy.data;
  return (
    <div className="space-y-6">
      <PageHeader
        role="regulator"
        title="Settings"
        description="Your account, and the bureau's rules in force with every change made to them. The rules are set by CreditCheck SL's administrators; you see them here as they apply."
      />
      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <AccountCard />
        <PasswordChangeCard
          schema={ZPasswordChangeSchema}
          useChange={useRegulatorPasswordChange}
          description="A new password signs you out everywhere else; this session stays."
        />
      </div>
      <QueryErrorCard query={policy} />
      {!p ? (
        policy.isError ? null : (
          <Skeleton className="h-64" />
        )
      ) : (
        <>
          <SectionCard title="Rules in force" description="Run-time settings of the bureau as they apply now.">
            <Table caption="Rules in force">
              <TableHeader>
                <TableRow>
                  <TableHead>Rule</TableHead>
                  <TableHead>Value</TableHead>
                  <TableHead>In force since</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {p.settings.map((s) => (
                  <TableRow key={s.key}>
                    <TableCell className="min-w-56">
                      <span className="font-medium">{s.label}</span>
                      <span className="block text-xs text-muted-foreground">{s.description}</span>
                    </TableCell>
                    <TableCell className="whitespace-nowrap tabular-nums">{s.value}</TableCell>
                    <TableCell className="whitespace-nowrap">{s.updatedAt ? formatDateTime(s.updatedAt) : 'The start (default)'}</TableCell>
                  </TableRow>
                ))}
                {(
                  [
                    ['Credit searches and reports a minute, per user', p.rateLimits.perUserPerMinute],
                    ['Credit searches and reports a minute, per API key', p.rateLimits.perApiKeyPerMinute],
                    ['Credit searches and reports a minute, per business', p.rateLimits.perBusinessPerMinute],
                  ] as const
                ).map(([label, value]) => (
                  <TableRow key={label}>
                    <TableCell className="font-medium">{label}</TableCell>
                    <TableCell className="tabular-nums">{formatNumber(value)}</TableCell>
                    <TableCell className="text-xs text-muted-foreground">
                      {p.rateLimits.businessesWithOwnLimits > 0
                        ? `${p.rateLimits.businessesWithOwnLimits} businesses have their own limits`
                        : 'No business has its own limits'}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </SectionCard>
          <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
            <SectionCard title="Plans and quotas" description="Monthly credit reports each plan allows, and the businesses on it.">
              <Table caption="Plans and quotas">
                <TableHeader>
                  <TableRow>
                    <TableHead>Plan</TableHead>
                    <TableHead>Price a month</TableHead>
                    <TableHead>Reports a month</TableHead>
                    <TableHead>Businesses</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {p.plans.map((plan) => (
                    <TableRow key={plan.code}>
                      <TableCell className="font-medium">
                        {plan.name}
                        {plan.isPublic ? null : (
                          <span className="block text-xs font-normal text-muted-foreground">Not on the pricing page</span>
                        )}
                      </TableCell>
                      <TableCell className="whitespace-nowrap">
                        {plan.priceUsdCents === null
                          ? 'By agreement'
                          : plan.priceUsdCents === 0
                            ? 'Free'
                            : formatUsdCents(plan.priceUsdCents)}
                      </TableCell>
                      <TableCell className="tabular-nums">{formatNumber(plan.monthlyInquiryQuota)}</TableCell>
                      <TableCell className="tabular-nums">{formatNumber(plan.subscribers)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <h3 className="mt-4 text-sm font-semibold">Contracted quotas</h3>
              {p.contractedQuotas.length === 0 ? (
                <p className="text-sm text-muted-foreground">No business has a quota of its own: every one has its plan&apos;s.</p>
              ) : (
                <ul className="mt-2 space-y-1 text-sm">
                  {p.contractedQuotas.map((c) => (
                    <li key={c.businessId} className="flex flex-wrap justify-between gap-x-4">
                      <span className="min-w-0 break-words">{c.businessName}</span>
                      {/* May wrap on a phone: a long plan name must not push the page sideways. */}
                      <span className="tabular-nums">
                        {plural(c.monthlyQuota, { one: 'report', other: 'reports' })} a month{' '}
                        <span className="text-muted-foreground">({planLabel(c.planCode)})</span>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </SectionCard>
            <SectionCard
              title="Changes to the rules"
              description="The latest changes administrators made, newest first, from the audit log."
            >
              {p.changes.length === 0 ? (
                <p className="text-sm text-muted-foreground">No rule has been changed yet.</p>
              ) : (
                <ol className="space-y-3" aria-label="Changes to the rules">
                  {p.changes.map((c) => (
                    <ChangeItem key={c.id} change={c} />
                  ))}
                </ol>
              )}
            </SectionCard>
          </div>
        </>
      )}
    </div>
  );
}
