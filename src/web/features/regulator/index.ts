import type { TPagesByPath } from '@web/lib/page-loader';

/** The regulator's pages by path, each loaded on demand (its own chunk). */
export const REGULATOR_PAGES: TPagesByPath = {
  '/regulator/dashboard': () => import('./dashboard-page'),
  '/regulator/compliance': () => import('./compliance-page'),
  '/regulator/audits': () => import('./audits-page'),
  '/regulator/investigations': () => import('./investigations-page'),
  '/regulator/incidents': () => import('./incidents-page'),
  '/regulator/settings': () => import('./settings-page'),
};
