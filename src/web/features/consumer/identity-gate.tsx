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
import { formatDateTime, formatNumber } from '@shared/format';
import { useT } from '@web/lib/i18n';
import { toast } from '@web/lib/toast';
import { useIdentity, useSendIdentityCode, useVerifyIdentity } from './api/identity';
import { QueryErrorCard } from '@web/components/ui/query-error-alert';

/** "No credit file yet": honest, and clear that a missing record counts against no one. */
export function NoFileYet() {
  const { t } = useT('portal');
  return (
    <EmptyState icon={FileQuestion} title={t('identity.noFileTitle')}>
      <p>{t('identity.noFile1')}</p>
      <p className="mt-2">{t('identity.noFile2')}</p>
    </EmptyState>
  );
}

function NoPhoneOnFile() {
  const { t } = useT('portal');
  return (
    <EmptyState icon={PhoneOff} title={t('identity.noPhoneTitle')}>
      {t('identity.noPhone')}
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
  const { t } = useT('portal');
  const [phoneId, setPhoneId] = useState(status.phones[0]?.phoneId ?? '');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const resendIn = useCountdown(status.nextCodeAt);
  const lockedFor = useCountdown(status.lockedUntil);

  const send = useSendIdentityCode({
    onSuccess: (answer) => {
      toast({ kind: 'success', title: t('identity.codeSent'), description: answer.message });
      setCode('');
      setCodeError(undefined);
    },
    errorToast: t('identity.noCodeSent'),
  });
  const verify = useVerifyIdentity({
    onSuccess: (answer) => toast({ kind: 'success', title: t('identity.confirmed'), description: answer.message }),
    onError: (error) => {
      const message = isApiError(error)
        ? (error.fieldErrors.find((e) => e.field === 'code')?.message ?? error.serverMessage)
        : t('identity.tryAgain');
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
      setCodeError(t('identity.enterCode'));
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
          <h2>{t('identity.title')}</h2>
        </CardTitle>
        <CardDescription>{t('identity.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2">
        <form onSubmit={onSend} className="grid content-start gap-3" aria-labelledby="send-code-title">
          <h3 id="send-code-title" className="font-medium">
            {t('identity.step1')}
          </h3>
          <fieldset className="grid gap-2">
            <legend className="sr-only">{t('identity.phones')}</legend>
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
            {status.pendingCode ? t('identity.sendNew') : t('identity.send')}
          </Button>
          <p className="text-xs text-muted-foreground" aria-live="polite">
            {isLocked
              ? t('identity.locked', { count: Math.ceil(lockedFor / 60), formatted: formatNumber(Math.ceil(lockedFor / 60)) })
              : status.codesLeftToday === 0
                ? t('identity.noMoreToday')
                : resendIn > 0
                  ? t('identity.resendIn', { seconds: resendIn })
                  : t('identity.valid', {
                      minutes: IDENTITY_CODE_TTL_MINUTES,
                      count: status.codesLeftToday,
                      formatted: formatNumber(status.codesLeftToday),
                    })}
          </p>
        </form>
        <form onSubmit={onVerify} className="grid content-start gap-3" aria-labelledby="enter-code-title" noValidate>
          <h3 id="enter-code-title" className="font-medium">
            {t('identity.step2')}
          </h3>
          {status.pendingCode ? (
            <p className="text-sm text-muted-foreground">
              {t('identity.sentTo')} <span className="font-mono">{status.pendingCode.masked}</span>
              {t('identity.validUntil', {
                date: formatDateTime(status.pendingCode.expiresAt),
                count: status.pendingCode.attemptsLeft,
                formatted: formatNumber(status.pendingCode.attemptsLeft),
              })}
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">{t('identity.askFirst')}</p>
          )}
          <Field id="identity-code" label={t('identity.codeLabel')} error={codeError}>
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
            {t('identity.confirm')}
          </Button>
        </form>
        <Alert variant="info" className="md:col-span-2">
          <AlertTitle>{t('identity.notYouTitle')}</AlertTitle>
          <AlertDescription>{t('identity.notYou')}</AlertDescription>
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
  const { t } = useT('portal');
  const identity = useIdentity();
  if (identity.isPending) return <PageLoading label={t('identity.checking')} />;
  if (identity.isError) {
    return <QueryErrorCard query={identity} title={t('identity.notLoaded')} />;
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
