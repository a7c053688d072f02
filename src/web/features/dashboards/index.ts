import type { TRole } from '@shared/roles';
import type { TPageLoader } from '@web/lib/page-loader';

/** A role path without a page of its own shows this honest empty state, loaded on demand. */
export const loadRolePage: TPageLoader<{ role: TRole; title: string; isDashboard?: boolean }> = () => import('./role-page');
