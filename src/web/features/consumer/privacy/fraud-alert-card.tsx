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
import { toast } from '@web/lib/toast';
import { usePlaceFraudAlert, useRemoveFraudAlert } from '../api/privacy';
import { useSettings } from '../api/settings';

/** A fraud alert: lenders are asked to call the person before lending. */
export function FraudAlertCard({ privacy }: { privacy: TPrivacyStatus }) {
  const settings = useSettings();
  const [phone, setPhone] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const place = usePlaceFraudAlert({
    onSuccess: () => {
      toast({
        kind: 'success',
        title: 'Fraud alert placed',
        description: 'Lenders who pull your report are told to verify your identity before lending.',
      });
      setError(undefined);
    },
    onError: (e) => {
      const field = isApiError(e) ? e.fieldErrors.find((f) => f.field === 'contactPhone')?.message : undefined;
      setError(field ?? errorMessageOf(e, 'Please try again'));
    },
  });
  const remove = useRemoveFraudAlert({ successToast: 'Fraud alert removed' });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    place.mutate({ contactPhone: phone || settings.data?.phone || '', note: note || undefined });
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
