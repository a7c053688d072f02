import { useMutation, useQuery } from '@tanstack/react-query';
import { AlertTriangle, Lock, LockOpen, ShieldCheck, UserCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { PERMISSIBLE_PURPOSES } from '@shared/credit-reference';
import { CONSENT_ALL_PURPOSES_NAME, type TConsent, type TPrivacyStatus } from '@shared/schemas/consumer';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Input, NativeSelect } from '@web/components/ui/input';
import { PageLoading } from '@web/components/ui/page-loading';
import { apiGet, apiRequest, apiPost, isApiError } from '@web/lib/api';
import { formatDate } from '@shared/format';
import { errorMessageOf } from '@web/lib/form-errors';
import { toast } from '@web/lib/toast';
import { useConsents, usePrivacy, useRefreshConsumer, useSettings } from './consumer-data';
import { IdentityGate } from './identity-gate';
import { PageHeader } from '@web/components/layout/page-header';

function FreezeCard({ privacy }: { privacy: TPrivacyStatus }) {
  const refresh = useRefreshConsumer();
  const isFrozen = !!privacy.frozenAt;
  const toggle = useMutation({
    mutationFn: () => apiPost<TPrivacyStatus>(isFrozen ? '/api/consumers/me/unfreeze' : '/api/consumers/me/freeze'),
    onSuccess: (next) => {
      toast({
        kind: 'success',
        title: next.frozenAt ? 'Your file is frozen' : 'Your file is unfrozen',
        description: next.frozenAt
          ? 'No new lender can pull your report until you unfreeze it.'
          : 'Lenders can pull your report again for a permissible purpose.',
      });
      refresh();
    },
    onError: (error) => toast({ kind: 'error', title: 'Not changed', description: errorMessageOf(error, 'Please try again') }),
  });
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4 space-y-0">
        <div className="space-y-1.5">
          <CardTitle>
            <h2>Freeze your file</h2>
          </CardTitle>
          <CardDescription>
            While frozen, no new lender can pull your report, so no one can borrow in your name. Lenders you already borrow from may still
            review your existing accounts. Unfreeze when you apply for a loan.
          </CardDescription>
        </div>
        {isFrozen ? (
          <Lock className="size-5 text-muted-foreground" aria-hidden />
        ) : (
          <LockOpen className="size-5 text-muted-foreground" aria-hidden />
        )}
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-3">
        <Badge variant={isFrozen ? 'warning' : 'success'} data-testid="freeze-status">
          {isFrozen ? `Frozen since ${formatDate(privacy.frozenAt!)}` : 'Not frozen'}
        </Badge>
        <Button variant={isFrozen ? 'outline' : 'default'} onClick={() => toggle.mutate()} disabled={toggle.isPending} className="ml-auto">
          {isFrozen ? 'Unfreeze my file' : 'Freeze my file'}
        </Button>
      </CardContent>
    </Card>
  );
}

function FraudAlertCard({ privacy }: { privacy: TPrivacyStatus }) {
  const refresh = useRefreshConsumer();
  const settings = useSettings();
  const [phone, setPhone] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const place = useMutation({
    mutationFn: () =>
      apiPost<TPrivacyStatus>('/api/consumers/me/fraud-alert', {
        contactPhone: phone || settings.data?.phone || '',
        note: note || undefined,
      }),
    onSuccess: () => {
      toast({
        kind: 'success',
        title: 'Fraud alert placed',
        description: 'Lenders who pull your report are told to verify your identity before lending.',
      });
      setError(undefined);
      refresh();
    },
    onError: (e) => {
      const field = isApiError(e) ? e.fieldErrors.find((f) => f.field === 'contactPhone')?.message : undefined;
      setError(field ?? errorMessageOf(e, 'Please try again'));
    },
  });
  const remove = useMutation({
    mutationFn: () => apiRequest<TPrivacyStatus>('DELETE', '/api/consumers/me/fraud-alert'),
    onSuccess: () => {
      toast({ kind: 'success', title: 'Fraud alert removed' });
      refresh();
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    place.mutate();
  };
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4 space-y-0">
        <div className="space-y-1.5">
          <CardTitle>
            <h2>Fraud alert</h2>
          </CardTitle>
          <CardDescription>
            If your ID card was lost or you think someone uses your identity, tell every lender who pulls your report to check it is really
            you.
          </CardDescription>
        </div>
        <AlertTriangle className="size-5 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent>
        {privacy.fraudAlert ? (
          <div className="flex flex-wrap items-center gap-3">
            <Badge variant="warning">On since {formatDate(privacy.fraudAlert.placedAt)}</Badge>
            <span className="text-sm text-muted-foreground">Lenders are asked to call {privacy.fraudAlert.contactPhone}.</span>
            <Button variant="outline" className="ml-auto" onClick={() => remove.mutate()} disabled={remove.isPending}>
              Remove the alert
            </Button>
          </div>
        ) : (
          <form className="grid gap-3 sm:grid-cols-2" onSubmit={onSubmit} noValidate>
            <Field
              id="fraud-phone"
              label="Phone lenders should call"
              error={error}
              hint={settings.data ? `Leave empty to use ${settings.data.phone}` : undefined}
            >
              <Input type="tel" placeholder="+232 XX XXX XXXX" value={phone} onChange={(e) => setPhone(e.target.value)} />
            </Field>
            <Field id="fraud-note" label="Note (optional)">
              <Input value={note} onChange={(e) => setNote(e.target.value)} maxLength={300} placeholder="e.g. ID card stolen in May" />
            </Field>
            <div className="sm:col-span-2">
              <Button type="submit" disabled={place.isPending}>
                Place fraud alert
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

const DURATIONS = [
  { days: 7, label: '1 week' },
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 180, label: '6 months' },
  { days: 365, label: '1 year' },
];

/** The verified lenders whose name matches what the person typed (the consent forms' search). */
function useLenders(q: string) {
  return useQuery({
    queryKey: ['consumer-workspace', 'lenders', q],
    queryFn: () => apiGet<{ lenders: { id: string; name: string }[] }>(`/api/consumers/me/lenders?q=${encodeURIComponent(q)}`),
  });
}

function GrantConsentForm() {
  const refresh = useRefreshConsumer();
  const [q, setQ] = useState('');
  const [businessId, setBusinessId] = useState('');
  const [purpose, setPurpose] = useState('credit_application');
  const [days, setDays] = useState(30);
  const [error, setError] = useState<string | undefined>();
  const lenders = useLenders(q);
  const grant = useMutation({
    mutationFn: () => apiPost<TConsent>('/api/consumers/me/consents', { businessId, purpose, days }),
    onSuccess: (consent) => {
      toast({
        kind: 'success',
        title: 'Consent granted',
        description: `${consent.businessName} may pull your report for ${consent.purposeName.toLowerCase()} until ${formatDate(consent.expiresAt)}.`,
      });
      setBusinessId('');
      setError(undefined);
      refresh();
    },
    onError: (e) => setError(isApiError(e) ? (e.fieldErrors[0]?.message ?? e.message.replace(/^\d{3}: /, '')) : 'Please try again'),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!businessId) {
      setError('Choose a business');
      return;
    }
    grant.mutate();
  };
  return (
    <form className="grid gap-3 md:grid-cols-2 lg:grid-cols-4 lg:items-end" onSubmit={onSubmit} noValidate>
      <Field id="consent-search" label="Find a business">
        <Input type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Name of the lender" />
      </Field>
      <Field id="consent-business" label="Business" error={error}>
        <NativeSelect value={businessId} onChange={(e) => setBusinessId(e.target.value)}>
          <option value="">{lenders.isPending ? 'Loading…' : `Choose (${lenders.data?.lenders.length ?? 0} found)…`}</option>
          {lenders.data?.lenders.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="consent-purpose" label="For">
        <NativeSelect value={purpose} onChange={(e) => setPurpose(e.target.value)}>
          {PERMISSIBLE_PURPOSES.map((p) => (
            <option key={p.code} value={p.code}>
              {p.name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <Field id="consent-days" label="Until">
          <NativeSelect value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {DURATIONS.map((d) => (
              <option key={d.days} value={d.days}>
                {d.label}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Button type="submit" disabled={grant.isPending}>
          Grant
        </Button>
      </div>
    </form>
  );
}

/**
 * Withdraw consent from a business (decisions/022): every purpose unless the person picks one,
 * whether or not they granted a consent here before.
 */
function WithdrawConsentForm() {
  const refresh = useRefreshConsumer();
  const [q, setQ] = useState('');
  const [businessId, setBusinessId] = useState('');
  const [purpose, setPurpose] = useState('');
  const [error, setError] = useState<string | undefined>();
  const lenders = useLenders(q);
  const withdraw = useMutation({
    mutationFn: () =>
      apiRequest<{ message: string }>('DELETE', '/api/consumers/me/consents', { businessId, ...(purpose ? { purpose } : {}) }),
    onSuccess: (result) => {
      toast({ kind: 'success', title: 'Consent withdrawn', description: result.message });
      setBusinessId('');
      setError(undefined);
      refresh();
    },
    onError: (e) => setError(isApiError(e) ? (e.fieldErrors[0]?.message ?? e.message.replace(/^\d{3}: /, '')) : 'Please try again'),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!businessId) {
      setError('Choose a business');
      return;
    }
    withdraw.mutate();
  };
  return (
    <form className="grid gap-3 md:grid-cols-2 lg:grid-cols-4 lg:items-end" onSubmit={onSubmit} noValidate>
      <h3 className="text-sm font-medium md:col-span-2 lg:col-span-4">Withdraw consent from a business</h3>
      <Field id="withdraw-search" label="Search lenders">
        <Input type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Name of the lender" />
      </Field>
      <Field id="withdraw-business" label="Lender" error={error}>
        <NativeSelect value={businessId} onChange={(e) => setBusinessId(e.target.value)}>
          <option value="">{lenders.isPending ? 'Loading…' : `Choose (${lenders.data?.lenders.length ?? 0} found)…`}</option>
          {lenders.data?.lenders.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="withdraw-purpose" label="Purposes">
        <NativeSelect value={purpose} onChange={(e) => setPurpose(e.target.value)}>
          <option value="">{CONSENT_ALL_PURPOSES_NAME}</option>
          {PERMISSIBLE_PURPOSES.map((p) => (
            <option key={p.code} value={p.code}>
              Only {p.name.toLowerCase()}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Button type="submit" variant="outline" disabled={withdraw.isPending}>
        Withdraw
      </Button>
    </form>
  );
}

function ConsentsCard() {
  const consents = useConsents();
  const refresh = useRefreshConsumer();
  const revoke = useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', '/api/consumers/me/consents', { id }),
    onSuccess: () => {
      toast({
        kind: 'success',
        title: 'Consent revoked',
        description: 'That business can no longer pull your credit report for this purpose.',
      });
      refresh();
    },
    onError: (error) => toast({ kind: 'error', title: 'Not revoked', description: errorMessageOf(error, 'Please try again') }),
  });
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4 space-y-0">
        <div className="space-y-1.5">
          <CardTitle>
            <h2>Consents to businesses</h2>
          </CardTitle>
          <CardDescription>
            Give one lender your consent to check your credit for one purpose, for a time you choose. Revoke it whenever you like, or
            withdraw your consent from a business for every purpose: that lender can then no longer pull your report, except to review an
            open account you held with it before you withdrew (unless you withdraw that purpose too).
          </CardDescription>
        </div>
        <UserCheck className="size-5 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent className="space-y-6">
        <GrantConsentForm />
        <WithdrawConsentForm />
        {consents.isPending ? (
          <p className="text-sm text-muted-foreground">Loading…</p>
        ) : consents.data?.consents.length ? (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-muted-foreground">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Business
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Purpose
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Granted
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Until
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Status
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    <span className="sr-only">Action</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {consents.data.consents.map((c) => (
                  <tr key={c.id}>
                    <td className="py-2 pr-4">{c.businessName}</td>
                    <td className="py-2 pr-4">{c.purposeName}</td>
                    <td className="py-2 pr-4 whitespace-nowrap">{formatDate(c.grantedAt)}</td>
                    <td className="py-2 pr-4 whitespace-nowrap">{formatDate(c.revokedAt ?? c.expiresAt)}</td>
                    <td className="py-2 pr-4">
                      <Badge variant={c.status === 'active' ? 'success' : 'secondary'} className="capitalize">
                        {c.status}
                      </Badge>
                    </td>
                    <td className="py-2 text-right">
                      {c.status === 'active' ? (
                        <Button size="sm" variant="outline" onClick={() => revoke.mutate(c.id)} disabled={revoke.isPending}>
                          Revoke <span className="sr-only">the consent of {c.businessName}</span>
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">You have granted no consent.</p>
        )}
      </CardContent>
    </Card>
  );
}

function PrivacyControls() {
  const privacy = usePrivacy();
  if (privacy.isPending) return <PageLoading label="Loading your privacy controls…" />;
  if (privacy.isError) return <p role="alert">{privacy.error.message}</p>;
  return (
    <div className="space-y-6">
      <div className="grid gap-4 lg:grid-cols-2">
        <FreezeCard privacy={privacy.data} />
        <FraudAlertCard privacy={privacy.data} />
      </div>
      <ConsentsCard />
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <ShieldCheck className="size-4" aria-hidden />
        Every change here is recorded in the bureau&apos;s tamper-evident audit log.
      </p>
    </div>
  );
}

/** Privacy Controls: freeze, fraud alert, consents. */
export default function ConsumerPrivacyPage() {
  return (
    <div className="space-y-6">
      <PageHeader
        role="consumer"
        title="Privacy Controls"
        description="Decide who may see your credit file, and warn lenders if someone may be using your identity."
      />
      <IdentityGate>
        <PrivacyControls />
      </IdentityGate>
    </div>
  );
}
