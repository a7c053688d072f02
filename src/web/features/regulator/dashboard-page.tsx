import { Activity, BarChart3, FileDown, FolderSearch, ShieldAlert } from 'lucide-react';
import { Link } from 'wouter';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { actionLabel, formatDateTime, formatNumber } from '@web/components/oversight/format';
import { PageHeader, SectionTitle, StatCard } from '@web/components/oversight/page-header';
import { useSession } from '@web/lib/session';
import { REGULATOR_ENVIRONMENT, useRegulatorOverview } from './regulator-api';

/** Regulatory Overview: compliance across lenders, registry size, open cases, recent oversight activity. */
export default function RegulatorDashboardPage() {
  const overview = useRegulatorOverview();
  const { session } = useSession();
  const o = overview.data;
  const name = session?.role === 'regulator' ? session.profile.fullName : '';
  const score = o?.averageComplianceScore;
  return (
    <div className="space-y-6">
      <PageHeader environment={REGULATOR_ENVIRONMENT} title="Regulatory Overview" description={name ? `Welcome, ${name}. Compliance is computed over the last 90 days from the registry's own records.` : undefined} />
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
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <StatCard label="Average compliance score" value={score === null || score === undefined ? '—' : `${score}/100`} hint="Across verified lenders" tone={score === null || score === undefined ? 'default' : score >= 85 ? 'good' : score >= 60 ? 'warning' : 'danger'} />
          <StatCard label="Lenders with compliance issues" value={formatNumber(o.complianceIssues)} tone={o.complianceIssues > 0 ? 'warning' : 'good'} />
          <StatCard label="Overdue disputes" value={formatNumber(o.overdueDisputes)} hint="Unanswered past the deadline" tone={o.overdueDisputes > 0 ? 'danger' : 'good'} />
          <StatCard label="Active businesses" value={formatNumber(o.activeBusinesses)} hint="Verified lenders" />
          <StatCard label="Consumer records" value={formatNumber(o.consumerRecords)} hint={`${formatNumber(o.registeredConsumers)} consumers registered to see their file`} />
          <StatCard label="Reports in 30 days" value={formatNumber(o.reportsLast30Days)} />
          <StatCard label="Open complaints and investigations" value={`${o.openComplaints} / ${o.openInvestigations}`} />
          <StatCard label="Unresolved security incidents" value={formatNumber(o.openIncidents)} hint={`Audit log: ${formatNumber(o.auditLog.events)} events, last sealed ${formatDateTime(o.auditLog.lastSealedAt)}`} />
        </div>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>
              <SectionTitle>Monitoring and analytics</SectionTitle>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2 sm:grid-cols-2">
            <Button asChild variant="outline" className="justify-start">
              <Link href="/regulator/compliance">
                <BarChart3 aria-hidden />
                Compliance per lender
              </Link>
            </Button>
            <Button asChild variant="outline" className="justify-start">
              <Link href="/regulator/audits">
                <FileDown aria-hidden />
                Audit reports
              </Link>
            </Button>
            <Button asChild variant="outline" className="justify-start">
              <Link href="/regulator/investigations">
                <FolderSearch aria-hidden />
                Complaints and investigations
              </Link>
            </Button>
            <Button asChild variant="outline" className="justify-start">
              <Link href="/regulator/incidents">
                <ShieldAlert aria-hidden />
                Incident reports
              </Link>
            </Button>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>
              <SectionTitle>Regulatory activity</SectionTitle>
            </CardTitle>
          </CardHeader>
          <CardContent>
            {o && o.recentActivity.length > 0 ? (
              <ol className="space-y-3">
                {o.recentActivity.map((e) => (
                  <li key={e.id} className="flex gap-3 text-sm">
                    <Activity className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                    <div>
                      <p className="font-medium">{actionLabel(e.action)}</p>
                      <p className="text-xs text-muted-foreground">
                        {formatDateTime(e.occurredAt)} · {e.actorRole ?? 'system'}
                      </p>
                    </div>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="text-sm text-muted-foreground">{o ? 'No oversight activity yet.' : 'Loading...'}</p>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
