import { useState, type FormEvent } from 'react';
import { PERMISSIBLE_PURPOSES, type TPurposeCode } from '@shared/credit-reference';
import { formatDate } from '@shared/format';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input, NativeSelect } from '@web/components/ui/input';
import { singleFieldMessageOf } from '@web/lib/form-errors';
import { useT } from '@web/lib/i18n';
import { toast } from '@web/lib/toast';
import { useGrantConsent, useLenders, useRevokeConsent } from '../api/consents';

// The two consent forms share the lender search (useLenders) and say a refusal under the business field.

/** The consent's length in days; each one's words are consentForms.durations.<days> in the privacy catalogue. */
const DURATIONS = [7, 30, 90, 180, 365];

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
  const { t } = useT('privacy');
  const [q, setQ] = useState('');
  const lenders = useLenders(q);
  return (
    <>
      <Field id={`${ids}-search`} label={searchLabel}>
        <Input type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder={t('consentForms.lenderName')} />
      </Field>
      <Field id={`${ids}-business`} label={label} error={error}>
        <NativeSelect value={businessId} onChange={(e) => onChange(e.target.value)}>
          <option value="">
            {lenders.isPending ? t('consentForms.loading') : t('consentForms.choose', { n: lenders.data?.lenders.length ?? 0 })}
          </option>
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
  const { t } = useT(['privacy', 'labels']);
  const [businessId, setBusinessId] = useState('');
  const [purpose, setPurpose] = useState<TPurposeCode>('credit_application');
  const [days, setDays] = useState(30);
  const [error, setError] = useState<string | undefined>();
  const grant = useGrantConsent({
    onSuccess: (consent) => {
      toast({
        kind: 'success',
        title: t('consentForms.granted'),
        description: t('consentForms.grantedText', {
          business: consent.businessName,
          purpose: consent.purposeName.toLowerCase(),
          date: formatDate(consent.expiresAt),
        }),
      });
      setBusinessId('');
      setError(undefined);
    },
    onError: (e) => setError(singleFieldMessageOf(e, t('consentForms.tryAgain'))),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!businessId) {
      setError(t('consentForms.chooseBusiness'));
      return;
    }
    grant.mutate({ businessId, purpose, days });
  };
  return (
    <form className="grid gap-3 md:grid-cols-2 lg:grid-cols-4 lg:items-end" onSubmit={onSubmit} noValidate>
      <LenderPicker
        ids="consent"
        searchLabel={t('consentForms.findBusiness')}
        label={t('consentForms.business')}
        businessId={businessId}
        onChange={setBusinessId}
        error={error}
      />
      <Field id="consent-purpose" label={t('consentForms.for')}>
        <NativeSelect value={purpose} onChange={(e) => setPurpose(e.target.value as TPurposeCode)}>
          {PERMISSIBLE_PURPOSES.map((p) => (
            <option key={p.code} value={p.code}>
              {t(`labels:purpose.${p.code}`)}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <Field id="consent-days" label={t('consentForms.until')}>
          <NativeSelect value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {DURATIONS.map((d) => (
              <option key={d} value={d}>
                {t(`consentForms.durations.${d}`)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Button type="submit" disabled={grant.isPending}>
          {t('consentForms.grant')}
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
  const { t } = useT(['privacy', 'labels']);
  const [businessId, setBusinessId] = useState('');
  const [purpose, setPurpose] = useState<TPurposeCode | ''>('');
  const [error, setError] = useState<string | undefined>();
  const withdraw = useRevokeConsent({
    onSuccess: (result) => {
      toast({ kind: 'success', title: t('consentForms.withdrawn'), description: result.message });
      setBusinessId('');
      setError(undefined);
    },
    onError: (e) => setError(singleFieldMessageOf(e, t('consentForms.tryAgain'))),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!businessId) {
      setError(t('consentForms.chooseBusiness'));
      return;
    }
    withdraw.mutate({ businessId, ...(purpose ? { purpose } : {}) });
  };
  return (
    <form className="grid gap-3 md:grid-cols-2 lg:grid-cols-4 lg:items-end" onSubmit={onSubmit} noValidate>
      <h3 className="text-sm font-medium md:col-span-2 lg:col-span-4">{t('consentForms.withdrawTitle')}</h3>
      <LenderPicker
        ids="withdraw"
        searchLabel={t('consentForms.searchLenders')}
        label={t('consentForms.lender')}
        businessId={businessId}
        onChange={setBusinessId}
        error={error}
      />
      <Field id="withdraw-purpose" label={t('consentForms.purposes')}>
        <NativeSelect value={purpose} onChange={(e) => setPurpose(e.target.value as TPurposeCode)}>
          <option value="">{t('labels:purpose.all')}</option>
          {PERMISSIBLE_PURPOSES.map((p) => (
            <option key={p.code} value={p.code}>
              {t('consentForms.only', { purpose: t(`labels:purpose.${p.code}`).toLowerCase() })}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Button type="submit" variant="outline" disabled={withdraw.isPending}>
        {t('consentForms.withdraw')}
      </Button>
    </form>
  );
}
