import type { TPageLoader } from '@web/lib/page-loader';

/** The "why" explainer's door: its page, loaded on demand. */
export const loadWhyPage: TPageLoader = () => import('./why-page');
