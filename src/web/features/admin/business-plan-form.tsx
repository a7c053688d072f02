import { useState } from 'react';
import type { TAdminBusinessDetail } from '@shared/schemas/admin';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { CheckboxField } from '@web/components/ui/checkbox-field';
import { Field } from '@web/components/ui/field';
import { Input, NativeSelect } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { ErrorMessageAlert } from '@web/components/ui/query-error-alert';
import { fieldErrorMapOf } from '@web/lib/form-errors';
import { formatDate, plural } from '@shared/format';
import { useChangeBusinessPlan } from './api/businesses';
import { useAdminPlans } from './api/settings';
import { planLabel, subscriptionStatusLabel } from '@shared/labels';

type Errors = Partial<Record<'planCode' | 'nextBillingDate' | 'monthlyQuota' | 'note' | 'form', string>>;

/**
 * The business's plan, and the administrator's way to change it outside card payment: Enterprise by
 * agreement, or a plan paid by bank transfer or mobile money (PUT /api/admin/businesses/:id/plan).
 */
export function BusinessPlanSection({ business }: { business: TAdminBusinessDetail }) {
  const plans = useAdminPlans();
  const [isEditing, setIsEditing] = useState(false);
  const [planCode, setPlanCode] = useState(business.planCode);
  const [nextBillingDate, setNextBillingDate] = useState('');
  const [isOpenEnded, setIsOpenEnded] = useState(false);
  const [quota, setQuota] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const chosen = plans.data?.plans.find((p) => p.code === planCode);
  const isFree = chosen?.isFree ?? false;

  const save = useChangeBusinessPlan(business.id, {
    successToast: (r) => r.message,
    onSuccess: () => {
      setIsEditing(false);
      setNote('');
      setErrors({});
    },
  });
  const submit = () =>
    save.mutate(
      {
        planCode,
        ...(isFree ? {} : isOpenEnded ? { nextBillingDate: null } : nextBillingDate ? { nextBillingDate } : {}),
        ...(quota.trim() === '' ? {} : { monthlyQuota: Number(quota) }),
        note,
      },
      { onError: (error) => setErrors(fieldErrorMapOf(error)) },
    );

  return (
    <section aria-labelledby="business-plan" className="space-y-3 border-t pt-4 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 id="business-plan" className="font-semibold">
            Plan and quota
          </h3>
          <p className="text-muted-foreground">
            {planLabel(business.planCode)} ({subscriptionStatusLabel(business.subscriptionStatus).toLowerCase()}) ·{' '}
            {plural(business.monthlyQuota, { one: 'report', other: 'reports' })} a month
            {business.contractedQuota === null ? '' : ' (contracted)'}
            {business.nextBillingDate
              ? ` · until ${formatDate(business.nextBillingDate)}`
              : business.subscriptionStatus === 'active'
                ? ' · no end date'
                : ''}
          </p>
        </div>
        {isEditing ? null : (
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              setPlanCode(business.planCode);
              setQuota(business.contractedQuota === null ? '' : String(business.contractedQuota));
              setIsEditing(true);
            }}
          >
            Change plan
          </Button>
        )}
      </div>
      {isEditing ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="plan-code" label="Plan" error={errors.planCode}>
            <NativeSelect value={planCode} onChange={(e) => setPlanCode(e.target.value)}>
              {(plans.data?.plans ?? []).map((p) => (
                <option key={p.code} value={p.code}>
                  {p.name} ({p.monthlyInquiryQuota} reports a month)
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id="plan-quota-contracted" label="Contracted reports a month" hint="Empty: the plan's quota" error={errors.monthlyQuota}>
            <Input type="number" min={0} value={quota} onChange={(e) => setQuota(e.target.value)} />
          </Field>
          {isFree ? null : (
            <div className="grid content-start gap-2">
              <Field id="plan-until" label="Paid or agreed until" hint="Empty: one month from today" error={errors.nextBillingDate}>
                <Input type="date" value={nextBillingDate} disabled={isOpenEnded} onChange={(e) => setNextBillingDate(e.target.value)} />
              </Field>
              <CheckboxField
                id="plan-open-ended"
                label="No end date (until an administrator changes it)"
                checked={isOpenEnded}
                onCheckedChange={setIsOpenEnded}
              />
            </div>
          )}
          <Field id="plan-note" label="Reason (agreement or payment reference)" error={errors.note} className="sm:col-span-2">
            <Textarea
              value={note}
              onChange={(e) => {
                setNote(e.target.value);
                setErrors((current) => ({ ...current, note: undefined }));
              }}
              rows={2}
            />
          </Field>
          <Alert variant="info" className="sm:col-span-2">
            <AlertDescription>
              {isFree
                ? 'On a free plan the subscription is inactive and has no period; API keys stop working if the business leaves Enterprise.'
                : 'The business is active on this plan at once. No card is charged and no invoice is issued here: record where the payment or agreement is.'}
            </AlertDescription>
          </Alert>
          <ErrorMessageAlert message={errors.form} className="sm:col-span-2" />
          <div className="flex gap-2 sm:col-span-2">
            <Button onClick={submit} disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save plan'}
            </Button>
            <Button variant="ghost" onClick={() => setIsEditing(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
