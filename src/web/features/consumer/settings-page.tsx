import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  ZChangePasswordSchema,
  ZContactDetailsSchema,
  type TConsumerSettings,
  type TContactDetailsInput,
  type TNotificationPreferences,
} from '@shared/schemas/consumer';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { PageLoading } from '@web/components/ui/page-loading';
import { formatDate } from '@shared/format';
import { applyServerFieldErrors, errorMessageOf } from '@web/lib/form-errors';
import { useT, withEnglish } from '@web/lib/i18n';
import { toast } from '@web/lib/toast';
import { useChangeConsumerPassword, useSaveContact, useSaveNotificationPreferences, useSettings } from './api/settings';
import { PageHeader } from '@web/components/layout/page-header';
import { PasswordChangeCard } from '@web/components/account/password-change-card';
import { CheckboxField } from '@web/components/ui/checkbox-field';
import { QueryErrorCard } from '@web/components/ui/query-error-alert';
import { SmsAlertsCard } from './sms-alerts-card';
import { UssdPinCard } from './ussd-pin-card';
import settingsEnglish from 'english-catalogue:settings';
import smsEnglish from 'english-catalogue:sms';
import ussdEnglish from 'english-catalogue:ussd';

// This page's English beyond the shell's, carried in this page's file (decisions/048).
withEnglish({ settings: settingsEnglish, sms: smsEnglish, ussd: ussdEnglish });

function ContactForm({ settings }: { settings: TConsumerSettings }) {
  const { t } = useT('settings');
  const form = useForm<TContactDetailsInput>({
    resolver: zodResolver(ZContactDetailsSchema),
    defaultValues: { phone: settings.phone, email: settings.email ?? '' },
  });
  const save = useSaveContact({
    successToast: t('contact.saved'),
    onError: (error) => {
      if (!applyServerFieldErrors(form, error))
        toast({ kind: 'error', title: t('contact.notSaved'), description: errorMessageOf(error, t('contact.tryAgain')) });
    },
  });
  const errors = form.formState.errors;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t('contact.title')}</h2>
        </CardTitle>
        <CardDescription>{t('contact.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="mb-4 grid gap-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted-foreground">{t('contact.name')}</dt>
            <dd>
              {settings.firstName} {settings.lastName}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('contact.nationalId')}</dt>
            <dd>{settings.maskedNationalId}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('contact.dateOfBirth')}</dt>
            <dd>{formatDate(settings.dateOfBirth)}</dd>
          </div>
        </dl>
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate>
          <Field id="settings-phone" label={t('contact.phone')} error={errors.phone?.message}>
            <Input type="tel" autoComplete="tel" placeholder={t('contact.phonePlaceholder')} {...form.register('phone')} />
          </Field>
          <Field id="settings-email" label={t('contact.email')} error={errors.email?.message}>
            <Input type="email" autoComplete="email" {...form.register('email')} />
          </Field>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? t('contact.saving') : t('contact.save')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** The email choices; each one's words are notifications.<key> and <key>Hint in the settings catalogue. */
const PREFERENCES: (keyof TNotificationPreferences)[] = ['emailNewAccounts', 'emailInquiries', 'emailDisputes'];

function NotificationsForm({ settings }: { settings: TConsumerSettings }) {
  const { t } = useT('settings');
  const save = useSaveNotificationPreferences({ successToast: t('notifications.saved') });
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t('notifications.title')}</h2>
        </CardTitle>
        <CardDescription>
          {t('notifications.always')}{' '}
          {settings.isEmailAvailable
            ? settings.email
              ? t('notifications.choose', { email: settings.email })
              : t('notifications.addEmail')
            : t('notifications.noEmail')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fieldset className="grid gap-3">
          <legend className="mb-1 text-sm font-medium">{t('notifications.alsoByEmail')}</legend>
          {PREFERENCES.map((p) => (
            <CheckboxField
              key={p}
              id={`pref-${p}`}
              label={t(`notifications.${p}`)}
              hint={t(`notifications.${p}Hint`)}
              checked={settings.preferences[p]}
              disabled={save.isPending}
              onCheckedChange={(checked) => save.mutate({ ...settings.preferences, [p]: checked })}
            />
          ))}
        </fieldset>
      </CardContent>
    </Card>
  );
}

/** Settings: contact details, password, notifications. */
export default function ConsumerSettingsPage() {
  const { t } = useT('settings');
  const settings = useSettings();
  return (
    <div className="space-y-6">
      <PageHeader role="consumer" title={t('title')} description={t('description')} />
      {settings.isPending ? (
        <PageLoading label={t('loading')} />
      ) : settings.isError ? (
        <QueryErrorCard query={settings} />
      ) : (
        <>
          <ContactForm settings={settings.data} />
          <PasswordChangeCard schema={ZChangePasswordSchema} useChange={useChangeConsumerPassword} description={t('passwordDescription')} />
          <NotificationsForm settings={settings.data} />
          <SmsAlertsCard />
          <UssdPinCard />
        </>
      )}
    </div>
  );
}
