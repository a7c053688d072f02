import type { ReactNode } from 'react';
import { Checkbox } from './checkbox';
import { FieldError, controlProps } from './field';
import { Label } from './label';

/** A checkbox with its label beside it and its error message below. */
export function CheckboxField({
  id,
  label,
  checked,
  onCheckedChange,
  error,
}: {
  id: string;
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  error?: string;
}) {
  return (
    <div className="grid gap-1.5">
      <div className="flex items-start gap-2">
        <Checkbox {...controlProps(id, error)} className="mt-0.5" checked={checked} onCheckedChange={(v) => onCheckedChange(v === true)} />
        <Label htmlFor={id} className="font-normal leading-snug">
          {label}
        </Label>
      </div>
      <FieldError id={id} message={error} />
    </div>
  );
}
