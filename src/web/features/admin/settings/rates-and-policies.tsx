import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { ZAdminSettingsUpdateSchema, type TAdminSettingsUpdate } from '@shared/schemas/admin';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { SectionCard } from '@web/components/ui/section-card';
import { Skeleton } from '@web/components/ui/skeleton';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { useAdminSettings, useSaveAdminSettings } from '../api/settings';

/** Rates and policies: the exchange rate, dispute deadline, retention and sign-in lockout. */
export function RatesAndPolicies() {
  const settings = useAdminSettings();
  const form = useForm<TAdminSettingsUpdate>({ resolver: zodResolver(ZAdminSettingsUpdateSchema) });
  useEffect(() => {
    if (settings.data) form.reset(settings.data);
  }, [settings.data, form]);
  const save = useSaveAdminSettings({ successToast: 'Settings saved' });
  const e = form.formState.errors;
  if (!settings.data) return <Skeleton className="h-48" />;
  return (
    <SectionCard
      title="Rates and policies"
      description="Used at once by prices in Leones, dispute deadlines, how long records are kept and sign-in lockout."
    >
      <form
        className="grid gap-4 sm:grid-cols-2"
        noValidate
        onSubmit={form.handleSubmit((values) => save.mutate(values, { onError: (error) => applyServerFieldErrors(form, error) }))}
      >
        <Field
          id="rate"
          label="Exchange rate (SLE per 1 USD)"
          error={e.exchangeRateSlePerUsd?.message}
          hint="New Leones; 1 SLE = 1,000 old SLL"
        >
          <Input inputMode="decimal" {...form.register('exchangeRateSlePerUsd')} />
        </Field>
        <Field
          id="deadline"
          label="Dispute answer deadline (days)"
          error={e.disputeDeadlineDays?.message}
          hint="For disputes filed from now on"
        >
          <Input type="number" {...form.register('disputeDeadlineDays')} />
        </Field>
        <Field id="retention" label="Retention of negative records (years)" error={e.retentionYears?.message}>
          <Input type="number" {...form.register('retentionYears')} />
        </Field>
        <Field id="lockout-threshold" label="Failed sign-ins before lockout" error={e.loginLockoutThreshold?.message}>
          <Input type="number" {...form.register('loginLockoutThreshold')} />
        </Field>
        <Field id="lockout-minutes" label="Lockout length (minutes)" error={e.loginLockoutMinutes?.message}>
          <Input type="number" {...form.register('loginLockoutMinutes')} />
        </Field>
        <div className="flex items-end">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save settings'}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
