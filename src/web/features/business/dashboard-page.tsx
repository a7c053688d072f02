import { Activity, BarChart3, CreditCard, FileUp, Gavel, Search, ShieldCheck, UserX, Users } from 'lucide-react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { QueryErrorCard } from '@web/components/ui/query-error-alert';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatDate, formatNumber, formatDateTime, plural, pluralWord } from '@shared/format';
import { useSession } from '@web/lib/session';
import { loadVerificationChecklist } from '@web/features/business-documents';
import { useDashboard, useHealth } from './api/dashboard';
import { BandBadge } from './parts';
import { PageHeader } from '@web/components/layout/page-header';
import { StatCard } from '@web/components/ui/stat-card';
import { databaseEngineLabel, subscriptionBadgeLabel, verificationLabel } from '@shared/labels';

// A business not yet verified sees its steps: paid, documents uploaded, verified.
const VerificationChecklist = lazy(loadVerificationChecklist);

function daysUntil(iso: string): number {
  return Math.ceil((new Date(iso).getTime() - Date.now()) / 86_400_000);
}

function SearchBox() {
  const [, navigate] = useLocation();
  const [term, setTerm] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(term.trim() ? `/business/search?q=${encodeURIComponent(term.trim())}` : '/business/search');
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Search Credit History</h2>
        </CardTitle>
        <CardDescription>A National ID, a phone number, or a name: the search page opens with it.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-2 sm:flex-row" onSubmit={submit} role="search" aria-label="Search Credit History">
          <Label htmlFor="dashboard-search" className="sr-only">
            National ID, phone or name
          </Label>
          <Input
            id="dashboard-search"
            value={term}
            onChange={(e) => setTerm(e.target.value)}
            placeholder="National ID, +232 XX XXX XXXX, or a name"
            autoComplete="off"
          />
          <Button type="submit">
            <Search aria-hidden />
            Search Credit History
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

const QUICK_ACTIONS = [
  { label: 'Report a Defaulter', description: 'Report an account in default', href: '/business/reports', icon: UserX },
  { label: 'Submit Dispute', description: 'Answer your customers’ disputes', href: '/business/disputes', icon: Gavel },
  { label: 'View Analytics', description: 'Inquiries, portfolio and scores', href: '/business/analytics', icon: BarChart3 },
  { label: 'Manage Clients', description: 'The accounts you reported', href: '/business/reports?tab=clients', icon: Users },
] as const;

function SystemStatus() {
  const health = useHealth();
  const isOk = health.data?.status === 'ok';
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2">
            <Activity className="size-5" aria-hidden />
            System status
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-2 text-sm" data-testid="system-status">
        {health.isPending ? (
          <Skeleton className="h-10" />
        ) : (
          <>
            <p className="flex items-center gap-2">
              <span className={isOk ? 'size-2.5 rounded-full bg-emerald-500' : 'size-2.5 rounded-full bg-red-500'} aria-hidden />
              <span className="font-medium">{isOk ? 'All systems operational' : 'Service degraded'}</span>
            </p>
            <p className="text-muted-foreground">
              Credit registry API {isOk ? 'online' : 'unavailable'}; database{' '}
              {health.data ? databaseEngineLabel(health.data.database).toLowerCase() : 'unreachable'}. Checked{' '}
              {formatDateTime(new Date(), { withZone: true })}.
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}

export default function BusinessDashboardPage() {
  const { session } = useSession();
  const dashboard = useDashboard();
  const d = dashboard.data;
  const name = session?.role === 'business' ? session.profile.businessName : '';
  const nextBillingDate = session?.role === 'business' ? session.profile.nextBillingDate : null;
  const isLoading = dashboard.isPending;

  const header = <PageHeader role="business" title="Dashboard" description={name ? `Welcome, ${name}.` : undefined} />;
  // A dashboard that could not be read says so once, with Retry: no blank figures or system status beside it.
  if (dashboard.isError)
    return (
      <div className="space-y-6">
        {header}
        <QueryErrorCard query={dashboard} title="The dashboard could not be loaded" />
      </div>
    );

  return (
    <div className="space-y-6">
      {header}

      {d ? (
        <Card>
          <CardContent className="flex flex-wrap items-center gap-3 p-4 text-sm">
            <CreditCard className="size-5 text-muted-foreground" aria-hidden />
            <span>
              <span className="font-medium">{d.usage.planName}</span> plan
              {nextBillingDate ? <span className="text-muted-foreground"> · next billing {formatDate(nextBillingDate)}</span> : null}
            </span>
            <Badge variant={d.usage.subscriptionStatus === 'active' ? 'success' : 'warning'}>
              {subscriptionBadgeLabel(d.usage.subscriptionStatus)}
            </Badge>
            <Badge variant={d.usage.verificationStatus === 'verified' ? 'success' : 'secondary'}>
              {verificationLabel(d.usage.verificationStatus)}
            </Badge>
            <Button asChild size="sm" variant="outline" className="ml-auto">
              <Link href="/subscribe">Manage subscription</Link>
            </Button>
          </CardContent>
        </Card>
      ) : null}

      {d && !d.usage.canInquire && d.usage.verificationStatus !== 'verified' ? (
        <Suspense fallback={<Skeleton className="h-40" />}>
          <VerificationChecklist isSubscriptionActive={d.usage.subscriptionStatus === 'active'} />
        </Suspense>
      ) : d && !d.usage.canInquire ? (
        <Alert variant="warning" role="status">
          <ShieldCheck aria-hidden />
          <AlertTitle>Subscription not active</AlertTitle>
          <AlertDescription>
            Renew your subscription to search and pull reports.{' '}
            <Link href="/subscribe" className="font-medium underline">
              Subscription
            </Link>
          </AlertDescription>
        </Alert>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          icon={Search}
          label="Credit checks this month"
          value={d ? `${d.usage.used} / ${d.usage.monthlyQuota}` : ''}
          isLoading={isLoading}
          testId="stat-checks"
          hint={
            d ? (
              <>
                <span className="font-medium text-foreground">{formatNumber(d.usage.remaining)}</span>{' '}
                {pluralWord(d.usage.remaining, { one: 'report', other: 'reports' })} left · {formatNumber(d.usage.searchesThisMonth)}{' '}
                searches
                <span className="mt-2 block h-2 overflow-hidden rounded-full bg-muted" aria-hidden>
                  <span
                    className="block h-full bg-primary"
                    style={{ width: `${d.usage.monthlyQuota ? Math.min(100, (d.usage.used / d.usage.monthlyQuota) * 100) : 0}%` }}
                  />
                </span>
              </>
            ) : null
          }
        />
        <StatCard
          icon={FileUp}
          label="Reports submitted this month"
          value={d ? formatNumber(d.reporting.accountsReportedThisMonth) : ''}
          isLoading={isLoading}
          testId="stat-reports"
          hint={
            d ? (
              <>
                {plural(d.reporting.defaultersReportedThisMonth, { one: 'defaulter', other: 'defaulters' })} ·{' '}
                {plural(d.reporting.filesThisMonth, { one: 'monthly file', other: 'monthly files' })} ·{' '}
                {plural(d.reporting.accountsOnFile, { one: 'account', other: 'accounts' })} on file
              </>
            ) : null
          }
        />
        <StatCard
          icon={Gavel}
          label="Open disputes"
          value={d ? formatNumber(d.disputes.open) : ''}
          isLoading={isLoading}
          testId="stat-disputes"
          hint={
            d ? (
              d.disputes.nearestDueAt ? (
                <>
                  Next deadline {formatDate(d.disputes.nearestDueAt)} (
                  {daysUntil(d.disputes.nearestDueAt) >= 0
                    ? `${plural(daysUntil(d.disputes.nearestDueAt), { one: 'day', other: 'days' })} left`
                    : 'overdue'}
                  )
                  {d.disputes.overdue > 0 ? (
                    <Badge variant="destructive" className="ml-1">
                      {d.disputes.overdue} overdue
                    </Badge>
                  ) : null}
                </>
              ) : (
                'No dispute waiting for an answer'
              )
            ) : null
          }
        />
        <StatCard
          icon={Users}
          label="Active clients"
          value={d ? formatNumber(d.activeClients) : ''}
          isLoading={isLoading}
          testId="stat-clients"
          hint="People with an open account you reported"
        />
      </div>

      <SearchBox />

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>
              <h2>Recent searches</h2>
            </CardTitle>
            <CardDescription>Your latest searches and reports; a report is rated by the score it showed.</CardDescription>
          </CardHeader>
          <CardContent>
            {isLoading ? (
              <Skeleton className="h-40" />
            ) : !d || d.recentInquiries.length === 0 ? (
              <p className="text-sm text-muted-foreground">No searches yet this year. Search a customer to see them here.</p>
            ) : (
              <ul className="divide-y" data-testid="recent-searches">
                {d.recentInquiries.map((q) => (
                  <li key={q.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
                    <div className="min-w-0">
                      <p className="font-medium [overflow-wrap:anywhere]">
                        {q.kind === 'report' ? q.subjectName : `Search: ${q.searchedFor ?? 'terms withheld'}`}
                      </p>
                      <p className="text-xs text-muted-foreground">
                        {formatDateTime(q.createdAt)} · {q.purposeName} · {q.madeBy}
                        {q.kind === 'search' ? ` · ${q.resultCount} found` : ''}
                      </p>
                    </div>
                    <div className="flex items-center gap-2">
                      {q.kind === 'search' ? (
                        <Badge variant="outline">Search</Badge>
                      ) : q.isScoreRecorded ? (
                        <BandBadge band={q.band} score={q.score} />
                      ) : (
                        <Badge variant="outline">Report</Badge>
                      )}
                      {q.reportId ? (
                        <Button asChild size="sm" variant="ghost">
                          <Link
                            href={`/business/search?report=${q.reportId}`}
                            aria-label={`Open the report of ${q.subjectName ?? 'this person'}`}
                          >
                            Open
                          </Link>
                        </Button>
                      ) : null}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>

        <div className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Quick actions</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <nav aria-label="Quick actions" className="grid gap-2">
                {QUICK_ACTIONS.map((action) => (
                  <Link
                    key={action.label}
                    href={action.href}
                    className="flex items-center gap-3 rounded-lg border p-3 transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <action.icon className="size-5 text-primary" aria-hidden />
                    <span>
                      <span className="block text-sm font-medium">{action.label}</span>
                      <span className="block text-xs text-muted-foreground">{action.description}</span>
                    </span>
                  </Link>
                ))}
              </nav>
            </CardContent>
          </Card>
          <SystemStatus />
        </div>
      </div>
    </div>
  );
}
