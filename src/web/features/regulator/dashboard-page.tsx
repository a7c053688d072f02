import { BarChart3, FileDown, FolderSearch, ShieldAlert } from 'lucide-react';
import { ActivityCard, QuickLinksCard, StatGrid, StatGridSkeleton, type QuickLink } from '@web/components/oversight/dashboard-parts';
import { QueryErrorCard } from '@web/components/ui/query-error-alert';
import { formatDateTime, formatNumber, plural } from '@shared/format';
import { useSession } from '@web/lib/session';
import { useRegulatorOverview } from './api/overview';
import { PageHeader } from '@web/components/layout/page-header';
import { StatCard } from '@web/components/ui/stat-card';

const MONITORING_LINKS: QuickLink[] = [
  { href: '/regulator/compliance', label: 'Compliance per lender', icon: BarChart3 },
  { href: '/regulator/audits', label: 'Audit reports', icon: FileDown },
  { href: '/regulator/investigations', label: 'Complaints and investigations', icon: FolderSearch },
  { href: '/regulator/incidents', label: 'Incident reports', icon: ShieldAlert },
];

/** Regulatory Overview: compliance across lenders, registry size, open cases, recent oversight activity. */
export default function RegulatorDashboardPage() {
  const overview = useRegulatorOverview();
  const { session } = useSession();
  const o = overview.data;
  const name = session?.role === 'regulator' ? session.profile.fullName : '';
  const score = o?.averageComplianceScore;
  return (
    <div className="space-y-6">
      <PageHeader
        role="regulator"
        title="Regulatory Overview"
        description={name ? `Welcome, ${name}. Compliance is computed over the last 90 days from the registry's own records.` : undefined}
      />
      <QueryErrorCard query={overview} />
      {overview.error ? null : !o ? (
        <StatGridSkeleton />
      ) : (
        <StatGrid>
          <StatCard
            label="Average compliance score"
            value={score === null || score === undefined ? '—' : `${score}/100`}
            hint="Across verified lenders"
            tone={score === null || score === undefined ? 'default' : score >= 85 ? 'good' : score >= 60 ? 'warning' : 'danger'}
          />
          <StatCard
            label="Lenders with compliance issues"
            value={formatNumber(o.complianceIssues)}
            tone={o.complianceIssues > 0 ? 'warning' : 'good'}
          />
          <StatCard
            label="Overdue disputes"
            value={formatNumber(o.overdueDisputes)}
            hint="Unanswered past the deadline"
            tone={o.overdueDisputes > 0 ? 'danger' : 'good'}
          />
          <StatCard label="Active businesses" value={formatNumber(o.activeBusinesses)} hint="Verified lenders" />
          <StatCard
            label="Consumer records"
            value={formatNumber(o.consumerRecords)}
            hint={`${plural(o.registeredConsumers, { one: 'consumer', other: 'consumers' })} registered to see their file`}
          />
          <StatCard label="Reports in 30 days" value={formatNumber(o.reportsLast30Days)} />
          <StatCard label="Open complaints and investigations" value={`${o.openComplaints} / ${o.openInvestigations}`} />
          <StatCard
            label="Unresolved security incidents"
            value={formatNumber(o.openIncidents)}
            hint={`Audit log: ${plural(o.auditLog.events, { one: 'event', other: 'events' })}, last sealed ${formatDateTime(o.auditLog.lastSealedAt)}`}
          />
        </StatGrid>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <QuickLinksCard title="Monitoring and analytics" links={MONITORING_LINKS} />
        <ActivityCard title="Regulatory activity" entries={o?.recentActivity} emptyText="No oversight activity yet." />
      </div>
    </div>
  );
}
