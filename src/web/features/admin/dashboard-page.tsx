import { Activity, Building2, FileSearch, KeyRound, Settings, ShieldAlert, UserPlus, Users } from 'lucide-react';
import { Link } from 'wouter';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { actionLabel, formatDateTime, formatNumber } from '@web/components/oversight/format';
import { PageHeader, SectionTitle, StatCard } from '@web/components/oversight/page-header';
import { useSession } from '@web/lib/session';
import { useOverview } from './admin-api';

export const ADMIN_ENVIRONMENT = 'Administrative Control Centre';

/** System Overview: the bureau's figures from the database, what waits for an administrator, recent actions. */
export default function AdminDashboardPage() {
  const overview = useOverview();
  const { session } = useSession();
  const o = overview.data;
  const name = session?.role === 'system_admin' ? session.profile.fullName : '';
  return (
    <div className="space-y-6">
      <PageHeader environment={ADMIN_ENVIRONMENT} title="System Overview" description={name ? `Welcome, ${name}. Figures below are read from the bureau's database now.` : undefined} />
      {overview.isError ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{overview.error.message}</AlertDescription>
        </Alert>
      ) : null}
      {!o ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
      ) : (
        <>
          <section aria-labelledby="waiting" className="space-y-3">
            <h2 id="waiting" className="text-lg font-semibold">
              Waiting for you
            </h2>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <StatCard label="Businesses to verify" value={formatNumber(o.businesses.pending)} hint={`${o.businesses.pendingWithDocuments} with documents uploaded`} tone={o.businesses.pendingWithDocuments > 0 ? 'warning' : 'default'} />
              <StatCard label="Open security incidents" value={formatNumber(o.security.openIncidents)} hint={`${o.security.failedSignInsLast24h} failed sign-ins, ${o.security.lockoutsLast24h} lockouts in 24 h`} tone={o.security.openIncidents > 0 ? 'danger' : 'good'} />
              <StatCard label="Matches to review" value={formatNumber(o.registry.openMatchReviews)} hint="Records the matcher would not link alone" tone={o.registry.openMatchReviews > 0 ? 'warning' : 'default'} />
              <StatCard label="Pending invitations" value={formatNumber(o.pendingInvitations)} hint="Administrators and regulators" />
            </div>
          </section>
          <section aria-labelledby="figures" className="space-y-3">
            <h2 id="figures" className="text-lg font-semibold">
              Users and registry
            </h2>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <StatCard label="Businesses" value={formatNumber(o.users.businesses)} hint={`${o.businesses.verified} verified, ${o.businesses.suspended} suspended, ${o.businesses.rejected} rejected`} />
              <StatCard label="Consumers" value={formatNumber(o.users.consumers)} hint={`All roles: ${o.users.disabled} accounts disabled, ${o.users.locked} locked`} />
              <StatCard label="People in the registry" value={formatNumber(o.registry.subjects)} hint={`${formatNumber(o.registry.accounts)} accounts`} />
              <StatCard label="Reports this month" value={formatNumber(o.registry.reportsThisMonth)} hint={`${formatNumber(o.registry.searchesThisMonth)} searches, ${o.registry.filesThisMonth} monthly files`} />
              <StatCard label="Audit events" value={formatNumber(o.audit.events)} hint={`${o.audit.unsealed} awaiting their seal; last seal ${formatDateTime(o.audit.lastSealedAt)}`} />
              <StatCard label="Staff" value={formatNumber(o.users.administrators + o.users.regulators)} hint={`${o.users.administrators} administrators, ${o.users.regulators} regulators`} />
            </div>
          </section>
        </>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>
              <SectionTitle>Management</SectionTitle>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2 sm:grid-cols-2">
            <Button asChild variant="outline" className="justify-start">
              <Link href="/admin/users">
                <Building2 aria-hidden />
                Verify businesses
              </Link>
            </Button>
            <Button asChild variant="outline" className="justify-start">
              <Link href="/admin/users?tab=accounts">
                <Users aria-hidden />
                Manage accounts
              </Link>
            </Button>
            <Button asChild variant="outline" className="justify-start">
              <Link href="/admin/users?tab=invitations">
                <UserPlus aria-hidden />
                Invite staff
              </Link>
            </Button>
            <Button asChild variant="outline" className="justify-start">
              <Link href="/admin/compliance?tab=reviews">
                <FileSearch aria-hidden />
                Review matches
              </Link>
            </Button>
            <Button asChild variant="outline" className="justify-start">
              <Link href="/admin/security">
                <ShieldAlert aria-hidden />
                Security incidents
              </Link>
            </Button>
            <Button asChild variant="outline" className="justify-start">
              <Link href="/admin/settings">
                <Settings aria-hidden />
                Plans and settings
              </Link>
            </Button>
            <Button asChild variant="outline" className="justify-start sm:col-span-2">
              <Link href="/admin/compliance">
                <KeyRound aria-hidden />
                Search and verify the audit log
              </Link>
            </Button>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>
              <SectionTitle>Recent activity</SectionTitle>
            </CardTitle>
          </CardHeader>
          <CardContent>
            {o && o.recentActivity.length > 0 ? (
              <ol className="space-y-3">
                {o.recentActivity.map((e) => (
                  <li key={e.id} className="flex gap-3 text-sm">
                    <Activity className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                    <div className="min-w-0">
                      <p className="font-medium">{actionLabel(e.action)}</p>
                      <p className="text-xs text-muted-foreground">
                        {formatDateTime(e.occurredAt)} · {e.actorRole ?? 'system'}
                        {e.targetType ? ` · ${e.targetType}` : ''}
                      </p>
                    </div>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="text-sm text-muted-foreground">{o ? 'No administrative actions yet.' : 'Loading...'}</p>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
