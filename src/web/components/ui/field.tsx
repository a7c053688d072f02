import { Slot } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';
import { cn } from '@web/lib/utils';
import { Label } from './label';

/**
 * What ties a control to its label, hint and error for assistive technology: the id the label
 * points to, aria-invalid while there is an error, and aria-describedby naming the hint and error.
 */
export function fieldControlProps(id: string, { error, hasHint = false }: { error?: string; hasHint?: boolean } = {}) {
  const describedBy = [hasHint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined } as const;
}

export type TFieldControlProps = ReturnType<typeof fieldControlProps>;

/** A field's error message, announced when it appears; also under a group of radio buttons. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}

/**
 * The one form field: a label, one control, an optional hint and the error message. The control is
 * the only child (Input, NativeSelect, Textarea, Checkbox...) and receives its id and aria
 * attributes from here through Radix Slot, so no page writes them by hand; a control rendered by
 * someone else (react-hook-form's Controller) takes them as a function child instead.
 * `orientation="horizontal"` puts the control before its label (a checkbox).
 */
export function Field({
  id,
  label,
  error,
  hint,
  orientation = 'vertical',
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  orientation?: 'vertical' | 'horizontal';
  className?: string;
  children: ReactElement | ((control: TFieldControlProps) => ReactNode);
}) {
  const control = fieldControlProps(id, { error, hasHint: Boolean(hint) });
  const controlNode = typeof children === 'function' ? children(control) : <Slot.Root {...control}>{children}</Slot.Root>;
  const hintNode = hint ? (
    <p id={`${id}-hint`} className="text-xs text-muted-foreground">
      {hint}
    </p>
  ) : null;
  if (orientation === 'horizontal') {
    return (
      <div className={cn('grid gap-1.5', className)}>
        <div className="flex items-start gap-2">
          {controlNode}
          <div className="grid gap-0.5">
            <Label htmlFor={id} className="font-normal leading-snug">
              {label}
            </Label>
            {hintNode}
          </div>
        </div>
        <FieldError id={id} message={error} />
      </div>
    );
  }
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {controlNode}
      {hintNode}
      <FieldError id={id} message={error} />
    </div>
  );
}
