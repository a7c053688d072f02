import type { ReactNode } from 'react';
import { Checkbox } from './checkbox';
import { Field } from './field';

/** A Field holding a checkbox, its label (and hint) beside it: terms, consent, preferences. */
export function CheckboxField({
  id,
  label,
  hint,
  checked,
  onCheckedChange,
  error,
  disabled,
  className,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  error?: string;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error} orientation="horizontal" className={className}>
      <Checkbox className="mt-0.5" checked={checked} disabled={disabled} onCheckedChange={(v) => onCheckedChange(v === true)} />
    </Field>
  );
}
