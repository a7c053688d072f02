import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './card';

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
