import type { TPageLoader } from '@web/lib/page-loader';

/** The landing feature's door: its page, loaded on demand (its own chunk, prefetched on "/"). */
export const loadLandingPage: TPageLoader = () => import('./landing-page');
