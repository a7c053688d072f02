import { AlertTriangle, RefreshCw } from 'lucide-react';
import { DRIFT_MIN_PEOPLE, DRIFT_STATUS_LABELS, type TDriftRun, type TDriftStatus } from '@shared/score-drift';
import { formatDateTime, formatDecimal, formatPercent, plural } from '@shared/format';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { QueryResult } from '@web/components/ui/query-result';
import { SectionCard } from '@web/components/ui/section-card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { useRunScoreDrift, useScoreDrift } from '@web/lib/score-drift';

const STATUS_VARIANT = { stable: 'success', watch: 'warning', drifted: 'destructive' } as const;

/** A status in words; none when there is no figure, or too few people to judge one (DRIFT_MIN_PEOPLE). */
function DriftStatus({ status, psi }: { status: TDriftStatus | null; psi: number | null }) {
  if (!status) return <span className="text-muted-foreground">{psi === null ? 'No figure' : 'Too few people to judge'}</span>;
  return <Badge variant={STATUS_VARIANT[status]}>{DRIFT_STATUS_LABELS[status]}</Badge>;
}

const psiText = (psi: number | null) => (psi === null ? 'No figure' : formatDecimal(psi, 3));
const triggerText = (run: TDriftRun) => (run.trigger === 'scheduled' ? 'the monthly check' : 'run on request');

function LatestRun({ run }: { run: TDriftRun }) {
  const drifted = run.features.filter((f) => f.status === 'drifted');
  return (
    <div className="space-y-4">
      {run.isAlert ? (
        <Alert variant="destructive">
          <AlertTriangle aria-hidden />
          <AlertTitle>Drifted, review the model</AlertTitle>
          <AlertDescription>
            {run.scoreStatus === 'drifted' ? 'The scores' : null}
            {run.scoreStatus === 'drifted' && drifted.length > 0 ? ' and ' : null}
            {drifted.length > 0 ? plural(drifted.length, { one: 'feature', other: 'features' }) : null} moved more than 0.25 from the sample
            the model was fitted on. Check whether the model still ranks people well before relying on it.
          </AlertDescription>
        </Alert>
      ) : null}
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted-foreground">Checked</dt>
          <dd>
            {formatDateTime(run.ranAt, { withZone: true })} ({triggerText(run)})
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Model</dt>
          <dd>Scorecard {run.modelVersion}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">People scored</dt>
          <dd>
            {run.people === 0
              ? 'No one yet'
              : `${plural(run.people, { one: 'person', other: 'people' })} (${plural(run.fittedPeople, { one: 'person', other: 'people' })} scored by the fit)`}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Score stability index</dt>
          <dd className="flex flex-wrap items-center gap-2">
            {run.scorePsi === null ? (
              'No figure'
            ) : (
              <>
                {psiText(run.scorePsi)} <DriftStatus status={run.scoreStatus} psi={run.scorePsi} />
              </>
            )}
          </dd>
        </div>
      </dl>
      {run.people === 0 ? (
        <p className="text-sm text-muted-foreground">
          No one had been scored with this model when the check ran: a score is stored each time a report is pulled, and the check compares
          those.
        </p>
      ) : (
        <Table caption="Stability index of each feature">
          <TableHeader>
            <TableRow>
              <TableHead>Feature</TableHead>
              <TableHead className="text-right">Index</TableHead>
              <TableHead>Status</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {run.features.map((f) => (
              <TableRow key={f.key}>
                <TableCell className="min-w-40 whitespace-normal">{f.title}</TableCell>
                <TableCell className="text-right tabular-nums">{psiText(f.psi)}</TableCell>
                <TableCell>
                  <DriftStatus status={f.status} psi={f.psi} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {run.challenger && run.challenger.bandAgreement !== null && run.challenger.meanAbsoluteDifference !== null ? (
        <p className="text-sm">
          <span className="font-medium">Challenger model</span> (a plain logistic regression kept beside the live scorecard, never shown to
          lenders): on the same {plural(run.challenger.people, { one: 'person', other: 'people' })} it gives the same band{' '}
          {formatPercent(run.challenger.bandAgreement, 1)} of the time, and its scores differ by{' '}
          {formatDecimal(run.challenger.meanAbsoluteDifference, 1)} points on average.
        </p>
      ) : null}
    </div>
  );
}

/**
 * Score drift for administrators and the regulator: how far the people scored now have moved from
 * the sample the live model was fitted on (population stability index), checked once a month.
 */
export function ScoreDriftSection() {
  const drift = useScoreDrift();
  const run = useRunScoreDrift({ successToast: 'Score drift checked', errorToast: 'That did not work' });
  return (
    <SectionCard
      title="Score drift"
      description={`How far the people scored now have moved from the sample the live model was fitted on, checked once a month. Below 0.10 is stable; from 0.10 to 0.25, watch it; above 0.25, review the model. Fewer than ${DRIFT_MIN_PEOPLE} people are too few to judge.`}
    >
      <Button variant="outline" className="mb-4" onClick={() => run.mutate()} disabled={run.isPending}>
        <RefreshCw aria-hidden />
        {run.isPending ? 'Checking...' : 'Check now'}
      </Button>
      <QueryResult query={drift} isEmpty={(d) => d.runs.length === 0} empty="The drift check has not run yet.">
        {(data) => (
          <div className="space-y-4">
            <LatestRun run={data.runs[0]} />
            {data.runs.length > 1 ? (
              <section aria-labelledby="drift-earlier" className="space-y-2">
                <h3 id="drift-earlier" className="text-sm font-semibold">
                  Earlier checks
                </h3>
                <ul className="divide-y text-sm">
                  {data.runs.slice(1, 12).map((r) => (
                    <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                      <span>
                        {formatDateTime(r.ranAt)}: {plural(r.people, { one: 'person', other: 'people' })}, score index {psiText(r.scorePsi)}
                      </span>
                      <DriftStatus status={r.isAlert ? 'drifted' : r.scoreStatus} psi={r.scorePsi} />
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            <p className="text-xs text-muted-foreground">
              {data.population} {data.caveat}
            </p>
          </div>
        )}
      </QueryResult>
    </SectionCard>
  );
}
