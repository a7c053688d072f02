import { Minus, TrendingDown, TrendingUp } from 'lucide-react';
import { formatDate } from '@shared/format';
import type { TConsumerDashboard } from '@shared/schemas/consumer';
import { SCORE_MAX, SCORE_MIN, SCORE_UNAVAILABLE } from '@shared/scoring';
import { ScoreGauge } from '@web/components/credit/score-gauge';
import { SectionCard } from '@web/components/ui/section-card';

/** What would help a thin file, by the reason it has no score. */
const THIN_FILE_HELP: Record<keyof typeof SCORE_UNAVAILABLE, string> = {
  INSUFFICIENT_HISTORY:
    'A score needs an account at least 6 months old. Keep your loans, bills and mobile money paid on time: once an account is 6 months old, your score appears here.',
  NO_RECENT_REPORT:
    'A score needs an account a lender reported in the last 12 months. When a lender, a utility or a mobile money provider reports an account you hold, your score appears here.',
};

function thinFileHelp(reasonText: string | null): string {
  const code = (Object.keys(SCORE_UNAVAILABLE) as (keyof typeof SCORE_UNAVAILABLE)[]).find((c) => SCORE_UNAVAILABLE[c] === reasonText);
  return THIN_FILE_HELP[code ?? 'INSUFFICIENT_HISTORY'];
}

/** The centrepiece: the score on the lender's gauge, its change, or a thin file said plainly. */
export function ScoreOverview({ data }: { data: TConsumerDashboard }) {
  const trend = data.scoreTrend;
  const TrendIcon = !trend || trend.change === 0 ? Minus : trend.change > 0 ? TrendingUp : TrendingDown;
  if (!data.score)
    return (
      <SectionCard title="Your credit score" description="What lenders see when they check your file">
        <div className="space-y-3" data-testid="thin-file">
          <p className="text-2xl font-semibold">No score yet</p>
          <p className="text-sm">
            There is not enough on your file to compute a score: {data.scoreUnavailable ?? SCORE_UNAVAILABLE.INSUFFICIENT_HISTORY}. A
            missing record never counts against you.
          </p>
          <div className="rounded-md bg-muted p-3 text-sm">
            <p className="font-medium">What would help</p>
            <p className="mt-1 text-muted-foreground">{thinFileHelp(data.scoreUnavailable)}</p>
          </div>
        </div>
      </SectionCard>
    );
  return (
    <SectionCard title="Your credit score" description={`On a scale of ${SCORE_MIN} to ${SCORE_MAX}, as lenders see it today`}>
      <div className="space-y-3">
        <ScoreGauge value={data.score.value} band={data.score.band} />
        <p className="flex items-center justify-center gap-1.5 text-center text-sm text-muted-foreground" data-testid="score-change">
          <TrendIcon className="size-4 shrink-0" aria-hidden />
          {trend
            ? `${trend.change > 0 ? 'Up' : 'Down'} ${Math.abs(trend.change)} since ${formatDate(trend.since)}, when it was ${trend.previous}`
            : 'No change since your first score'}
        </p>
      </div>
    </SectionCard>
  );
}
