import type { TConsumerDashboard } from '@shared/schemas/consumer';
import { PageHeader } from '@web/components/layout/page-header';
import { PageLoading } from '@web/components/ui/page-loading';
import { QueryErrorCard } from '@web/components/ui/query-error-alert';
import { useT, withEnglish } from '@web/lib/i18n';
import { useSession } from '@web/lib/session';
import { useDashboard } from './api/dashboard';
import { useIdentity } from './api/identity';
import { FactorCards } from './dashboard/factor-cards';
import { ReportsCard } from './dashboard/reports-card';
import { ScoreOverview } from './dashboard/score-overview';
import { ScoreSimulator } from './dashboard/score-simulator';
import { ScoreTrend } from './dashboard/score-trend';
import { QuickActions, RecentActivity, SummaryCards } from './dashboard/summary-cards';
import { ConfirmIdentity, NoFileYet } from './identity-gate';
import dashboardEnglish from 'english-catalogue:dashboard';
import privacyEnglish from 'english-catalogue:privacy';
import reportsEnglish from 'english-catalogue:reports';
import scoringEnglish from 'english-catalogue:scoring';

// This page's English beyond the shell's, carried in this page's file (decisions/048).
withEnglish({ dashboard: dashboardEnglish, privacy: privacyEnglish, reports: reportsEnglish, scoring: scoringEnglish });

/** The verified person's dashboard: the score first, then what shapes it, what-if, reports and the rest. */
function VerifiedDashboard({ data }: { data: TConsumerDashboard }) {
  return (
    <>
      <div className="grid gap-4 lg:grid-cols-3">
        <ScoreOverview data={data} />
        <div className="min-w-0 lg:col-span-2">{data.score ? <ScoreTrend /> : <ReportsCard />}</div>
      </div>
      {data.score ? (
        <>
          <FactorCards reasons={data.score.reasons} />
          <div className="grid gap-4 lg:grid-cols-5">
            <div className="min-w-0 lg:col-span-3">
              <ScoreSimulator />
            </div>
            <div className="min-w-0 lg:col-span-2">
              <ReportsCard />
            </div>
          </div>
        </>
      ) : null}
      <SummaryCards data={data} />
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <RecentActivity data={data} />
        </div>
        <QuickActions />
      </div>
    </>
  );
}

/** My Profile: every figure read from the person's own records. */
export default function ConsumerDashboardPage() {
  const { t } = useT('dashboard');
  const { session } = useSession();
  const dashboard = useDashboard();
  const identity = useIdentity();
  const name = session?.role === 'consumer' ? session.profile.firstName : '';
  const header = <PageHeader role="consumer" title={t('title')} description={name ? t('welcome', { name }) : undefined} />;
  if (dashboard.isPending || identity.isPending) return <PageLoading label={t('loading')} />;
  if (dashboard.isError)
    return (
      <div className="space-y-6">
        {header}
        <QueryErrorCard query={dashboard} />
      </div>
    );
  const data = dashboard.data;
  return (
    <div className="space-y-6">
      {header}
      {data.state === 'no_file' ? <NoFileYet /> : null}
      {data.state !== 'verified' && data.state !== 'no_file' && identity.data ? <ConfirmIdentity status={identity.data} /> : null}
      {data.state === 'verified' ? <VerifiedDashboard data={data} /> : null}
    </div>
  );
}
