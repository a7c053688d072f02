import { Minus, TrendingDown, TrendingUp } from 'lucide-react';
import { formatDate } from '@shared/format';
import type { TConsumerDashboard } from '@shared/schemas/consumer';
import { SCORE_MAX, SCORE_MIN, SCORE_UNAVAILABLE } from '@shared/scoring';
import { ScoreGauge } from '@web/components/credit/score-gauge';
import { SectionCard } from '@web/components/ui/section-card';
import { useT } from '@web/lib/i18n';
import { gaugeText } from '../band-text';

/** The code of the reason a thin file has no score (the server sends its English text). */
function unavailableCode(reasonText: string | null): keyof typeof SCORE_UNAVAILABLE | null {
  return (Object.keys(SCORE_UNAVAILABLE) as (keyof typeof SCORE_UNAVAILABLE)[]).find((c) => SCORE_UNAVAILABLE[c] === reasonText) ?? null;
}

/** The centrepiece: the score on the lender's gauge, its change, or a thin file said plainly. */
export function ScoreOverview({ data }: { data: TConsumerDashboard }) {
  const { t } = useT('dashboard');
  const trend = data.scoreTrend;
  const TrendIcon = !trend || trend.change === 0 ? Minus : trend.change > 0 ? TrendingUp : TrendingDown;
  if (!data.score) {
    const code = unavailableCode(data.scoreUnavailable);
    // A reason this build does not know is shown as the server sent it.
    const reason = code || !data.scoreUnavailable ? t(`overview.unavailable.${code ?? 'INSUFFICIENT_HISTORY'}`) : data.scoreUnavailable;
    return (
      <SectionCard title={t('overview.title')} description={t('overview.thinDescription')}>
        <div className="space-y-3" data-testid="thin-file">
          <p className="text-2xl font-semibold">{t('overview.noScore')}</p>
          <p className="text-sm">{t('overview.notEnough', { reason })}</p>
          <div className="rounded-md bg-muted p-3 text-sm">
            <p className="font-medium">{t('overview.wouldHelp')}</p>
            <p className="mt-1 text-muted-foreground">{t(`overview.help.${code ?? 'INSUFFICIENT_HISTORY'}`)}</p>
          </div>
        </div>
      </SectionCard>
    );
  }
  return (
    <SectionCard title={t('overview.title')} description={t('overview.description', { min: SCORE_MIN, max: SCORE_MAX })}>
      <div className="space-y-3">
        <ScoreGauge value={data.score.value} band={data.score.band} text={gaugeText(t, data.score.value, data.score.band)} />
        <p className="flex items-center justify-center gap-1.5 text-center text-sm text-muted-foreground" data-testid="score-change">
          <TrendIcon className="size-4 shrink-0" aria-hidden />
          {trend
            ? t(trend.change > 0 ? 'overview.up' : 'overview.down', {
                change: Math.abs(trend.change),
                since: formatDate(trend.since),
                previous: trend.previous,
              })
            : t('overview.noChange')}
        </p>
      </div>
    </SectionCard>
  );
}
