import type { ComponentProps, ReactElement, ReactNode } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { Field } from './field';
import { Input } from './input';

/**
 * A Field bound to a react-hook-form field: its error comes from the form (nested names such as
 * "subject.firstName" included) and, without a child, its control is a registered Input taking the
 * remaining props (type, autoComplete, placeholder...). A child (a NativeSelect, a Textarea)
 * registers itself. The id is the prefix and the name, dots as dashes ("register-email").
 */
export function FormField<T extends FieldValues>({
  form,
  name,
  label,
  idPrefix = '',
  hint,
  className,
  children,
  ...inputProps
}: {
  form: UseFormReturn<T>;
  name: FieldPath<T>;
  label: ReactNode;
  idPrefix?: string;
  hint?: ReactNode;
  className?: string;
  children?: ReactElement;
} & Omit<ComponentProps<'input'>, 'form' | 'name' | 'id' | 'children' | 'className'>) {
  const { error } = form.getFieldState(name, form.formState);
  return (
    <Field id={`${idPrefix}${name.replaceAll('.', '-')}`} label={label} error={error?.message} hint={hint} className={className}>
      {children ?? <Input {...inputProps} {...form.register(name)} />}
    </Field>
  );
}
