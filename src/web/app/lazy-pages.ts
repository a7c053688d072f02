import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ADMIN_PAGES } from '@web/features/admin';
import { loadAccessPortalPage, loadAdminLoginPage, loadBusinessLoginPage, loadResetPasswordPage } from '@web/features/auth';
import { BUSINESS_PAGES } from '@web/features/business';
import { CONSUMER_PAGES } from '@web/features/consumer';
import { loadRolePage } from '@web/features/dashboards';
import { loadHelpPage } from '@web/features/help';
import { loadAcceptInvitePage } from '@web/features/invite';
import { loadLandingPage } from '@web/features/landing';
import { loadLegalPage } from '@web/features/legal';
import { loadNotFoundPage } from '@web/features/not-found';
import { loadRegisterPage } from '@web/features/register';
import { REGULATOR_PAGES } from '@web/features/regulator';
import { loadSubscribePage } from '@web/features/subscribe';
import { loadUssdSimulatorPage } from '@web/features/ussd-simulator';
import { loadVerifyCertificatePage } from '@web/features/verify';
import { loadWhyPage } from '@web/features/why';

// Every page is its own chunk (React.lazy), so the landing page's first load carries only the
// shell and the landing code. Pages come through their feature's index.ts, which lists them as
// dynamic imports: importing an index costs a few bytes and keeps the chunks split.
export { loadLandingPage };
export const LandingPage = lazy(loadLandingPage);
export const WhyPage = lazy(loadWhyPage);
export const HelpPage = lazy(loadHelpPage);
export const AccessPortalPage = lazy(loadAccessPortalPage);
export const BusinessLoginPage = lazy(loadBusinessLoginPage);
export const AdminLoginPage = lazy(loadAdminLoginPage);
export const ResetPasswordPage = lazy(loadResetPasswordPage);
export const RegisterPage = lazy(loadRegisterPage);
export const SubscribePage = lazy(loadSubscribePage);
export const RolePage = lazy(loadRolePage);
export const NotFoundPage = lazy(loadNotFoundPage);
export const LegalPage = lazy(loadLegalPage);
/** /ussd-simulator: a feature phone driving the USSD menu, demo mode only (decisions/044). */
export const UssdSimulatorPage = lazy(loadUssdSimulatorPage);
/** /verify/:id, public: a clearance certificate checked (decisions/045). */
export const VerifyCertificatePage = lazy(loadVerifyCertificatePage);
export const PublicLayout = lazy(() => import('@web/components/layout/public-layout').then((m) => ({ default: m.PublicLayout })));
export const RoleLayout = lazy(() => import('@web/components/layout/role-layout').then((m) => ({ default: m.RoleLayout })));

/**
 * The real pages behind the role headers' links, by path; a path not listed here shows RolePage's
 * honest empty state. Each role area lists its own in its index.ts.
 */
export const ROLE_PAGES: Partial<Record<string, LazyExoticComponent<ComponentType>>> = Object.fromEntries(
  Object.entries({ ...CONSUMER_PAGES, ...BUSINESS_PAGES, ...ADMIN_PAGES, ...REGULATOR_PAGES }).map(([path, load]) => [path, lazy(load)]),
);

/** /invite/:token, where an invited administrator or regulator sets a password (decisions/013). */
export const AcceptInvitePage = lazy(loadAcceptInvitePage);
