import type { TPageLoader } from '@web/lib/page-loader';

/** /verify/:id: anyone checks a clearance certificate, no sign-in (issue 21, decisions/045). */
export const loadVerifyCertificatePage: TPageLoader = () => import('./verify-certificate-page');
