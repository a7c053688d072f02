import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TCreditReport } from '@shared/schemas/credit';
import { formatDate, formatDateTime } from '@shared/format';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useScoreHistory } from '../api/reports';
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

/** The score over time, from the stored scores. */
export function ScoreHistoryChart() {
  const history = useScoreHistory(true);
  const points = (history.data?.scores ?? [])
    .filter((s) => s.value !== null)
    .slice()
    .reverse()
    .map((s) => ({ date: formatDate(s.computedAt), score: s.value as number }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Your score over time</h2>
        </CardTitle>
        <CardDescription>Every score stored when your file was read, by you or by a lender</CardDescription>
      </CardHeader>
      <CardContent>
        {history.isPending ? (
          <p className="text-sm text-muted-foreground">Loading…</p>
        ) : points.length < 2 ? (
          <p className="text-sm text-muted-foreground">
            {points.length === 1 ? `One score so far: ${points[0].score}.` : 'No score stored yet.'} The chart fills in as your file
            changes.
          </p>
        ) : (
          <div className="h-56 w-full" role="img" aria-label={`Score history: ${points.map((p) => `${p.score} on ${p.date}`).join(', ')}`}>
            <ResponsiveContainer width="100%" height="100%">
              <LineChart data={points} margin={{ top: 8, right: 16, bottom: 0, left: -8 }}>
                <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
                <XAxis dataKey="date" tick={{ fontSize: 12 }} />
                <YAxis domain={[300, 850]} tick={{ fontSize: 12 }} />
                <Tooltip />
                <Line type="monotone" dataKey="score" stroke="var(--color-primary)" strokeWidth={2} dot />
              </LineChart>
            </ResponsiveContainer>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
