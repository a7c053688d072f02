import { AlertTriangle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { TPrivacyStatus } from '@shared/schemas/consumer';
import { formatDate } from '@shared/format';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { isApiError } from '@web/lib/api';
import { errorMessageOf } from '@web/lib/form-errors';
import { useT } from '@web/lib/i18n';
import { toast } from '@web/lib/toast';
import { usePlaceFraudAlert, useRemoveFraudAlert } from '../api/privacy';
import { useSettings } from '../api/settings';

/** A fraud alert: lenders are asked to call the person before lending. */
export function FraudAlertCard({ privacy }: { privacy: TPrivacyStatus }) {
  const { t } = useT('privacy');
  const settings = useSettings();
  const [phone, setPhone] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const place = usePlaceFraudAlert({
    onSuccess: () => {
      toast({
        kind: 'success',
        title: t('fraud.placedToast'),
        description: t('fraud.placedToastText'),
      });
      setError(undefined);
    },
    onError: (e) => {
      const field = isApiError(e) ? e.fieldErrors.find((f) => f.field === 'contactPhone')?.message : undefined;
      setError(field ?? errorMessageOf(e, t('fraud.tryAgain')));
    },
  });
  const remove = useRemoveFraudAlert({ successToast: t('fraud.removedToast') });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    place.mutate({ contactPhone: phone || settings.data?.phone || '', note: note || undefined });
  };
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4 space-y-0">
        <div className="space-y-1.5">
          <CardTitle>
            <h2>{t('fraud.title')}</h2>
          </CardTitle>
          <CardDescription>{t('fraud.description')}</CardDescription>
        </div>
        <AlertTriangle className="size-5 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent>
        {privacy.fraudAlert ? (
          <div className="flex flex-wrap items-center gap-3">
            <Badge variant="warning">{t('fraud.onSince', { date: formatDate(privacy.fraudAlert.placedAt) })}</Badge>
            <span className="text-sm text-muted-foreground">{t('fraud.askedToCall', { phone: privacy.fraudAlert.contactPhone })}</span>
            <Button variant="outline" className="ml-auto" onClick={() => remove.mutate()} disabled={remove.isPending}>
              {t('fraud.remove')}
            </Button>
          </div>
        ) : (
          <form className="grid gap-3 sm:grid-cols-2" onSubmit={onSubmit} noValidate>
            <Field
              id="fraud-phone"
              label={t('fraud.phone')}
              error={error}
              hint={settings.data ? t('fraud.phoneHint', { phone: settings.data.phone }) : undefined}
            >
              <Input type="tel" placeholder={t('fraud.phonePlaceholder')} value={phone} onChange={(e) => setPhone(e.target.value)} />
            </Field>
            <Field id="fraud-note" label={t('fraud.note')}>
              <Input value={note} onChange={(e) => setNote(e.target.value)} maxLength={300} placeholder={t('fraud.notePlaceholder')} />
            </Field>
            <div className="sm:col-span-2">
              <Button type="submit" disabled={place.isPending}>
                {t('fraud.place')}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
