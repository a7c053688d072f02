import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { ErrorMessageAlert } from '@web/components/ui/query-error-alert';
import { SectionCard } from '@web/components/ui/section-card';
import { applyServerFieldErrors, refusalOf } from '@web/lib/form-errors';
import { toast } from '@web/lib/toast';
import type { TMutationFeedback } from '@web/lib/use-api-mutation';

/** The three fields every role's password change has (the schemas differ only in their wording). */
export interface TPasswordChangeValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const FIELDS = [
  { name: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New password', autoComplete: 'new-password', hint: 'At least 8 characters.' },
  { name: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
] as const;

/**
 * The signed-in person's own password, for every role: the role's schema (its messages), its
 * change hook (its URL), and what to tell the person. The server ends the user's other sessions and
 * keeps this one. Field errors, the schema's and the server's (a wrong current password names its
 * field), show under their fields; a refusal that names no field shows in the form.
 */
export function PasswordChangeCard({
  schema,
  useChange,
  description,
}: {
  schema: z.ZodType<TPasswordChangeValues, TPasswordChangeValues>;
  useChange: (feedback: TMutationFeedback<{ message: string }, TPasswordChangeValues>) => {
    mutate: (values: TPasswordChangeValues) => void;
    isPending: boolean;
    error: unknown;
  };
  description: string;
}) {
  const form = useForm<TPasswordChangeValues>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const change = useChange({
    onSuccess: (result) => {
      form.reset();
      toast({ kind: 'success', title: 'Password changed', description: result.message });
    },
    onError: (error) => applyServerFieldErrors(form, error),
  });
  const errors = form.formState.errors;
  return (
    <SectionCard title="Change password" description={description}>
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
        <ErrorMessageAlert message={refusalOf(change.error)} />
        <div>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Changing…' : 'Change password'}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
