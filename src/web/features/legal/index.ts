import type { TLegalPage } from '@shared/app-routes';
import type { TPageLoader } from '@web/lib/page-loader';

/** The legal pages' door (Terms of Service, Privacy Policy, Data Protection, Compliance), loaded on demand. */
export const loadLegalPage: TPageLoader<{ page: TLegalPage }> = () => import('./legal-page');
