import { ArrowRight, Download, FileText, Gauge, Lock, Minus, RefreshCw, Scale, ShieldAlert, TrendingDown, TrendingUp } from 'lucide-react';
import { Link } from 'wouter';
import type { TConsumerDashboard } from '@shared/schemas/consumer';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { PageLoading } from '@web/components/ui/page-loading';
import { formatDate, formatDateTime, plural, formatNumber } from '@shared/format';
import { useSession } from '@web/lib/session';
import { useDashboard } from './api/dashboard';
import { useIdentity } from './api/identity';
import { REPORT_PDF_URL, useRequestNewReport } from './api/reports';
import { ConfirmIdentity, NoFileYet } from './identity-gate';
import { PageHeader } from '@web/components/layout/page-header';
import { bandVariant } from './score-band';

function ScoreCard({ data }: { data: TConsumerDashboard }) {
  const trend = data.scoreTrend;
  const TrendIcon = !trend || trend.change === 0 ? Minus : trend.change > 0 ? TrendingUp : TrendingDown;
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4 space-y-0">
        <div className="space-y-1.5">
          <CardTitle>
            <h2>Credit score</h2>
          </CardTitle>
          <CardDescription>300 to 850, from your file as lenders report it</CardDescription>
        </div>
        <Gauge className="size-5 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent className="space-y-2">
        {data.score ? (
          <>
            <div className="flex items-baseline gap-3">
              <span className="text-4xl font-bold tabular-nums" data-testid="score-value">
                {data.score.value}
              </span>
              <Badge variant={bandVariant(data.score.band)}>{data.score.band}</Badge>
            </div>
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <TrendIcon className="size-4" aria-hidden />
              {trend
                ? `${trend.change > 0 ? '+' : ''}${trend.change} since ${formatDate(trend.since)} (was ${trend.previous})`
                : 'No change recorded yet'}
            </p>
          </>
        ) : (
          <>
            <p className="text-2xl font-semibold">No score</p>
            <p className="text-sm text-muted-foreground">
              Not enough on your file yet ({data.scoreUnavailable}). A missing record never counts against you.
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function StatCard({
  title,
  value,
  detail,
  icon: Icon,
  href,
}: {
  title: string;
  value: string;
  detail: string;
  icon: typeof FileText;
  href: string;
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4 space-y-0 pb-2">
        <CardTitle>
          <h2 className="text-base">{title}</h2>
        </CardTitle>
        <Icon className="size-5 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent className="space-y-1">
        <p className="text-3xl font-bold tabular-nums" data-testid={`stat-${title.toLowerCase().replace(/\s+/g, '-')}`}>
          {value}
        </p>
        <p className="text-sm text-muted-foreground">{detail}</p>
        <Link href={href} className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
          Open <span className="sr-only">{title}</span>
          <ArrowRight className="size-3.5" aria-hidden />
        </Link>
      </CardContent>
    </Card>
  );
}

function QuickActions() {
  const request = useRequestNewReport();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Quick actions</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 sm:grid-cols-2">
        <Button onClick={() => request.mutate()} disabled={request.isPending}>
          <RefreshCw className={request.isPending ? 'animate-spin' : ''} aria-hidden />
          Request New Report
        </Button>
        <Button asChild variant="outline">
          <a href={REPORT_PDF_URL} download>
            <Download aria-hidden />
            Download PDF
          </a>
        </Button>
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
      </CardContent>
    </Card>
  );
}

function PrivacyCard({ data }: { data: TConsumerDashboard }) {
  const privacy = data.privacy;
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4 space-y-0">
        <CardTitle>
          <h2>Privacy status</h2>
        </CardTitle>
        <ShieldAlert className="size-5 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent>
        <ul className="space-y-2 text-sm">
          <li className="flex items-center justify-between gap-2">
            <span>File</span>
            <Badge variant={privacy.frozenAt ? 'warning' : 'success'}>
              {privacy.frozenAt ? `Frozen since ${formatDate(privacy.frozenAt)}` : 'Not frozen'}
            </Badge>
          </li>
          <li className="flex items-center justify-between gap-2">
            <span>Fraud alert</span>
            <Badge variant={privacy.fraudAlert ? 'warning' : 'secondary'}>{privacy.fraudAlert ? 'On' : 'Off'}</Badge>
          </li>
          <li className="flex items-center justify-between gap-2">
            <span>Active consents</span>
            <Badge variant="outline">{privacy.activeConsents}</Badge>
          </li>
        </ul>
        <Link href="/consumer/privacy" className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
          Privacy Controls <ArrowRight className="size-3.5" aria-hidden />
        </Link>
      </CardContent>
    </Card>
  );
}

function RecentActivity({ data }: { data: TConsumerDashboard }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Recent activity on your file</h2>
        </CardTitle>
        <CardDescription>Searches and reports by businesses, and what they did with your file</CardDescription>
      </CardHeader>
      <CardContent>
        {data.recentActivity.length === 0 ? (
          <p className="text-sm text-muted-foreground">No business has looked at your file yet.</p>
        ) : (
          <ul className="divide-y">
            {data.recentActivity.map((entry, i) => (
              <li key={`${entry.at}-${i}`} className="flex flex-col gap-0.5 py-2 text-sm sm:flex-row sm:items-center sm:justify-between">
                <span>
                  <span className="font-medium">{entry.businessName}</span> · {entry.description}
                  {entry.purposeName ? <span className="text-muted-foreground"> ({entry.purposeName})</span> : null}
                </span>
                <span className="text-muted-foreground">{formatDateTime(entry.at)}</span>
              </li>
            ))}
          </ul>
        )}
        <Link href="/consumer/access-log" className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
          Data Access Log <ArrowRight className="size-3.5" aria-hidden />
        </Link>
      </CardContent>
    </Card>
  );
}

/** My Profile: every figure read from the person's own records. */
export default function ConsumerDashboardPage() {
  const { session } = useSession();
  const dashboard = useDashboard();
  const identity = useIdentity();
  const name = session?.role === 'consumer' ? session.profile.firstName : '';
  const header = (
    <PageHeader role="consumer" title="My Profile" description={name ? `Welcome, ${name}. Your credit file, free of charge.` : undefined} />
  );
  if (dashboard.isPending || identity.isPending) return <PageLoading label="Loading your profile…" />;
  if (dashboard.isError)
    return (
      <div className="space-y-6">
        {header}
        <p role="alert">{dashboard.error.message}</p>
      </div>
    );
  const data = dashboard.data;
  return (
    <div className="space-y-6">
      {header}
      {data.state === 'no_file' ? <NoFileYet /> : null}
      {data.state !== 'verified' && data.state !== 'no_file' && identity.data ? <ConfirmIdentity status={identity.data} /> : null}
      {data.state === 'verified' ? (
        <>
          <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-4">
            <ScoreCard data={data} />
            <StatCard
              title="Reports"
              value={String(data.reportsGenerated)}
              detail={data.lastReportAt ? `Last generated ${formatDate(data.lastReportAt)}` : 'None generated yet'}
              icon={FileText}
              href="/consumer/reports"
            />
            <StatCard
              title="Active disputes"
              value={String(data.activeDisputes)}
              detail={`${plural(data.accounts.total, { one: 'account', other: 'accounts' })} on file, ${formatNumber(data.accounts.disputed)} marked disputed`}
              icon={Scale}
              href="/consumer/disputes"
            />
            <PrivacyCard data={data} />
          </div>
          <div className="grid gap-4 lg:grid-cols-3">
            <div className="lg:col-span-2">
              <RecentActivity data={data} />
            </div>
            <QuickActions />
          </div>
        </>
      ) : null}
    </div>
  );
}
