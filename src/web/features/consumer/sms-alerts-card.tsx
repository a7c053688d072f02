import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { CheckboxField } from '@web/components/ui/checkbox-field';
import { QueryErrorCard } from '@web/components/ui/query-error-alert';
import { useT } from '@web/lib/i18n';
import { useSaveSmsAlerts, useSmsAlerts } from './api/sms-alerts';

/** Settings: "Text message alerts" on or off (the same switch as texting STOP or START; decisions/046). */
export function SmsAlertsCard() {
  const { t } = useT('sms');
  const alerts = useSmsAlerts();
  const save = useSaveSmsAlerts({
    successToast: (result) => (result.isOn ? t('settings.turnedOn') : t('settings.turnedOff')),
    errorToast: t('settings.notSaved'),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t('settings.title')}</h2>
        </CardTitle>
        <CardDescription>{t('settings.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {alerts.isError ? (
          <QueryErrorCard query={alerts} />
        ) : alerts.data && !alerts.data.phone ? (
          <p className="text-sm text-muted-foreground">{t('settings.noPhone')}</p>
        ) : (
          <>
            <CheckboxField
              id="sms-alerts"
              label={t('settings.label')}
              hint={alerts.data?.phone ? t('settings.hint', { phone: alerts.data.phone }) : undefined}
              checked={alerts.data?.isOn ?? false}
              disabled={!alerts.data || save.isPending}
              onCheckedChange={(isOn) => save.mutate({ isOn })}
            />
            {alerts.data && !alerts.data.isIdentityVerified && <p className="text-sm text-muted-foreground">{t('settings.notVerified')}</p>}
          </>
        )}
      </CardContent>
    </Card>
  );
}
