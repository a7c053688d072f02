import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';

/** The title block of a role's page (administrator, regulator, consumer): environment, page name, a line. */
export function PageHeader({
  environment,
  title,
  description,
  actions,
  descriptionClassName = 'max-w-3xl',
}: {
  environment: string;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  descriptionClassName?: string;
}) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="space-y-1">
        <p className="text-sm font-medium text-primary">{environment}</p>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {description ? <p className={`${descriptionClassName} text-muted-foreground`}>{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

/** A figure with its label (and an optional line under it). */
export function StatCard({
  label,
  value,
  hint,
  tone = 'default',
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  tone?: 'default' | 'warning' | 'danger' | 'good';
}) {
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

/**
 * A card with a section heading (h2), an optional line under it and actions beside it: the frame of
 * every panel on the administrator's and regulator's pages.
 */
export function SectionCard({
  title,
  description,
  actions,
  contentClassName,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  contentClassName?: string;
  children: ReactNode;
}) {
  const heading = (
    <>
      <CardTitle>
        <SectionTitle>{title}</SectionTitle>
      </CardTitle>
      {description ? <CardDescription>{description}</CardDescription> : null}
    </>
  );
  return (
    <Card>
      {actions ? (
        <CardHeader className="flex-row items-start justify-between gap-4 space-y-0">
          <div className="space-y-1.5">{heading}</div>
          {actions}
        </CardHeader>
      ) : (
        <CardHeader>{heading}</CardHeader>
      )}
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
