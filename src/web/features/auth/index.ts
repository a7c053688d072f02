import type { TPageLoader } from '@web/lib/page-loader';

/** Signing in and the access portal: each page loaded on demand (its own chunk). */
export const loadAccessPortalPage: TPageLoader = () => import('./access-portal-page');
export const loadBusinessLoginPage: TPageLoader = () => import('./business-login-page');
export const loadAdminLoginPage: TPageLoader = () => import('./admin-login-page');
/** /reset-password: a code by SMS or email, then a new password (decisions/034). */
export const loadResetPasswordPage: TPageLoader = () => import('./reset-password-page');
