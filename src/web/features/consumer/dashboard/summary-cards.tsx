import { ArrowRight, FileText, Lock, Scale, ShieldAlert } from 'lucide-react';
import { Link } from 'wouter';
import { formatDate, formatDateTime, formatNumber, plural } from '@shared/format';
import type { TConsumerDashboard } from '@shared/schemas/consumer';
import { Button } from '@web/components/ui/button';
import { SectionCard } from '@web/components/ui/section-card';
import { StatCard } from '@web/components/ui/stat-card';

function OpenLink({ href, children }: { href: string; children: string }) {
  return (
    <Link href={href} className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
      {children} <ArrowRight className="size-3.5" aria-hidden />
    </Link>
  );
}

/** Reports, active disputes and privacy status: the spec's dashboard figures. */
export function SummaryCards({ data }: { data: TConsumerDashboard }) {
  const privacy = data.privacy;
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <StatCard
        label="Reports"
        value={formatNumber(data.reportsGenerated)}
        icon={FileText}
        testId="stat-reports"
        hint={
          <span className="flex flex-col gap-1">
            {data.lastReportAt ? `Last generated ${formatDate(data.lastReportAt)}` : 'None generated yet'}
            <OpenLink href="/consumer/reports">Credit Reports</OpenLink>
          </span>
        }
      />
      <StatCard
        label="Active disputes"
        value={formatNumber(data.activeDisputes)}
        icon={Scale}
        testId="stat-active-disputes"
        hint={
          <span className="flex flex-col gap-1">
            {`${plural(data.accounts.total, { one: 'account', other: 'accounts' })} on file, ${formatNumber(data.accounts.disputed)} marked disputed`}
            <OpenLink href="/consumer/disputes">Disputes</OpenLink>
          </span>
        }
      />
      <StatCard
        label="Privacy status"
        value={privacy.frozenAt ? 'Frozen' : 'Not frozen'}
        icon={ShieldAlert}
        testId="stat-privacy"
        tone={privacy.frozenAt ? 'warning' : 'default'}
        hint={
          <span className="flex flex-col gap-1">
            {privacy.frozenAt ? `Since ${formatDate(privacy.frozenAt)}` : 'Lenders may check your file with your consent'}
            {` · Fraud alert ${privacy.fraudAlert ? 'on' : 'off'} · ${plural(privacy.activeConsents, { one: 'active consent', other: 'active consents' })}`}
            <OpenLink href="/consumer/privacy">Privacy Controls</OpenLink>
          </span>
        }
      />
    </div>
  );
}

/** The spec's quick actions besides the report ones (which sit with the report list). */
export function QuickActions() {
  return (
    <SectionCard title="Quick actions" contentClassName="grid gap-2">
      <Button asChild variant="outline">
        <Link href="/consumer/disputes">
          <Scale aria-hidden />
          Dispute an entry
        </Link>
      </Button>
      <Button asChild variant="outline">
        <Link href="/consumer/privacy">
          <Lock aria-hidden />
          Freeze or unfreeze
        </Link>
      </Button>
      <Button asChild variant="outline">
        <Link href="/consumer/access-log">
          <FileText aria-hidden />
          Who looked at my file
        </Link>
      </Button>
    </SectionCard>
  );
}

/** Searches and reports by businesses, newest first. */
export function RecentActivity({ data }: { data: TConsumerDashboard }) {
  return (
    <SectionCard title="Recent activity on your file" description="Searches and reports by businesses, and what they did with your file">
      {data.recentActivity.length === 0 ? (
        <p className="text-sm text-muted-foreground">No business has looked at your file yet.</p>
      ) : (
        <ul className="divide-y">
          {data.recentActivity.map((entry, i) => (
            <li key={`${entry.at}-${i}`} className="flex flex-col gap-0.5 py-2 text-sm sm:flex-row sm:items-center sm:justify-between">
              <span className="min-w-0 break-words">
                <span className="font-medium">{entry.businessName}</span> · {entry.description}
                {entry.purposeName ? <span className="text-muted-foreground"> ({entry.purposeName})</span> : null}
              </span>
              <span className="shrink-0 text-muted-foreground">{formatDateTime(entry.at)}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3">
        <OpenLink href="/consumer/access-log">Data Access Log</OpenLink>
      </div>
    </SectionCard>
  );
}
