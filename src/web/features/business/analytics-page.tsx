import { AlertTriangle, FileText, Gauge, Search, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { ANALYTICS_DAY_CHOICES } from '@shared/schemas/business';
import { Button } from '@web/components/ui/button';
import { formatNumber, formatPercent, plural } from '@shared/format';
import { useAnalytics } from './api/analytics';
import { ChartCard, PortfolioScoresCard } from './chart-cards';
import { DelinquencyChart, InquiriesChart, PortfolioChart } from './charts';
import { SegmentedControl } from './parts';
import { PageHeader } from '@web/components/layout/page-header';
import { StatCard } from '@web/components/ui/stat-card';
import { QueryErrorCard } from '@web/components/ui/query-error-alert';

export default function AnalyticsPage() {
  const [days, setDays] = useState<number>(30);
  const analytics = useAnalytics(days);
  const d = analytics.data;
  const totals = d
    ? d.inquiriesPerDay.reduce((s, x) => ({ searches: s.searches + x.searches, reports: s.reports + x.reports }), {
        searches: 0,
        reports: 0,
      })
    : null;

  return (
    <div className="space-y-6">
      <PageHeader
        role="business"
        title="Analytics"
        description="Your inquiries, your portfolio and how it pays, from the records you searched and reported."
        actions={
          <Button asChild variant="outline">
            <Link href="/credit-scoring">
              <Gauge aria-hidden />
              How scores work
            </Link>
          </Button>
        }
      />
      {analytics.isError ? <QueryErrorCard query={analytics} title="Analytics could not be loaded" /> : null}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          icon={Search}
          label={`Searches, last ${days} days`}
          value={totals ? formatNumber(totals.searches) : ''}
          isLoading={analytics.isPending}
        />
        <StatCard
          icon={FileText}
          label={`Reports, last ${days} days`}
          value={totals ? formatNumber(totals.reports) : ''}
          isLoading={analytics.isPending}
        />
        <StatCard
          icon={Users}
          label="Active clients"
          value={d ? formatNumber(d.totals.clients) : ''}
          isLoading={analytics.isPending}
          hint={
            d ? `${formatNumber(d.totals.openAccounts)} open of ${plural(d.totals.accounts, { one: 'account', other: 'accounts' })}` : null
          }
        />
        <StatCard
          icon={AlertTriangle}
          label="Accounts in default"
          value={d ? formatNumber(d.totals.accountsInDefault) : ''}
          isLoading={analytics.isPending}
          hint={d && d.totals.accounts > 0 ? `${formatPercent(d.totals.accountsInDefault / d.totals.accounts, 1)} of your accounts` : null}
        />
      </div>

      <div className="grid gap-6 xl:grid-cols-2">
        <ChartCard
          title="Inquiries per day"
          isLoading={analytics.isPending}
          description={
            <SegmentedControl
              label="Period"
              value={String(days)}
              onChange={(v) => setDays(Number(v))}
              options={ANALYTICS_DAY_CHOICES.map((n) => ({ value: String(n), label: `${n} days` }))}
            />
          }
        >
          {d ? <InquiriesChart data={d.inquiriesPerDay} /> : null}
        </ChartCard>
        <ChartCard title="Portfolio by status" description="Your accounts by their last reported status." isLoading={analytics.isPending}>
          {d ? (
            d.portfolioByStatus.length ? (
              <PortfolioChart data={d.portfolioByStatus} />
            ) : (
              <p className="text-sm text-muted-foreground">No accounts reported yet.</p>
            )
          ) : null}
        </ChartCard>
        <ChartCard
          title="Delinquency over time"
          description="Share of your accounts reported 30 days or more late, or in default, month by month (24 months)."
          isLoading={analytics.isPending}
        >
          {d ? (
            d.delinquencyByMonth.length ? (
              <DelinquencyChart data={d.delinquencyByMonth} />
            ) : (
              <p className="text-sm text-muted-foreground">No payment history reported yet.</p>
            )
          ) : null}
        </ChartCard>
        <PortfolioScoresCard />
      </div>
    </div>
  );
}
