import { Calculator } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { formatPercent } from '@shared/format';
import type { TScoreSimulation } from '@shared/score-simulation';
import { BandBadge } from '@web/components/credit/band-badge';
import { Button } from '@web/components/ui/button';
import { CheckboxField } from '@web/components/ui/checkbox-field';
import { Field } from '@web/components/ui/field';
import { NativeSelect } from '@web/components/ui/input';
import { SectionCard } from '@web/components/ui/section-card';
import { errorMessageOf } from '@web/lib/form-errors';
import { useScoreSimulation } from '../api/dashboard';

const PAY_DOWN_CHOICES = [0, 25, 50, 75, 100];

function Estimate({ result }: { result: TScoreSimulation }) {
  const { current, estimated, change } = result;
  return (
    <div className="space-y-2 rounded-md border bg-muted/40 p-4" data-testid="simulation-result">
      <p className="text-sm font-medium text-muted-foreground">Estimate only, not your score</p>
      <p className="flex flex-wrap items-center gap-2">
        <span className="text-3xl font-bold tabular-nums" data-testid="estimated-score">
          {estimated.value}
        </span>
        <BandBadge band={estimated.band} />
      </p>
      <p className="text-sm">
        {change === 0
          ? `The same as your score today (${current.value}).`
          : `${change > 0 ? 'Up' : 'Down'} ${Math.abs(change)} from your score today (${current.value}).`}
      </p>
      {result.applied.length ? (
        <ul className="list-disc space-y-0.5 pl-5 text-sm text-muted-foreground">
          {result.applied.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      <p className="text-xs text-muted-foreground">{result.note}</p>
    </div>
  );
}

/** "What if…": the three changes a person can try, estimated with the scorecard lenders see. */
export function ScoreSimulator() {
  const simulation = useScoreSimulation();
  const [bringUpToDate, setBringUpToDate] = useState(false);
  const [payDown, setPayDown] = useState(0);
  const [openNew, setOpenNew] = useState(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    simulation.mutate({ bringLateAccountsUpToDate: bringUpToDate, payDownBalancePercent: payDown, openNewAccount: openNew });
  };
  return (
    <SectionCard
      title="What if…"
      description="Try a change and see an estimate of your score. Nothing is saved, no lender sees it and it is not a credit check."
      contentClassName="grid gap-4 md:grid-cols-2"
    >
      <form onSubmit={onSubmit} className="space-y-4" aria-label="What if">
        <CheckboxField
          id="sim-up-to-date"
          label="I bring my late accounts up to date"
          checked={bringUpToDate}
          onCheckedChange={setBringUpToDate}
        />
        <Field id="sim-pay-down" label="I pay down what I owe by">
          <NativeSelect value={payDown} onChange={(e) => setPayDown(Number(e.target.value))}>
            {PAY_DOWN_CHOICES.map((p) => (
              <option key={p} value={p}>
                {p === 0 ? 'Nothing' : formatPercent(p / 100)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <CheckboxField id="sim-new-account" label="A new account opens" checked={openNew} onCheckedChange={setOpenNew} />
        <Button type="submit" disabled={simulation.isPending}>
          <Calculator aria-hidden />
          {simulation.isPending ? 'Estimating…' : 'Estimate my score'}
        </Button>
      </form>
      <div aria-live="polite">
        {simulation.data ? <Estimate result={simulation.data} /> : null}
        {simulation.error ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessageOf(simulation.error, 'The estimate could not be made. Please try again.')}
          </p>
        ) : null}
        {!simulation.data && !simulation.error ? (
          <p className="text-sm text-muted-foreground">Choose one or more changes, then Estimate my score.</p>
        ) : null}
      </div>
    </SectionCard>
  );
}
