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
import { useT } from '@web/lib/i18n';
import { toast } from '@web/lib/toast';
import { useChangeConsumerPassword, useSaveContact, useSaveNotificationPreferences, useSettings } from './api/settings';
import { PageHeader } from '@web/components/layout/page-header';
import { PasswordChangeCard } from '@web/components/account/password-change-card';
import { CheckboxField } from '@web/components/ui/checkbox-field';
import { QueryErrorCard } from '@web/components/ui/query-error-alert';
import { SmsAlertsCard } from './sms-alerts-card';
import { UssdPinCard } from '@web/features/ussd-simulator';

function ContactForm({ settings }: { settings: TConsumerSettings }) {
  const form = useForm<TContactDetailsInput>({
    resolver: zodResolver(ZContactDetailsSchema),
    defaultValues: { phone: settings.phone, email: settings.email ?? '' },
  });
  const save = useSaveContact({
    successToast: 'Contact details saved',
    onError: (error) => {
      if (!applyServerFieldErrors(form, error))
        toast({ kind: 'error', title: 'Not saved', description: errorMessageOf(error, 'Please try again') });
    },
  });
  const errors = form.formState.errors;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Contact details</h2>
        </CardTitle>
        <CardDescription>
          The phone you sign in with and where email notifications go. The phones on your credit file are those lenders report; to change
          them, ask your lender.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="mb-4 grid gap-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted-foreground">Name</dt>
            <dd>
              {settings.firstName} {settings.lastName}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">National ID</dt>
            <dd>{settings.maskedNationalId}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Date of birth</dt>
            <dd>{formatDate(settings.dateOfBirth)}</dd>
          </div>
        </dl>
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate>
          <Field id="settings-phone" label="Phone" error={errors.phone?.message}>
            <Input type="tel" autoComplete="tel" placeholder="+232 XX XXX XXXX" {...form.register('phone')} />
          </Field>
          <Field id="settings-email" label="Email (optional)" error={errors.email?.message}>
            <Input type="email" autoComplete="email" {...form.register('email')} />
          </Field>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save contact details'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

const PREFERENCES: { key: keyof TNotificationPreferences; label: string; hint: string }[] = [
  { key: 'emailNewAccounts', label: 'New accounts and defaults', hint: 'A lender reports a new account or a default in your name' },
  { key: 'emailInquiries', label: 'Searches and reports', hint: 'A business searches for you or pulls your report' },
  { key: 'emailDisputes', label: 'Dispute updates', hint: 'A lender answers your dispute, or misses the deadline' },
];

function NotificationsForm({ settings }: { settings: TConsumerSettings }) {
  const save = useSaveNotificationPreferences({ successToast: 'Notification settings saved' });
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Notifications</h2>
        </CardTitle>
        <CardDescription>
          You always see notifications under the bell at the top of the page.{' '}
          {settings.isEmailAvailable
            ? settings.email
              ? `Choose which also go to ${settings.email}.`
              : 'Add an email address above to get them by email too.'
            : 'Email delivery is not set up on this server, so they are shown in the app only.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fieldset className="grid gap-3">
          <legend className="mb-1 text-sm font-medium">Also by email</legend>
          {PREFERENCES.map((p) => (
            <CheckboxField
              key={p.key}
              id={`pref-${p.key}`}
              label={p.label}
              hint={p.hint}
              checked={settings.preferences[p.key]}
              disabled={save.isPending}
              onCheckedChange={(checked) => save.mutate({ ...settings.preferences, [p.key]: checked })}
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
          <PasswordChangeCard
            schema={ZChangePasswordSchema}
            useChange={useChangeConsumerPassword}
            description="A new password signs you out on every other phone and computer."
          />
          <NotificationsForm settings={settings.data} />
          <SmsAlertsCard />
          <UssdPinCard />
        </>
      )}
    </div>
  );
}
