import type { ReactNode } from 'react';
import { PageHeader as RolePageHeader } from '@web/components/oversight/page-header';
import { ROLE_INFO } from '@web/lib/role-info';

export { SectionTitle } from '@web/components/oversight/page-header';

/** A consumer page's title block: the environment, the page name (the header link's words) and a line. */
export function PageHeader(props: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return <RolePageHeader environment={ROLE_INFO.consumer.environment} descriptionClassName="max-w-2xl" {...props} />;
}
