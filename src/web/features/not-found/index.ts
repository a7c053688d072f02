import type { TPageLoader } from '@web/lib/page-loader';

/** The not-found page's door, loaded on demand. */
export const loadNotFoundPage: TPageLoader = () => import('./not-found-page');
