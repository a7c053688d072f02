import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ZPasswordChangeSchema, type TPasswordChange } from '@shared/schemas/business';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { applyServerFieldErrors, errorMessageOf } from '@web/lib/form-errors';
import { useChangeStaffPassword } from '@web/lib/staff-password';
import { toast } from '@web/lib/toast';
import { SectionCard } from '@web/components/ui/section-card';

const FIELDS = [
  { name: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New password', autoComplete: 'new-password', hint: 'At least 8 characters.' },
  { name: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
] as const;

/**
 * A staff member's own password (`POST /api/admin/me/password` or `/api/regulators/me/password`):
 * the other sessions of the user end, this one stays. Field messages come from the shared schema
 * and from the server (a wrong current password names its field).
 */
export function PasswordChangeCard({ role }: { role: 'system_admin' | 'regulator' }) {
  const form = useForm<TPasswordChange>({
    resolver: zodResolver(ZPasswordChangeSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const change = useChangeStaffPassword(role, {
    onSuccess: (result) => {
      form.reset();
      toast({ kind: 'success', title: 'Password changed', description: result.message });
    },
    onError: (error) => {
      if (!applyServerFieldErrors(form, error))
        toast({ kind: 'error', title: 'Password not changed', description: errorMessageOf(error, 'Please try again') });
    },
  });
  const errors = form.formState.errors;
  return (
    <SectionCard title="Change password" description="A new password signs you out everywhere else; this session stays.">
      <form
        className="grid max-w-md gap-4"
        noValidate
        aria-label="Change password"
        onSubmit={form.handleSubmit((values) => change.mutate(values))}
      >
        {FIELDS.map((f) => (
          <Field
            key={f.name}
            id={`password-${f.name}`}
            label={f.label}
            error={errors[f.name]?.message}
            hint={'hint' in f ? f.hint : undefined}
          >
            <Input type="password" autoComplete={f.autoComplete} {...form.register(f.name)} />
          </Field>
        ))}
        <div>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Changing…' : 'Change password'}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
