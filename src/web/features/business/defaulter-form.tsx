import { CheckCircle2, UserX } from 'lucide-react';
import { useEffect } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { ACCOUNT_STATUSES, ACCOUNT_TYPES, CURRENCIES, DEFAULTED_STATUSES, type TAccountStatus } from '@shared/credit-reference';
import { CREDIT_MESSAGES, ZCreditAccountReportSchema, type TCreditAccountReportInput } from '@shared/schemas/credit';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { NativeSelect } from '@web/components/ui/input';
import { isApiError } from '@web/lib/api';
import { refusalOf } from '@web/lib/form-errors';
import { toast } from '@web/lib/toast';
import { useReportAccount } from './api/accounts';
import { FormField } from '@web/components/ui/form-field';
import { SubjectFields } from './subject-fields';
import { EMPTY_SUBJECT_FORM, SUBJECT_MESSAGE_FIELDS, sharedSchemaResolver, withSubjectRules, type TSubjectForm } from './subject-form';

export interface TAccountForm {
  subject: TSubjectForm;
  account: {
    accountNumber: string;
    type: string;
    currency: string;
    principal: string;
    balance: string;
    openedAt: string;
    status: string;
    defaultAmount: string;
    defaultDate: string;
    paymentHistory: string;
  };
}

export const EMPTY_ACCOUNT_FORM: TAccountForm = {
  subject: EMPTY_SUBJECT_FORM,
  account: {
    accountNumber: '',
    type: 'personal_loan',
    currency: 'SLE',
    principal: '',
    balance: '',
    openedAt: '',
    status: 'default',
    defaultAmount: '',
    defaultDate: '',
    paymentHistory: '',
  },
};

/**
 * The registry's own schema judges the form (amounts in major units, as typed). The form also shows
 * the cross-field messages (at least one ID; a defaulter's amount and date) with the others at
 * once, worded as the schema words them.
 */
const resolver = sharedSchemaResolver<TAccountForm>(ZCreditAccountReportSchema, (resultErrors, values) => {
  const subject = withSubjectRules(resultErrors.subject, values.subject);
  const account = { ...((resultErrors.account ?? {}) as Record<string, unknown>) };
  const a = values.account;
  const add = (errors: Record<string, unknown>, field: string, message: string) => {
    if (!errors[field]) errors[field] = { type: 'custom', message };
  };
  if (DEFAULTED_STATUSES.includes(a.status as TAccountStatus)) {
    if (a.defaultAmount.trim() === '') add(account, 'defaultAmount', CREDIT_MESSAGES.defaultAmount);
    if (a.defaultDate.trim() === '') add(account, 'defaultDate', CREDIT_MESSAGES.defaultDate);
  }
  return {
    ...resultErrors,
    ...(Object.keys(subject).length ? { subject } : {}),
    ...(Object.keys(account).length ? { account } : {}),
  };
});

const MESSAGE_FIELDS = new Set<string>([...SUBJECT_MESSAGE_FIELDS, ...Object.keys(EMPTY_ACCOUNT_FORM.account).map((k) => `account.${k}`)]);

/**
 * "Report a Defaulter": the FAQ's fields (full name, address, at least one ID number, phone,
 * default amount and date) and the account's, checked field by field with the registry's schema.
 * Any status may be reported; the defaulter fields are required for default and written off.
 */
export function DefaulterForm({ initial, onReported }: { initial?: TAccountForm; onReported?: () => void }) {
  const form = useForm<TAccountForm>({ resolver, defaultValues: initial ?? EMPTY_ACCOUNT_FORM });
  const status = form.watch('account.status') as TAccountStatus;
  const isDefaulter = DEFAULTED_STATUSES.includes(status);

  useEffect(() => {
    if (initial) form.reset(initial);
  }, [initial, form]);

  const report = useReportAccount({
    onSuccess: (result) => {
      toast({
        kind: 'success',
        title: result.created ? 'Account reported' : 'Account updated',
        description: `Matched to the registry: ${result.match}.`,
      });
      onReported?.();
    },
    onError: (error) => {
      if (!isApiError(error)) return;
      let isFirst = true;
      for (const { field, message } of error.fieldErrors) {
        const name = field === 'subject.address' ? 'subject.address.line' : field;
        if (!MESSAGE_FIELDS.has(name)) continue;
        form.setError(name as FieldPath<TAccountForm>, { type: 'server', message }, { shouldFocus: isFirst });
        isFirst = false;
      }
    },
  });

  // Its fields: ids from their names ("subject-firstName"), no autofill (another person's details).
  const field = { form, autoComplete: 'off' };
  const select = (name: FieldPath<TAccountForm>, options: readonly { value: string; label: string }[]) => (
    <NativeSelect {...form.register(name)}>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </NativeSelect>
  );

  const result = report.data;
  const refusal = refusalOf(report.error);
  // The resolver has judged the typed values with ZCreditAccountReportSchema: they are its input.
  const submit = form.handleSubmit((values) => report.mutate(values as TCreditAccountReportInput));

  return (
    <form className="space-y-6" noValidate onSubmit={submit} aria-label="Report a Defaulter">
      <SubjectFields form={form} />

      <fieldset className="space-y-4">
        <legend className="text-base font-semibold">The account</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField
            {...field}
            name="account.accountNumber"
            label="Account number"
            hint="The same account number again updates the account."
          />
          <FormField {...field} name="account.type" label="Account type">
            {select(
              'account.type',
              ACCOUNT_TYPES.map((t) => ({ value: t.code, label: t.name })),
            )}
          </FormField>
          <FormField {...field} name="account.status" label="Status">
            {select(
              'account.status',
              ACCOUNT_STATUSES.map((s) => ({ value: s.code, label: s.name })),
            )}
          </FormField>
        </div>
        <div className="grid gap-4 sm:grid-cols-4">
          <FormField {...field} name="account.currency" label="Currency">
            {select(
              'account.currency',
              CURRENCIES.map((c) => ({ value: c, label: c === 'SLE' ? 'SLE (New Leone)' : 'USD' })),
            )}
          </FormField>
          <FormField {...field} name="account.principal" label="Amount borrowed" inputMode="decimal" placeholder="e.g. 15000.00" />
          <FormField {...field} name="account.balance" label="Balance now" inputMode="decimal" placeholder="e.g. 9250.50" />
          <FormField {...field} name="account.openedAt" label="Opening date" type="date" />
        </div>
        {isDefaulter ? (
          <div className="grid gap-4 rounded-lg border border-destructive/30 bg-destructive/5 p-4 sm:grid-cols-2">
            <FormField {...field} name="account.defaultAmount" label="Default amount" inputMode="decimal" placeholder="e.g. 8400.00" />
            <FormField {...field} name="account.defaultDate" label="Default date" type="date" />
          </div>
        ) : null}
        <FormField
          {...field}
          name="account.paymentHistory"
          label="Payment history (optional)"
          hint="Up to 24 monthly codes, most recent first: 0 on time, 1/2/3 late 30/60/90+ days, D default, C closed, - no report."
          placeholder="e.g. D3210000"
        />
      </fieldset>

      {refusal ? (
        <Alert variant="destructive" role="alert">
          <AlertTitle>Not reported</AlertTitle>
          <AlertDescription>{refusal}</AlertDescription>
        </Alert>
      ) : null}
      {result ? (
        <Alert variant="info" role="status" data-testid="report-result">
          <CheckCircle2 aria-hidden />
          <AlertTitle>{result.created ? 'Account reported' : 'Account updated'}</AlertTitle>
          <AlertDescription>
            Matched to the registry as <strong>{result.match}</strong>
            {result.match === 'review' ? ': a close but uncertain match, kept apart until an administrator reviews it.' : '.'}
          </AlertDescription>
        </Alert>
      ) : null}

      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={report.isPending}>
          <UserX aria-hidden />
          {report.isPending ? 'Reporting…' : isDefaulter ? 'Report defaulter' : 'Report account'}
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            form.reset(EMPTY_ACCOUNT_FORM);
            report.reset();
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}
