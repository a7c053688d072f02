import { Building2, FileSearch, KeyRound, Settings, ShieldAlert, UserPlus, Users } from 'lucide-react';
import { ActivityCard, QuickLinksCard, StatGrid, StatGridSkeleton, type QuickLink } from '@web/components/oversight/dashboard-parts';
import { QueryErrorCard } from '@web/components/ui/query-error-alert';
import { formatDateTime, formatNumber, plural } from '@shared/format';
import { useSession } from '@web/lib/session';
import { useOverview } from './api/overview';
import { PageHeader } from '@web/components/layout/page-header';
import { StatCard } from '@web/components/ui/stat-card';

const MANAGEMENT_LINKS: QuickLink[] = [
  { href: '/admin/users', label: 'Verify businesses', icon: Building2 },
  { href: '/admin/users?tab=accounts', label: 'Manage accounts', icon: Users },
  { href: '/admin/users?tab=invitations', label: 'Invite staff', icon: UserPlus },
  { href: '/admin/compliance?tab=reviews', label: 'Review matches', icon: FileSearch },
  { href: '/admin/security', label: 'Security incidents', icon: ShieldAlert },
  { href: '/admin/settings', label: 'Plans and settings', icon: Settings },
  { href: '/admin/compliance', label: 'Search and verify the audit log', icon: KeyRound, isWide: true },
];

/** System Overview: the bureau's figures from the database, what waits for an administrator, recent actions. */
export default function AdminDashboardPage() {
  const overview = useOverview();
  const { session } = useSession();
  const o = overview.data;
  const name = session?.role === 'system_admin' ? session.profile.fullName : '';
  return (
    <div className="space-y-6">
      <PageHeader
        role="system_admin"
        title="System Overview"
        description={name ? `Welcome, ${name}. Figures below are read from the bureau's database now.` : undefined}
      />
      <QueryErrorCard query={overview} />
      {overview.error ? null : !o ? (
        <StatGridSkeleton />
      ) : (
        <>
          <section aria-labelledby="waiting" className="space-y-3">
            <h2 id="waiting" className="text-lg font-semibold">
              Waiting for you
            </h2>
            <StatGrid>
              <StatCard
                label="Businesses to verify"
                value={formatNumber(o.businesses.pending)}
                hint={`${o.businesses.pendingWithDocuments} with documents uploaded`}
                tone={o.businesses.pendingWithDocuments > 0 ? 'warning' : 'default'}
              />
              <StatCard
                label="Open security incidents"
                value={formatNumber(o.security.openIncidents)}
                hint={`${o.security.failedSignInsLast24h} failed sign-ins, ${o.security.lockoutsLast24h} lockouts in 24 h`}
                tone={o.security.openIncidents > 0 ? 'danger' : 'good'}
              />
              <StatCard
                label="Matches to review"
                value={formatNumber(o.registry.openMatchReviews)}
                hint="Records the matcher would not link alone"
                tone={o.registry.openMatchReviews > 0 ? 'warning' : 'default'}
              />
              <StatCard label="Pending invitations" value={formatNumber(o.pendingInvitations)} hint="Administrators and regulators" />
            </StatGrid>
          </section>
          <section aria-labelledby="figures" className="space-y-3">
            <h2 id="figures" className="text-lg font-semibold">
              Users and registry
            </h2>
            <StatGrid>
              <StatCard
                label="Businesses"
                value={formatNumber(o.users.businesses)}
                hint={`${o.businesses.verified} verified, ${o.businesses.suspended} suspended, ${o.businesses.rejected} rejected`}
              />
              <StatCard
                label="Consumers"
                value={formatNumber(o.users.consumers)}
                hint={`All roles: ${o.users.disabled} accounts disabled, ${o.users.locked} locked`}
              />
              <StatCard
                label="People in the registry"
                value={formatNumber(o.registry.subjects)}
                hint={plural(o.registry.accounts, { one: 'account', other: 'accounts' })}
              />
              <StatCard
                label="Reports this month"
                value={formatNumber(o.registry.reportsThisMonth)}
                hint={`${plural(o.registry.searchesThisMonth, { one: 'search', other: 'searches' })}, ${plural(o.registry.filesThisMonth, { one: 'monthly file', other: 'monthly files' })}`}
              />
              <StatCard
                label="Audit events"
                value={formatNumber(o.audit.events)}
                hint={`${o.audit.unsealed} awaiting their seal; last seal ${formatDateTime(o.audit.lastSealedAt)}`}
              />
              <StatCard
                label="Staff"
                value={formatNumber(o.users.administrators + o.users.regulators)}
                hint={`${plural(o.users.administrators, { one: 'administrator', other: 'administrators' })}, ${plural(o.users.regulators, { one: 'regulator', other: 'regulators' })}`}
              />
            </StatGrid>
          </section>
        </>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <QuickLinksCard title="Management" links={MANAGEMENT_LINKS} />
        <ActivityCard title="Recent activity" entries={o?.recentActivity} emptyText="No administrative actions yet." showTarget />
      </div>
    </div>
  );
}
