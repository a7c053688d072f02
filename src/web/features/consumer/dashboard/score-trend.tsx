import { formatNumber } from '@shared/format';
import { QueryResult } from '@web/components/ui/query-result';
import { SectionCard } from '@web/components/ui/section-card';
import { useT } from '@web/lib/i18n';
import { useScoreHistory } from '../api/reports';
import { trendDomain, trendPoints, type TTrendPoint } from './score-trend-points';
import { TrendLine } from './trend-line';

function TrendChart({ points }: { points: TTrendPoint[] }) {
  const { t } = useT('dashboard');
  const first = points[0];
  const last = points[points.length - 1];
  const change = last.score - first.score;
  return (
    <figure className="text-muted-foreground" data-testid="score-trend-chart">
      <TrendLine points={points} domain={trendDomain(points)} />
      <figcaption className="mt-2 text-sm">
        {t('trend.from', { first: first.score, firstDate: first.date, last: last.score, lastDate: last.date })}
        {change === 0 ? t('trend.noChangeOverall') : t(change > 0 ? 'trend.upPoints' : 'trend.downPoints', { change: Math.abs(change) })}.
      </figcaption>
      <div className="sr-only">
        <table>
          <caption>{t('trend.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('trend.day')}</th>
              <th scope="col">{t('trend.score')}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.date}>
                <td>{p.date}</td>
                <td>{p.score}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** The score over time, from the person's stored scores (GET /api/consumers/me/scores): one point a day. */
export function ScoreTrend() {
  const { t } = useT('dashboard');
  const history = useScoreHistory(true);
  return (
    <SectionCard title={t('trend.title')} description={t('trend.description')}>
      <QueryResult query={history} skeletonClassName="h-56">
        {(data) => {
          const points = trendPoints(data.scores);
          if (points.length >= 2) return <TrendChart points={points} />;
          return (
            <p className="text-sm text-muted-foreground" data-testid="score-trend-sentence">
              {points.length === 1 ? t('trend.onDay', { date: points[0].date, score: points[0].score }) : t('trend.none')}{' '}
              {data.scores.length > 1 ? t('trend.kept', { count: data.scores.length, formatted: formatNumber(data.scores.length) }) : null}
            </p>
          );
        }}
      </QueryResult>
    </SectionCard>
  );
}
