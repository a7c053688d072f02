import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, CreditCard, Lock, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { cardDigits, ZPaymentFormSchema, type TPaymentForm, type TPaymentResult } from '@shared/schemas/payments';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { CheckboxField } from '@web/components/ui/checkbox-field';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { isApiError } from '@web/lib/api';
import { useAppConfig } from '@web/lib/config';
import { usePayment } from '@web/lib/payments';
import { usePlans } from '@web/lib/plans';
import { MethodChoice, MobileMoneyForm, type TMethod } from './mobile-money-form';
import { errorMessageOf } from '@web/lib/form-errors';
import { formatDate, formatSll, formatUsdCents } from '@shared/format';
import { toast } from '@web/lib/toast';

export interface TPayablePlan {
  code: string;
  name: string;
  priceUsdCents: number;
  /** The approximate old-Leone figure at the current rate; null while unknown. */
  priceSllApprox: number | null;
}

/** nextBillingDate: one month after the moment of payment (spec section 4). */
function oneMonthFromNow(): string {
  const date = new Date();
  date.setMonth(date.getMonth() + 1);
  return date.toISOString();
}

const EMPTY: TPaymentForm = { cardName: '', cardNumber: '', expiryDate: '', cvc: '', autoRenew: true };

/**
 * "1234567812345678" shown as "1234 5678 1234 5678" while typing. Longer numbers (17 to 19 digits)
 * stay ungrouped: the form's rule counts characters (15 to 19), spaces included.
 */
function groupCardNumber(value: string): string {
  const digits = cardDigits(value).replace(/\D/g, '').slice(0, 19);
  return digits.length > 16 ? digits : digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Server field names of the card (card.number) to the form's (cardNumber). */
const SERVER_CARD_FIELD: Record<string, keyof TPaymentForm> = {
  'card.name': 'cardName',
  'card.number': 'cardNumber',
  'card.expiry': 'expiryDate',
  'card.cvc': 'cvc',
};

/** Digits only ("0428") get their slash ("04/28"); anything else stays as typed for the form to judge. */
function formatExpiry(value: string): string {
  return /^\d{3,4}$/.test(value) ? `${value.slice(0, 2)}/${value.slice(2)}` : value.slice(0, 7);
}

/** What the success screen says, whichever way it was paid. */
export interface TPaid {
  invoiceNumber: string;
  nextBillingDate: string;
  /** "Visa ending 4242", "Orange Money ****3456". */
  paidWith: string;
}

const paidByCard = (result: TPaymentResult): TPaid => ({
  invoiceNumber: result.invoiceNumber,
  nextBillingDate: result.nextBillingDate,
  paidWith: `${result.cardBrand} ending ${result.cardLast4}`,
});

function PaymentSummary({ plan }: { plan: TPayablePlan }) {
  return (
    <div className="rounded-lg border bg-muted/50 p-4" data-testid="payment-summary">
      <div className="flex items-center justify-between gap-4">
        <span className="font-medium">Monthly Subscription{plan.code === 'standard' ? '' : ` (${plan.name})`}</span>
        <span className="whitespace-nowrap text-lg font-bold">{formatUsdCents(plan.priceUsdCents)} USD</span>
      </div>
      {plan.priceSllApprox !== null ? (
        <p className="mt-1 text-right text-sm text-muted-foreground" data-testid="payment-sll">
          approx. {formatSll(plan.priceSllApprox)} SLL
        </p>
      ) : null}
    </div>
  );
}

function PaymentForm({
  businessId,
  plan,
  onPaid,
}: {
  businessId: string | undefined;
  plan: TPayablePlan;
  onPaid: (result: TPaid) => void;
}) {
  const config = useAppConfig();
  const form = useForm<TPaymentForm>({ resolver: zodResolver(ZPaymentFormSchema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const pay = usePayment({
    onSuccess: (result) => {
      toast({ kind: 'success', title: 'Payment processed successfully!' });
      onPaid(paidByCard(result));
    },
    onError: (error) => {
      if (!isApiError(error)) return;
      for (const { field, message } of error.fieldErrors) {
        const name = SERVER_CARD_FIELD[field];
        if (name) form.setError(name, { type: 'server', message });
      }
    },
  });
  const submit = form.handleSubmit((values) =>
    pay.mutate({
      businessId,
      amount: plan.priceUsdCents / 100,
      currency: 'USD',
      paymentMethod: 'card',
      status: 'success',
      nextBillingDate: oneMonthFromNow(),
      planCode: plan.code,
      autoRenew: values.autoRenew,
      card: { name: values.cardName.trim(), number: cardDigits(values.cardNumber), expiry: values.expiryDate, cvc: values.cvc },
    }),
  );

  return (
    <form noValidate className="grid gap-4" onSubmit={submit} aria-label="Card payment">
      <Field id="card-name" label="Name on Card" error={errors.cardName?.message}>
        <Input autoComplete="cc-name" {...form.register('cardName')} />
      </Field>
      <Field id="card-number" label="Card Number" error={errors.cardNumber?.message}>
        {(control) => (
          <Controller
            control={form.control}
            name="cardNumber"
            render={({ field }) => (
              <Input
                {...control}
                inputMode="numeric"
                autoComplete="cc-number"
                placeholder="1234 5678 9012 3456"
                value={field.value}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(groupCardNumber(event.target.value))}
                ref={field.ref}
              />
            )}
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field id="card-expiry" label="Expiry Date (MM/YY)" error={errors.expiryDate?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name="expiryDate"
              render={({ field }) => (
                <Input
                  {...control}
                  inputMode="numeric"
                  autoComplete="cc-exp"
                  placeholder="MM/YY"
                  value={field.value}
                  onBlur={field.onBlur}
                  onChange={(event) => field.onChange(formatExpiry(event.target.value))}
                  ref={field.ref}
                />
              )}
            />
          )}
        </Field>
        <Field id="card-cvc" label="CVC" error={errors.cvc?.message}>
          <Input inputMode="numeric" autoComplete="cc-csc" maxLength={4} {...form.register('cvc')} />
        </Field>
      </div>
      <Controller
        control={form.control}
        name="autoRenew"
        render={({ field }) => (
          <CheckboxField
            id="card-auto-renew"
            label="Auto-renew my subscription monthly"
            checked={field.value}
            onCheckedChange={field.onChange}
          />
        )}
      />
      {pay.isError ? (
        <Alert variant="destructive" role="alert" data-testid="payment-error">
          <XCircle aria-hidden />
          <AlertDescription>{errorMessageOf(pay.error, 'Payment processing failed. Please try again.')}</AlertDescription>
        </Alert>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={pay.isPending}>
        <CreditCard aria-hidden />
        {pay.isPending ? 'Processing...' : 'Pay Now'}
      </Button>
      <p className="flex items-center justify-center gap-1.5 text-xs text-muted-foreground">
        <Lock className="size-3.5" aria-hidden />
        Card details go to the payment provider; only the last four digits are kept.
      </p>
      {config.data?.demoMode ? (
        <p className="rounded-md border border-dashed p-2 text-center text-xs text-muted-foreground" data-testid="sandbox-cards">
          Sandbox: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined. Any future expiry and any CVC.
        </p>
      ) : null}
    </form>
  );
}

/**
 * The payment dialog (spec section 2): after registration, and on /subscribe. Card details and
 * auto-renew are sent with the specification's payload; the server charges the plan's own price.
 */
export function PaymentDialog({
  open,
  onOpenChange,
  businessId,
  plan,
  variant,
  onFinish,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  businessId: string | undefined;
  plan: TPayablePlan;
  variant: 'registration' | 'subscription';
  /** "Go to Login" after registration, "Back to Dashboard" after a subscription payment. */
  onFinish: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {open ? <PaymentDialogBody businessId={businessId} plan={plan} variant={variant} onFinish={onFinish} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PaymentDialogBody({
  businessId,
  plan,
  variant,
  onFinish,
}: {
  businessId: string | undefined;
  plan: TPayablePlan;
  variant: 'registration' | 'subscription';
  onFinish: () => void;
}) {
  const [result, setResult] = useState<TPaid | null>(null);
  const [method, setMethod] = useState<TMethod>('card');
  // While a wallet payment waits for the payer, the method stays as chosen (the poll lives in its form).
  const [isWaiting, setIsWaiting] = useState(false);
  const wallets = usePlans().data?.mobileMoneyMethods ?? [];
  if (result) {
    return (
      <div className="grid justify-items-center gap-4 py-4 text-center" data-testid="payment-success">
        <CheckCircle2 className="size-14 text-success" aria-hidden />
        <DialogHeader className="items-center text-center sm:text-center">
          <DialogTitle className="text-xl">{variant === 'registration' ? 'Registration Successful!' : 'Payment Successful!'}</DialogTitle>
          <DialogDescription>
            {variant === 'registration'
              ? 'Your payment has been processed successfully. You can now access your dashboard once you log in.'
              : `Your payment has been processed successfully. Your subscription is active until ${formatDate(result.nextBillingDate)}.`}
          </DialogDescription>
        </DialogHeader>
        <p className="text-sm text-muted-foreground">
          Invoice {result.invoiceNumber} · {result.paidWith}
        </p>
        <Button size="lg" onClick={onFinish}>
          {variant === 'registration' ? 'Go to Login' : 'Back to Dashboard'}
        </Button>
      </div>
    );
  }
  return (
    <>
      <DialogHeader>
        <DialogTitle>Payment Information</DialogTitle>
        <DialogDescription>
          {variant === 'registration'
            ? 'Complete your registration by paying for the first month.'
            : 'Pay or renew your monthly subscription.'}
        </DialogDescription>
      </DialogHeader>
      <PaymentSummary plan={plan} />
      {wallets.length > 0 && !isWaiting ? <MethodChoice methods={['card', ...wallets]} value={method} onChange={setMethod} /> : null}
      {method === 'card' ? (
        <PaymentForm businessId={businessId} plan={plan} onPaid={setResult} />
      ) : (
        <MobileMoneyForm key={method} businessId={businessId} plan={plan} method={method} onPaid={setResult} onWaiting={setIsWaiting} />
      )}
    </>
  );
}
