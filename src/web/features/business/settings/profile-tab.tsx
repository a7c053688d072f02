import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ZBusinessProfileUpdateSchema, type TBusinessProfile, type TBusinessProfileUpdate } from '@shared/schemas/business';
import { formatShortDate } from '@shared/format';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { useProfile, useUpdateProfile } from '../api/profile';
import { Refusal } from './settings-fields';
import { FormField } from '@web/components/ui/form-field';
import { businessTypeLabel, verificationLabel } from '@shared/labels';

function ProfileEditor({ profile }: { profile: TBusinessProfile }) {
  const form = useForm<TBusinessProfileUpdate>({
    resolver: zodResolver(ZBusinessProfileUpdateSchema),
    defaultValues: {
      contactName: profile.contactName,
      contactPosition: profile.contactPosition ?? '',
      phone: profile.phone,
      email: profile.email,
      address: profile.address ?? '',
    },
  });
  // Its text fields: ids "settings-<name>", no autofill unless a field asks for it.
  const field = { form, idPrefix: 'settings-', autoComplete: 'off' };
  const save = useUpdateProfile({ successToast: 'Profile saved', onError: (error) => applyServerFieldErrors(form, error) });
  return (
    <form className="space-y-4" noValidate onSubmit={form.handleSubmit((v) => save.mutate(v))} aria-label="Contact details">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField {...field} name="contactName" label="Contact person" autoComplete="name" />
        <FormField {...field} name="contactPosition" label="Position" />
        <FormField {...field} name="phone" label="Phone" type="tel" hint="+232 XX XXX XXXX" />
        <FormField {...field} name="email" label="Email" type="email" />
      </div>
      <FormField {...field} name="address" label="Address" autoComplete="street-address" />
      <Refusal error={save.error} />
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save contact details'}
      </Button>
    </form>
  );
}

/** The business's registered details (read only) and its contact details (the owner edits them). */
export function ProfileTab() {
  const profile = useProfile();
  if (profile.isPending) return <Skeleton className="h-64" />;
  if (profile.isError) return <Refusal error={profile.error} />;
  const p = profile.data;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Business</h2>
          </CardTitle>
          <CardDescription>
            Verified details change through CreditCheck SL: write to support with the new registration documents.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            {(
              [
                ['Business name', p.businessName],
                ['Type', businessTypeLabel(p.businessType)],
                ['Registration number', p.registrationNumber],
                ['Tax ID', p.taxId ?? '—'],
                ['Verification', verificationLabel(p.verificationStatus)],
                ['Registered', formatShortDate(p.createdAt)],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="font-medium">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-4 border-t pt-4 text-sm">
            <p className="text-muted-foreground">Signed in as</p>
            <p className="font-medium">
              {p.user.fullName} ({p.user.username ?? p.user.email}) · {p.user.isOwner ? 'owner' : 'team member'}
            </p>
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Contact details</h2>
          </CardTitle>
          <CardDescription>
            {p.user.isOwner ? 'Where CreditCheck SL and regulators reach your business.' : 'Only the business owner changes these.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {p.user.isOwner ? (
            <ProfileEditor profile={p} />
          ) : (
            <dl className="grid gap-3 text-sm">
              {(
                [
                  ['Contact person', `${p.contactName}${p.contactPosition ? `, ${p.contactPosition}` : ''}`],
                  ['Phone', p.phone],
                  ['Email', p.email],
                  ['Address', p.address ?? '—'],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="font-medium">{value}</dd>
                </div>
              ))}
            </dl>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
