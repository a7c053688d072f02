import type { TPageLoader } from '@web/lib/page-loader';

/** The business registration screen's door: its page, loaded on demand. */
export const loadRegisterPage: TPageLoader = () => import('./register-page');
