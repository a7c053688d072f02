import type { TRole } from '@shared/roles';
import type { TPageLoader } from '@web/lib/page-loader';

/** The subscription page's door: its page (told the signed-in role), loaded on demand. */
export const loadSubscribePage: TPageLoader<{ role: TRole }> = () => import('./subscribe-page');
