import { zodResolver } from '@hookform/resolvers/zod';
import { Lock } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { ZPasswordChangeSchema, type TPasswordChange } from '@shared/schemas/business';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { toast } from '@web/lib/toast';
import { useChangeBusinessPassword } from '../api/profile';
import { Refusal } from './settings-fields';
import { FormField } from '@web/components/ui/form-field';

/** The signed-in person's own password. */
export function PasswordTab() {
  const form = useForm<TPasswordChange>({
    resolver: zodResolver(ZPasswordChangeSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  // Its text fields: ids "settings-<name>", no autofill unless a field asks for it.
  const field = { form, idPrefix: 'settings-', autoComplete: 'off' };
  const change = useChangeBusinessPassword({
    onSuccess: (result) => {
      form.reset();
      toast({ kind: 'success', title: 'Password changed', description: result.message });
    },
    onError: (error) => applyServerFieldErrors(form, error),
  });
  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2">
            <Lock className="size-5" aria-hidden />
            Change password
          </h2>
        </CardTitle>
        <CardDescription>Changing it signs you out everywhere else; this session stays.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" noValidate onSubmit={form.handleSubmit((v) => change.mutate(v))} aria-label="Change password">
          <FormField {...field} name="currentPassword" label="Current password" type="password" autoComplete="current-password" />
          <FormField
            {...field}
            name="newPassword"
            label="New password"
            type="password"
            autoComplete="new-password"
            hint="At least 8 characters."
          />
          <FormField {...field} name="confirmPassword" label="Confirm new password" type="password" autoComplete="new-password" />
          <Refusal error={change.error} />
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Changing…' : 'Change password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
