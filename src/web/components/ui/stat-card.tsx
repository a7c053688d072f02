import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@web/lib/utils';
import { Skeleton } from './skeleton';

const TONE_CLASS = { default: '', warning: 'border-warning', danger: 'border-destructive/60', good: 'border-accent' } as const;

/**
 * A figure with its label, an optional icon and a line under it; the border's tone flags a figure
 * that needs attention. The dashboards' and summaries' one figure card.
 */
export function StatCard({
  label,
  value,
  hint,
  icon: Icon,
  tone = 'default',
  isLoading,
  testId,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon?: LucideIcon;
  tone?: keyof typeof TONE_CLASS;
  isLoading?: boolean;
  testId?: string;
}) {
  return (
    <div
      className={cn(
        'min-w-0 space-y-2 rounded-xl border bg-card p-4 text-card-foreground shadow-sm [overflow-wrap:anywhere] sm:p-5',
        TONE_CLASS[tone],
      )}
      data-testid={testId}
    >
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        {Icon ? <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden /> : null}
      </div>
      {isLoading ? <Skeleton className="h-9 w-24" /> : <p className="text-2xl font-bold tabular-nums sm:text-3xl">{value}</p>}
      {hint && !isLoading ? <div className="text-sm text-muted-foreground">{hint}</div> : null}
    </div>
  );
}
