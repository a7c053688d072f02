import { useState, type ReactNode } from 'react';
import type { TScoreBand } from '@shared/scoring';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { cn } from '@web/lib/utils';
import { labelFromCode, NO_VALUE } from '@shared/format';

const BAND_CLASS: Record<TScoreBand, string> = {
  Good: 'border-transparent bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100',
  Fair: 'border-transparent bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
  Poor: 'border-transparent bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100',
};

/** Good / Fair / Poor, coloured, with the score when there is one. */
export function BandBadge({ band, score, className }: { band: TScoreBand | null; score?: number | null; className?: string }) {
  if (!band) {
    return (
      <Badge variant="outline" className={className}>
        No score
      </Badge>
    );
  }
  return (
    <Badge className={cn(BAND_CLASS[band], className)}>
      {band}
      {score !== undefined && score !== null ? <span className="ml-1 tabular-nums">{score}</span> : null}
    </Badge>
  );
}

export const PURPOSE_LABEL = (code: string | null) => (code ? labelFromCode(code) : NO_VALUE);

/** A choice among a few options that filters what is shown below (a radio group styled as buttons). */
export function SegmentedControl<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <div role="radiogroup" aria-label={label} className="inline-flex h-10 items-center rounded-md bg-muted p-1 text-muted-foreground">
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="radio"
          aria-checked={value === o.value}
          onClick={() => onChange(o.value)}
          className={cn(
            'inline-flex cursor-pointer items-center rounded-sm px-3 py-1.5 text-sm font-medium transition-all focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            value === o.value && 'bg-background text-foreground shadow-sm',
          )}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

/** A button that asks first, in a dialog (a destructive action that cannot be undone). */
export function ConfirmButton({
  label,
  ariaLabel,
  title,
  description,
  confirmLabel,
  onConfirm,
  disabled,
  icon,
}: {
  label: string;
  ariaLabel?: string;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  disabled?: boolean;
  icon?: ReactNode;
}) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setIsOpen(true)} aria-label={ariaLabel} disabled={disabled}>
        {icon}
        {label}
      </Button>
      <Dialog open={isOpen} onOpenChange={setIsOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setIsOpen(false)}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              onClick={() => {
                setIsOpen(false);
                onConfirm();
              }}
            >
              {confirmLabel}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
