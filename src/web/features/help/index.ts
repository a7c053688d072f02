import type { TPageLoader } from '@web/lib/page-loader';

/** The help centre's door: its page, loaded on demand. */
export const loadHelpPage: TPageLoader = () => import('./help-page');
