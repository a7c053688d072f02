import { useState, type FormEvent } from 'react';
import { PERMISSIBLE_PURPOSES, type TPurposeCode } from '@shared/credit-reference';
import { CONSENT_ALL_PURPOSES_NAME } from '@shared/schemas/consumer';
import { formatDate } from '@shared/format';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input, NativeSelect } from '@web/components/ui/input';
import { singleFieldMessageOf } from '@web/lib/form-errors';
import { toast } from '@web/lib/toast';
import { useGrantConsent, useLenders, useRevokeConsent } from '../api/consents';

// The two consent forms share the lender search (useLenders) and say a refusal under the business field.

const DURATIONS = [
  { days: 7, label: '1 week' },
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 180, label: '6 months' },
  { days: 365, label: '1 year' },
];

/** A search over the verified lenders and the list of those it found, to choose one. */
function LenderPicker({
  ids,
  searchLabel,
  label,
  businessId,
  onChange,
  error,
}: {
  ids: string;
  searchLabel: string;
  label: string;
  businessId: string;
  onChange: (businessId: string) => void;
  error?: string;
}) {
  const [q, setQ] = useState('');
  const lenders = useLenders(q);
  return (
    <>
      <Field id={`${ids}-search`} label={searchLabel}>
        <Input type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Name of the lender" />
      </Field>
      <Field id={`${ids}-business`} label={label} error={error}>
        <NativeSelect value={businessId} onChange={(e) => onChange(e.target.value)}>
          <option value="">{lenders.isPending ? 'Loading…' : `Choose (${lenders.data?.lenders.length ?? 0} found)…`}</option>
          {lenders.data?.lenders.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </NativeSelect>
      </Field>
    </>
  );
}

/** Consent to one lender, for one purpose, for a time the person chooses. */
export function GrantConsentForm() {
  const [businessId, setBusinessId] = useState('');
  const [purpose, setPurpose] = useState<TPurposeCode>('credit_application');
  const [days, setDays] = useState(30);
  const [error, setError] = useState<string | undefined>();
  const grant = useGrantConsent({
    onSuccess: (consent) => {
      toast({
        kind: 'success',
        title: 'Consent granted',
        description: `${consent.businessName} may pull your report for ${consent.purposeName.toLowerCase()} until ${formatDate(consent.expiresAt)}.`,
      });
      setBusinessId('');
      setError(undefined);
    },
    onError: (e) => setError(singleFieldMessageOf(e, 'Please try again')),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!businessId) {
      setError('Choose a business');
      return;
    }
    grant.mutate({ businessId, purpose, days });
  };
  return (
    <form className="grid gap-3 md:grid-cols-2 lg:grid-cols-4 lg:items-end" onSubmit={onSubmit} noValidate>
      <LenderPicker
        ids="consent"
        searchLabel="Find a business"
        label="Business"
        businessId={businessId}
        onChange={setBusinessId}
        error={error}
      />
      <Field id="consent-purpose" label="For">
        <NativeSelect value={purpose} onChange={(e) => setPurpose(e.target.value as TPurposeCode)}>
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
export function WithdrawConsentForm() {
  const [businessId, setBusinessId] = useState('');
  const [purpose, setPurpose] = useState<TPurposeCode | ''>('');
  const [error, setError] = useState<string | undefined>();
  const withdraw = useRevokeConsent({
    onSuccess: (result) => {
      toast({ kind: 'success', title: 'Consent withdrawn', description: result.message });
      setBusinessId('');
      setError(undefined);
    },
    onError: (e) => setError(singleFieldMessageOf(e, 'Please try again')),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!businessId) {
      setError('Choose a business');
      return;
    }
    withdraw.mutate({ businessId, ...(purpose ? { purpose } : {}) });
  };
  return (
    <form className="grid gap-3 md:grid-cols-2 lg:grid-cols-4 lg:items-end" onSubmit={onSubmit} noValidate>
      <h3 className="text-sm font-medium md:col-span-2 lg:col-span-4">Withdraw consent from a business</h3>
      <LenderPicker
        ids="withdraw"
        searchLabel="Search lenders"
        label="Lender"
        businessId={businessId}
        onChange={setBusinessId}
        error={error}
      />
      <Field id="withdraw-purpose" label="Purposes">
        <NativeSelect value={purpose} onChange={(e) => setPurpose(e.target.value as TPurposeCode)}>
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
