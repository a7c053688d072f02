import type { TCreditReport } from '@shared/schemas/credit';
import { formatDateTime } from '@shared/format';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { bandVariant } from '../score-band';

/** The score with its band and what affects it most. */
export function ScoreSection({ report }: { report: TCreditReport }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Your credit score</h2>
        </CardTitle>
        <CardDescription>Computed from your file as of {formatDateTime(report.generatedAt)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-[auto_1fr]">
        {report.score ? (
          <>
            <div>
              <p className="text-5xl font-bold tabular-nums">{report.score.value}</p>
              <Badge className="mt-2" variant={bandVariant(report.score.band)}>
                {report.score.band}
              </Badge>
              <p className="mt-2 text-xs text-muted-foreground">On a scale of 300 to 850</p>
            </div>
            <div>
              <h3 className="font-medium">What affects your score most</h3>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
                {report.score.reasons.map((reason) => (
                  <li key={reason.code}>{reason.text}</li>
                ))}
              </ul>
            </div>
          </>
        ) : (
          <div className="md:col-span-2">
            <p className="text-2xl font-semibold">No score</p>
            <p className="text-sm text-muted-foreground">
              There is not enough on your file to compute a score ({report.scoreUnavailable?.text ?? 'insufficient credit history'}). A
              missing record never counts against you.
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** The score over time: the dashboard's chart (one point per day, the axis framing the points), one chart for both pages. */
export { ScoreTrend as ScoreHistoryChart } from '../dashboard/score-trend';
