import type { TCreditReport } from '@shared/schemas/credit';
import { formatDateTime } from '@shared/format';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { currentLanguage, useT } from '@web/lib/i18n';
import { reasonText } from '../dashboard/factor-grades';
import { bandLabel } from '../band-text';
import { bandVariant } from '../score-band';

/** The score with its band and what affects it most. */
export function ScoreSection({ report }: { report: TCreditReport }) {
  const { t } = useT(['reports', 'scoring', 'dashboard']);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t('score.title')}</h2>
        </CardTitle>
        <CardDescription>{t('score.computed', { date: formatDateTime(report.generatedAt) })}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-[auto_1fr]">
        {report.score ? (
          <>
            <div>
              <p className="text-5xl font-bold tabular-nums">{report.score.value}</p>
              <Badge className="mt-2" variant={bandVariant(report.score.band)}>
                {bandLabel(t, report.score.band)}
              </Badge>
              <p className="mt-2 text-xs text-muted-foreground">{t('score.scale')}</p>
            </div>
            <div>
              <h3 className="font-medium">{t('score.affects')}</h3>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
                {report.score.reasons.map((reason) => (
                  <li key={reason.code}>{reasonText(reason, t, currentLanguage())}</li>
                ))}
              </ul>
            </div>
          </>
        ) : (
          <div className="md:col-span-2">
            <p className="text-2xl font-semibold">{t('score.noScore')}</p>
            <p className="text-sm text-muted-foreground">
              {t('score.notEnough', {
                reason: report.scoreUnavailable
                  ? t(`dashboard:overview.unavailable.${report.scoreUnavailable.code}`, { defaultValue: report.scoreUnavailable.text })
                  : t('score.insufficient'),
              })}
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** The score over time: the dashboard's chart (one point per day, the axis framing the points), one chart for both pages. */
export { ScoreTrend as ScoreHistoryChart } from '../dashboard/score-trend';
