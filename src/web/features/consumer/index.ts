import type { TPagesByPath } from '@web/lib/page-loader';

/** The consumer's workspace: its pages by path, each loaded on demand (its own chunk). */
export const CONSUMER_PAGES: TPagesByPath = {
  '/consumer/dashboard': () => import('./dashboard-page'),
  '/consumer/reports': () => import('./reports-page'),
  '/consumer/disputes': () => import('./disputes-page'),
  '/consumer/privacy': () => import('./privacy-page'),
  '/consumer/access-log': () => import('./access-log-page'),
  '/consumer/settings': () => import('./settings-page'),
};
