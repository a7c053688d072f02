import { FileQuestion, Loader2, PhoneOff, ShieldCheck } from 'lucide-react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { IDENTITY_CODE_TTL_MINUTES, type TIdentityStatus } from '@shared/schemas/consumer';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { PageLoading } from '@web/components/ui/page-loading';
import { isApiError } from '@web/lib/api';
import { formatDateTime, plural } from '@shared/format';
import { toast } from '@web/lib/toast';
import { useIdentity, useSendIdentityCode, useVerifyIdentity } from './api/identity';
import { QueryErrorCard } from '@web/components/ui/query-error-alert';

/** "No credit file yet": honest, and clear that a missing record counts against no one. */
export function NoFileYet() {
  return (
    <EmptyState icon={FileQuestion} title="No credit file yet">
      <p>
        We have no credit file for your National ID and date of birth. That is not held against you: a missing record never lowers a score
        or counts as bad credit.
      </p>
      <p className="mt-2">
        When a lender reports an account in your name, your file appears here after you confirm a code sent to a phone the lender has on
        record. If you think a lender reported you under other details, contact CreditCheck SL.
      </p>
    </EmptyState>
  );
}

function NoPhoneOnFile() {
  return (
    <EmptyState icon={PhoneOff} title="We cannot send you a code">
      Your credit file holds no phone number we can send a confirmation code to. A code goes only to a phone reported by two lenders, or on
      your file for at least 30 days, so that no one else can open your file with a number they added. To open your file now, visit a
      CreditCheck SL office with your National ID card, or contact the bureau.
    </EmptyState>
  );
}

function secondsUntil(iso: string | null): number {
  return iso ? Math.max(0, Math.ceil((new Date(iso).getTime() - Date.now()) / 1000)) : 0;
}

/** Counts down to a moment, for "send again in 42 s". */
function useCountdown(iso: string | null): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(iso));
  useEffect(() => {
    setSeconds(secondsUntil(iso));
    if (!iso) return;
    const timer = setInterval(() => setSeconds(secondsUntil(iso)), 1000);
    return () => clearInterval(timer);
  }, [iso]);
  return seconds;
}

/**
 * Confirming identity: choose one of the file's phones (masked), get a code, type it. The code
 * goes only to phones lenders reported on the file, never to the one typed at registration.
 */
export function ConfirmIdentity({ status }: { status: TIdentityStatus }) {
  const [phoneId, setPhoneId] = useState(status.phones[0]?.phoneId ?? '');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const resendIn = useCountdown(status.nextCodeAt);
  const lockedFor = useCountdown(status.lockedUntil);

  const send = useSendIdentityCode({
    onSuccess: (answer) => {
      toast({ kind: 'success', title: 'Code sent', description: answer.message });
      setCode('');
      setCodeError(undefined);
    },
    errorToast: 'No code sent',
  });
  const verify = useVerifyIdentity({
    onSuccess: (answer) => toast({ kind: 'success', title: 'Identity confirmed', description: answer.message }),
    onError: (error) => {
      const message = isApiError(error)
        ? (error.fieldErrors.find((e) => e.field === 'code')?.message ?? error.serverMessage)
        : 'Please try again';
      setCodeError(message);
    },
  });

  const onSend = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(phoneId);
  };
  const onVerify = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setCodeError('Enter the 6-digit code');
      return;
    }
    verify.mutate(code.trim());
  };

  const isLocked = lockedFor > 0;
  const canSend = !isLocked && resendIn === 0 && status.codesLeftToday > 0;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-5 text-primary" aria-hidden />
          <h2>Confirm it is you</h2>
        </CardTitle>
        <CardDescription>
          A credit file matches your National ID and date of birth. Before we show it, we send a one-time code to a phone that a lender has
          on record for you. Anyone can type a National ID; only the person can receive the code.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2">
        <form onSubmit={onSend} className="grid content-start gap-3" aria-labelledby="send-code-title">
          <h3 id="send-code-title" className="font-medium">
            1. Choose where to send the code
          </h3>
          <fieldset className="grid gap-2">
            <legend className="sr-only">Phones on your credit file</legend>
            {status.phones.map((phone) => (
              <label
                key={phone.phoneId}
                className="flex cursor-pointer items-center gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent/40"
              >
                <input
                  type="radio"
                  name="phoneId"
                  value={phone.phoneId}
                  checked={phoneId === phone.phoneId}
                  onChange={() => setPhoneId(phone.phoneId)}
                  className="size-4 accent-primary"
                />
                <span className="font-mono">{phone.masked}</span>
              </label>
            ))}
          </fieldset>
          <Button type="submit" disabled={!canSend || send.isPending}>
            {send.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
            {status.pendingCode ? 'Send a new code' : 'Send code'}
          </Button>
          <p className="text-xs text-muted-foreground" aria-live="polite">
            {isLocked
              ? `Too many wrong codes. You can ask for a new code in ${plural(Math.ceil(lockedFor / 60), { one: 'minute', other: 'minutes' })}.`
              : status.codesLeftToday === 0
                ? 'No more codes can be sent today. Try again tomorrow.'
                : resendIn > 0
                  ? `You can ask for another code in ${resendIn} s.`
                  : `The code is valid for ${IDENTITY_CODE_TTL_MINUTES} minutes. ${plural(status.codesLeftToday, { one: 'code', other: 'codes' })} left today.`}
          </p>
        </form>
        <form onSubmit={onVerify} className="grid content-start gap-3" aria-labelledby="enter-code-title" noValidate>
          <h3 id="enter-code-title" className="font-medium">
            2. Enter the code
          </h3>
          {status.pendingCode ? (
            <p className="text-sm text-muted-foreground">
              Sent to <span className="font-mono">{status.pendingCode.masked}</span>, valid until{' '}
              {formatDateTime(status.pendingCode.expiresAt)}. {plural(status.pendingCode.attemptsLeft, { one: 'try', other: 'tries' })}{' '}
              left.
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">Ask for a code first.</p>
          )}
          <Field id="identity-code" label="6-digit code" error={codeError}>
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
              disabled={!status.pendingCode || isLocked}
            />
          </Field>
          <Button type="submit" variant="default" disabled={!status.pendingCode || isLocked || verify.isPending}>
            {verify.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
            Confirm
          </Button>
        </form>
        <Alert variant="info" className="md:col-span-2">
          <AlertTitle>Did not register this account?</AlertTitle>
          <AlertDescription>
            If the code reached your phone and you did not ask for it, someone may be using your National ID. Do not share the code; our
            staff will never ask for it.
          </AlertDescription>
        </Alert>
      </CardContent>
    </Card>
  );
}

/**
 * Shows its children only once the person has confirmed their identity; otherwise the honest state:
 * confirm with a code, no file yet, or no phone on file.
 */
export function IdentityGate({ children }: { children: ReactNode }) {
  const identity = useIdentity();
  if (identity.isPending) return <PageLoading label="Checking your credit file…" />;
  if (identity.isError) {
    return <QueryErrorCard query={identity} title="Your credit file could not be loaded" />;
  }
  switch (identity.data.state) {
    case 'verified':
      return <>{children}</>;
    case 'no_file':
      return <NoFileYet />;
    case 'no_phone':
      return <NoPhoneOnFile />;
    default:
      return <ConfirmIdentity status={identity.data} />;
  }
}
