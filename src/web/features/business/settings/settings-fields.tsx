import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Field, controlProps } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { isApiError } from '@web/lib/api';
import { plainMessageOf } from '@web/lib/form-errors';

// The fields and the refusal alert the Settings tabs share.

export function TextField<T extends FieldValues>({
  form,
  name,
  label,
  type = 'text',
  hint,
  autoComplete,
}: {
  form: UseFormReturn<T>;
  name: FieldPath<T>;
  label: string;
  type?: string;
  hint?: string;
  autoComplete?: string;
}) {
  const id = `settings-${name}`;
  const error = form.formState.errors[name]?.message as string | undefined;
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Input type={type} autoComplete={autoComplete ?? 'off'} {...controlProps(id, error)} {...form.register(name)} />
    </Field>
  );
}

/** A refusal that names no field, said above the form's button (field errors go under their fields). */
export function Refusal({ error }: { error: unknown }) {
  if (!error || (isApiError(error) && error.fieldErrors.length > 0)) return null;
  return (
    <Alert variant="destructive" role="alert">
      <AlertTitle>Not saved</AlertTitle>
      <AlertDescription>{plainMessageOf(error, 'Please try again.')}</AlertDescription>
    </Alert>
  );
}
