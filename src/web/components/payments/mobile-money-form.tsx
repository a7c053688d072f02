import { zodResolver } from '@hookform/resolvers/zod';
import { CreditCard, Loader2, Smartphone, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { CheckboxField } from '@web/components/ui/checkbox-field';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { isApiError } from '@web/lib/api';
import { useAppConfig } from '@web/lib/config';
import { useMobileMoneyPayment, useMobileMoneyStatus } from '@web/lib/payments';
import { errorMessageOf } from '@web/lib/form-errors';
import { formatDateTime, formatMinorMoney } from '@shared/format';
import { toast } from '@web/lib/toast';
import type { TPaid, TPayablePlan } from './payment-dialog';

// Paying by Orange Money or Afrimoney (decisions/046): the choice of method and the wallet form, whose answer waits for the payer.
export type TMethod = 'card' | 'orange_money' | 'afrimoney';
const METHOD_LABELS: Record<TMethod, string> = { card: 'Card', orange_money: 'Orange Money', afrimoney: 'Afrimoney' };

/** Card, Orange Money or Afrimoney: a radio group, shown when the server offers mobile money. */
export function MethodChoice({ methods, value, onChange }: { methods: TMethod[]; value: TMethod; onChange: (method: TMethod) => void }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Pay with</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        {methods.map((m) => (
          <label
            key={m}
            className="flex cursor-pointer items-center gap-2 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
          >
            <input
              type="radio"
              name="payment-method"
              value={m}
              checked={value === m}
              onChange={() => onChange(m)}
              className="accent-primary"
            />
            {m === 'card' ? <CreditCard className="size-4" aria-hidden /> : <Smartphone className="size-4" aria-hidden />}
            {METHOD_LABELS[m]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The browser's first check of the payer's number (the server's phone library is the judge). */
const ZMobileMoneyFormSchema = z.object({
  phone: z
    .string()
    .trim()
    .min(1, { error: 'Phone number is required' })
    .regex(/^(?:\+?232|0)[\s-]*\d{2}[\s-]*\d{3}[\s-]*\d{3}$/, { error: 'Enter a Sierra Leone mobile number (+232)' }),
  autoRenew: z.boolean(),
});
type TMobileMoneyForm = z.infer<typeof ZMobileMoneyFormSchema>;

/**
 * Mobile money: the payer's number, then "Approve the payment on your phone" while the server
 * waits for the provider; the page only reads the payment, it never marks it paid.
 */
export function MobileMoneyForm({
  businessId,
  plan,
  method,
  onPaid,
  onWaiting,
}: {
  businessId: string | undefined;
  plan: TPayablePlan;
  method: 'orange_money' | 'afrimoney';
  onPaid: (result: TPaid) => void;
  onWaiting: (isWaiting: boolean) => void;
}) {
  const config = useAppConfig();
  const [paymentId, setPaymentId] = useState<string | null>(null);
  const form = useForm<TMobileMoneyForm>({ resolver: zodResolver(ZMobileMoneyFormSchema), defaultValues: { phone: '', autoRenew: true } });
  const { errors } = form.formState;
  const start = useMobileMoneyPayment({
    onSuccess: (payment) => setPaymentId(payment.paymentId),
    onError: (error) => {
      if (!isApiError(error)) return;
      const phoneError = error.fieldErrors.find((e) => e.field === 'phone');
      if (phoneError) form.setError('phone', { type: 'server', message: phoneError.message });
    },
  });
  const status = useMobileMoneyStatus(paymentId);
  const payment = status.data ?? start.data;
  const label = METHOD_LABELS[method];
  const isPending = payment?.status === 'pending';
  useEffect(() => onWaiting(isPending), [isPending, onWaiting]);

  useEffect(() => {
    if (payment?.status === 'succeeded' && payment.invoiceNumber && payment.nextBillingDate) {
      toast({ kind: 'success', title: 'Payment processed successfully!' });
      onPaid({
        invoiceNumber: payment.invoiceNumber,
        nextBillingDate: payment.nextBillingDate,
        paidWith: `${label} ${payment.phoneMasked}`,
      });
    }
  }, [payment, label, onPaid]);

  if (payment && payment.status === 'pending') {
    return (
      <div className="grid justify-items-center gap-3 py-4 text-center" role="status" aria-live="polite" data-testid="mobile-money-pending">
        <Loader2 className="size-10 animate-spin text-primary" aria-hidden />
        <p className="text-lg font-semibold">Approve the payment on your phone</p>
        <p className="text-sm text-muted-foreground">
          We asked {label} to collect {formatMinorMoney('SLE', payment.amountSleCents)} from {payment.phoneMasked}. Approve it on your phone
          with your {label} PIN. This page updates by itself.
        </p>
        <p className="text-xs text-muted-foreground">
          The request ends at {formatDateTime(payment.expiresAt, { withZone: true })} if it is not approved.
        </p>
      </div>
    );
  }

  const submit = form.handleSubmit((values) =>
    start.mutate({ businessId, method, phone: values.phone, planCode: plan.code, autoRenew: values.autoRenew }),
  );
  const ended = payment && (payment.status === 'failed' || payment.status === 'expired') ? payment : null;
  return (
    <form noValidate className="grid gap-4" onSubmit={submit} aria-label={`${label} payment`}>
      <Field id="mobile-money-phone" label={`${label} number`} hint="A Sierra Leone number, e.g. 076 123 456" error={errors.phone?.message}>
        <Input type="tel" inputMode="tel" autoComplete="tel" placeholder="+232 76 123 456" {...form.register('phone')} />
      </Field>
      <Controller
        control={form.control}
        name="autoRenew"
        render={({ field }) => (
          <CheckboxField
            id="mobile-money-auto-renew"
            label="Auto-renew my subscription monthly"
            checked={field.value}
            onCheckedChange={field.onChange}
          />
        )}
      />
      {ended ? (
        <Alert variant="destructive" role="alert" data-testid="mobile-money-failed">
          <XCircle aria-hidden />
          <AlertDescription>
            {ended.status === 'expired'
              ? 'The payment was not approved in time.'
              : (ended.failureMessage ?? 'The payment was not approved.')}{' '}
            Nothing was charged. You can try again.
          </AlertDescription>
        </Alert>
      ) : null}
      {start.isError ? (
        <Alert variant="destructive" role="alert" data-testid="payment-error">
          <XCircle aria-hidden />
          <AlertDescription>{errorMessageOf(start.error, 'Payment processing failed. Please try again.')}</AlertDescription>
        </Alert>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={start.isPending}>
        <Smartphone aria-hidden />
        {start.isPending ? 'Sending...' : `Pay with ${label}`}
      </Button>
      <p className="text-center text-xs text-muted-foreground">
        You will be asked to approve the payment on your phone. It is charged in Leones (SLE).
      </p>
      {config.data?.demoMode ? (
        <p className="rounded-md border border-dashed p-2 text-center text-xs text-muted-foreground" data-testid="sandbox-wallets">
          Sandbox: any Sierra Leone number approves after a few seconds; a number ending 0002 is declined.
        </p>
      ) : null}
    </form>
  );
}
