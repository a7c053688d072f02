import type { TPageLoader } from '@web/lib/page-loader';

/** /invite/:token, where an invited administrator or regulator sets a password (decisions/013). */
export const loadAcceptInvitePage: TPageLoader = () => import('./accept-invite-page');
