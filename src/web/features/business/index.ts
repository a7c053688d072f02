import type { TPagesByPath } from '@web/lib/page-loader';

/** The business workspace: its pages by path, each loaded on demand (its own chunk). */
export const BUSINESS_PAGES: TPagesByPath = {
  '/business/dashboard': () => import('./dashboard-page'),
  '/business/search': () => import('./search-page'),
  '/business/reports': () => import('./reports-page'),
  '/business/disputes': () => import('./disputes-page'),
  '/business/analytics': () => import('./analytics-page'),
  '/business/settings': () => import('./settings-page'),
  '/credit-scoring': () => import('./credit-scoring-page'),
};
