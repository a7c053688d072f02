import type { ReactNode } from 'react';

/** The title block of an administrator's or regulator's page: environment, page name, a line. */
export function PageHeader({ environment, title, description, actions }: { environment: string; title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="space-y-1">
        <p className="text-sm font-medium text-primary">{environment}</p>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {description ? <p className="max-w-3xl text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

/** A figure with its label (and an optional line under it). */
export function StatCard({ label, value, hint, tone = 'default' }: { label: string; value: ReactNode; hint?: ReactNode; tone?: 'default' | 'warning' | 'danger' | 'good' }) {
  const toneClass = { default: '', warning: 'border-warning', danger: 'border-destructive/60', good: 'border-accent' }[tone];
  return (
    <div className={`rounded-xl border bg-card p-4 shadow-sm ${toneClass}`}>
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums">{value}</p>
      {hint ? <p className="mt-1 text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

/** A card's heading at the right level for these pages (h2). */
export function SectionTitle({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <h2 id={id} className="text-lg font-semibold leading-tight">
      {children}
    </h2>
  );
}
