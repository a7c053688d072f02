import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatNumber, plural, pluralWord } from '@shared/format';
import { usePortfolioScores } from './api/analytics';
import { ScoreDistributionChart } from './charts';
import { BandBadge } from './parts';
import { QueryErrorCard } from '@web/components/ui/query-error-alert';

export function ChartCard({
  title,
  description,
  children,
  isLoading,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  isLoading?: boolean;
}) {
  // min-w-0: a grid item otherwise keeps the width its chart once measured, and a narrower screen scrolls sideways.
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>
          <h2>{title}</h2>
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{isLoading ? <Skeleton className="h-64" /> : children}</CardContent>
    </Card>
  );
}

/** The business's score distribution: a histogram coloured by band, and the counts behind it. */
export function PortfolioScoresCard() {
  const scores = usePortfolioScores();
  const d = scores.data;
  return (
    <ChartCard
      title="Score distribution of your clients"
      isLoading={scores.isPending}
      description={
        d
          ? `${formatNumber(d.scored)} of ${plural(d.considered, { one: 'client', other: 'clients' })} scored${d.considered < d.clients ? ` (a sample of your ${formatNumber(d.clients)})` : ''} by scorecard version ${d.modelVersion}; ${formatNumber(d.noScore)} with too little history ${pluralWord(d.noScore, { one: 'has', other: 'have' })} no score (never a low one).`
          : undefined
      }
    >
      {scores.isError ? (
        <QueryErrorCard query={scores} />
      ) : d ? (
        <div className="space-y-3">
          <ScoreDistributionChart data={d} />
          <ul className="flex flex-wrap gap-3 text-sm">
            {d.bands.map((b) => (
              <li key={b.band} className="flex items-center gap-1.5">
                <BandBadge band={b.band} /> {formatNumber(b.count)} (from {b.minScore})
              </li>
            ))}
            {d.average !== null ? <li className="text-muted-foreground">Average {d.average}</li> : null}
          </ul>
        </div>
      ) : null}
    </ChartCard>
  );
}
