import { DRIFT_STATUS_LABELS, type TDriftSummary } from '@shared/score-drift';
import type { TModelValidation } from '@shared/scoring';
import { formatDecimal, formatPercent, formatShortDate, plural } from '@shared/format';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';

const DRIFT_VARIANT = { stable: 'success', watch: 'warning', drifted: 'destructive' } as const;

/** The two figures a lender should read first: the holdout of the fitted population, and a year later. */
const SHOWN = [
  { population: 'not_in_default_at_observation', sample: 'holdout', title: 'On people it was not fitted on' },
  { population: 'out_of_time', sample: 'everyone', title: 'A year later (out of time)' },
] as const;

function Figures({ figures, title }: { figures: TModelValidation; title: string }) {
  return (
    <div className="space-y-2">
      <h3 className="font-medium">{title}</h3>
      <p className="text-xs text-muted-foreground">
        {figures.description}: {plural(figures.people, { one: 'person', other: 'people' })}, {formatPercent(figures.badRate, 1)} of whom
        went 90 days late or defaulted within 12 months.
      </p>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        {(
          [
            ['AUC', formatDecimal(figures.auc, 3), 'chance a repayer outscores a defaulter'],
            ['KS', formatDecimal(figures.ks, 3), 'largest gap between the two groups'],
            ['Gini', formatDecimal(figures.gini, 3), '2 × AUC − 1'],
          ] as const
        ).map(([label, value, hint]) => (
          <div key={label} className="rounded-lg border p-2">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="text-lg font-bold tabular-nums">{value}</dd>
            <dd className="text-xs text-muted-foreground">{hint}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function Drift({ drift }: { drift: TDriftSummary | null }) {
  if (!drift)
    return (
      <p className="text-sm text-muted-foreground">
        Drift: no monthly check has run yet. It compares the people scored now with the sample the model was fitted on.
      </p>
    );
  return (
    <div className="space-y-1 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span>Drift, checked {formatShortDate(drift.ranAt)}:</span>
        {drift.status ? <Badge variant={DRIFT_VARIANT[drift.status]}>{DRIFT_STATUS_LABELS[drift.status]}</Badge> : 'no one scored yet'}
      </p>
      <p className="text-xs text-muted-foreground">{drift.population}</p>
    </div>
  );
}

/**
 * How well the model ranks, each figure with the people it was measured on, and the latest drift
 * check (GET /api/scoring/model). The holdout's stability against the training half is not shown:
 * two halves of one date cannot show drift.
 */
export function ModelFiguresCard({ validation, drift }: { validation: TModelValidation[]; drift: TDriftSummary | null }) {
  const shown = SHOWN.flatMap((s) => {
    const figures = validation.find((v) => v.population === s.population && v.sample === s.sample);
    return figures ? [{ ...s, figures }] : [];
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>How well it ranks</h2>
        </CardTitle>
        <CardDescription>Measured on generated data, not on real people.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {shown.length > 0 ? (
          shown.map((s) => <Figures key={s.population} figures={s.figures} title={s.title} />)
        ) : (
          <p className="text-sm text-muted-foreground">No validation figures for this model.</p>
        )}
        <Drift drift={drift} />
      </CardContent>
    </Card>
  );
}
