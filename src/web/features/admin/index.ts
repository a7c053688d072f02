import type { TPagesByPath } from '@web/lib/page-loader';

/** The administrator's pages by path, each loaded on demand (its own chunk). */
export const ADMIN_PAGES: TPagesByPath = {
  '/admin/dashboard': () => import('./dashboard-page'),
  '/admin/users': () => import('./users-page'),
  '/admin/compliance': () => import('./compliance-page'),
  '/admin/security': () => import('./security-page'),
  '/admin/settings': () => import('./settings-page'),
};
