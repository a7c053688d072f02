import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// Every page is its own chunk (React.lazy), so the landing page's first load carries only the
// shell and the landing code.
export const loadLandingPage = () => import('@web/features/landing/landing-page');
export const LandingPage = lazy(loadLandingPage);
export const WhyPage = lazy(() => import('@web/features/why/why-page'));
export const HelpPage = lazy(() => import('@web/features/help/help-page'));
export const AccessPortalPage = lazy(() => import('@web/features/auth/access-portal-page'));
export const BusinessLoginPage = lazy(() => import('@web/features/auth/business-login-page'));
export const AdminLoginPage = lazy(() => import('@web/features/auth/admin-login-page'));
export const RegisterPage = lazy(() => import('@web/features/register/register-page'));
export const SubscribePage = lazy(() => import('@web/features/subscribe/subscribe-page'));
export const RolePage = lazy(() => import('@web/features/dashboards/role-page'));
export const NotFoundPage = lazy(() => import('@web/features/not-found/not-found-page'));
export const PublicLayout = lazy(() => import('@web/components/layout/public-layout').then((m) => ({ default: m.PublicLayout })));
export const RoleLayout = lazy(() => import('@web/components/layout/role-layout').then((m) => ({ default: m.RoleLayout })));

/**
 * The real pages behind the role headers' links, by path; a path not listed here shows RolePage's
 * honest empty state. Each area adds its own lines.
 */
export const ROLE_PAGES: Partial<Record<string, LazyExoticComponent<ComponentType>>> = {
  '/consumer/dashboard': lazy(() => import('@web/features/consumer/dashboard-page')),
  '/consumer/reports': lazy(() => import('@web/features/consumer/reports-page')),
  '/consumer/disputes': lazy(() => import('@web/features/consumer/disputes-page')),
  '/consumer/privacy': lazy(() => import('@web/features/consumer/privacy-page')),
  '/consumer/access-log': lazy(() => import('@web/features/consumer/access-log-page')),
  '/consumer/settings': lazy(() => import('@web/features/consumer/settings-page')),
  '/business/dashboard': lazy(() => import('@web/features/business/dashboard-page')),
  '/business/search': lazy(() => import('@web/features/business/search-page')),
  '/business/reports': lazy(() => import('@web/features/business/reports-page')),
  '/business/disputes': lazy(() => import('@web/features/business/disputes-page')),
  '/business/analytics': lazy(() => import('@web/features/business/analytics-page')),
  '/business/settings': lazy(() => import('@web/features/business/settings-page')),
  '/credit-scoring': lazy(() => import('@web/features/business/credit-scoring-page')),
  '/admin/dashboard': lazy(() => import('@web/features/admin/dashboard-page')),
  '/admin/users': lazy(() => import('@web/features/admin/users-page')),
  '/admin/compliance': lazy(() => import('@web/features/admin/compliance-page')),
  '/admin/security': lazy(() => import('@web/features/admin/security-page')),
  '/admin/settings': lazy(() => import('@web/features/admin/settings-page')),
  '/regulator/dashboard': lazy(() => import('@web/features/regulator/dashboard-page')),
  '/regulator/compliance': lazy(() => import('@web/features/regulator/compliance-page')),
  '/regulator/audits': lazy(() => import('@web/features/regulator/audits-page')),
  '/regulator/investigations': lazy(() => import('@web/features/regulator/investigations-page')),
  '/regulator/incidents': lazy(() => import('@web/features/regulator/incidents-page')),
  '/regulator/settings': lazy(() => import('@web/features/regulator/settings-page')),
};

/** /invite/:token, where an invited administrator or regulator sets a password (decisions/013). */
export const AcceptInvitePage = lazy(() => import('@web/features/invite/accept-invite-page'));
/** A business's registration documents: shown under its Settings page (app/routes.tsx). */
export const BusinessDocumentsSection = lazy(() =>
  import('@web/features/business-documents/business-documents-section').then((m) => ({ default: m.BusinessDocumentsSection })),
);
