import type { ReactNode } from 'react';
import type { TRole } from '@shared/roles';
import { useT } from '@web/lib/i18n';
import { ROLE_INFO } from '@web/lib/role-info';

/**
 * The title block of every role page: the role's portal name, the page's h1 (the header link's
 * words) and a line saying what the page is for, with the page's actions beside it. The portal
 * name and actions stay off paper (a printed report keeps only its title).
 */
export function PageHeader({
  role,
  title,
  description,
  actions,
}: {
  role: TRole;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  // The consumer portal names itself in the person's language; the other roles' pages stay English.
  const { t } = useT('portal');
  const environment = role === 'consumer' ? t('environment') : ROLE_INFO[role].environment;
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="space-y-1">
        <p className="text-sm font-medium text-primary print:hidden">{environment}</p>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {description ? <p className="max-w-3xl text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2 print:hidden">{actions}</div> : null}
    </div>
  );
}
