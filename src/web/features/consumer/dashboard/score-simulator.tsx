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
import { useT } from '@web/lib/i18n';
import { useScoreSimulation } from '../api/dashboard';
import { bandLabel } from '../band-text';

const PAY_DOWN_CHOICES = [0, 25, 50, 75, 100];

function Estimate({ result }: { result: TScoreSimulation }) {
  const { t } = useT('dashboard');
  const { current, estimated, change } = result;
  return (
    <div className="space-y-2 rounded-md border bg-muted/40 p-4" data-testid="simulation-result">
      <p className="text-sm font-medium text-muted-foreground">{t('simulator.estimateOnly')}</p>
      <p className="flex flex-wrap items-center gap-2">
        <span className="text-3xl font-bold tabular-nums" data-testid="estimated-score">
          {estimated.value}
        </span>
        <BandBadge band={estimated.band} label={bandLabel(t, estimated.band)} />
      </p>
      <p className="text-sm">
        {change === 0
          ? t('simulator.same', { current: current.value })
          : t(change > 0 ? 'simulator.up' : 'simulator.down', { change: Math.abs(change), current: current.value })}
      </p>
      {result.appliedChanges.length ? (
        <ul className="list-disc space-y-0.5 pl-5 text-sm text-muted-foreground">
          {result.appliedChanges.map((change) => (
            <li key={change.code}>
              {t(`simulator.applied.${change.code}`, {
                count: change.count,
                percent: change.percent === undefined ? undefined : formatPercent(change.percent),
              })}
            </li>
          ))}
        </ul>
      ) : null}
      {/* The answer's `note` is this sentence's English (SIMULATION_NOTE): said here in the reader's language. */}
      <p className="text-xs text-muted-foreground">{t('simulator.note')}</p>
    </div>
  );
}

/** "What if…": the three changes a person can try, estimated with the scorecard lenders see. */
export function ScoreSimulator() {
  const { t } = useT('dashboard');
  const simulation = useScoreSimulation();
  const [bringUpToDate, setBringUpToDate] = useState(false);
  const [payDown, setPayDown] = useState(0);
  const [openNew, setOpenNew] = useState(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    simulation.mutate({ bringLateAccountsUpToDate: bringUpToDate, payDownBalancePercent: payDown, openNewAccount: openNew });
  };
  return (
    <SectionCard title={t('simulator.title')} description={t('simulator.description')} contentClassName="grid gap-4 md:grid-cols-2">
      <form onSubmit={onSubmit} className="space-y-4" aria-label={t('simulator.formLabel')}>
        <CheckboxField id="sim-up-to-date" label={t('simulator.upToDate')} checked={bringUpToDate} onCheckedChange={setBringUpToDate} />
        <Field id="sim-pay-down" label={t('simulator.payDown')}>
          <NativeSelect value={payDown} onChange={(e) => setPayDown(Number(e.target.value))}>
            {PAY_DOWN_CHOICES.map((p) => (
              <option key={p} value={p}>
                {p === 0 ? t('simulator.nothing') : formatPercent(p / 100)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <CheckboxField id="sim-new-account" label={t('simulator.newAccount')} checked={openNew} onCheckedChange={setOpenNew} />
        <Button type="submit" disabled={simulation.isPending}>
          <Calculator aria-hidden />
          {simulation.isPending ? t('simulator.estimating') : t('simulator.estimate')}
        </Button>
      </form>
      <div aria-live="polite">
        {simulation.data ? <Estimate result={simulation.data} /> : null}
        {simulation.error ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessageOf(simulation.error, t('simulator.failed'))}
          </p>
        ) : null}
        {!simulation.data && !simulation.error ? <p className="text-sm text-muted-foreground">{t('simulator.choose')}</p> : null}
      </div>
    </SectionCard>
  );
}
