import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { LEGAL_PAGES, PASSWORD_RESET_PATH, type TLegalPage } from '@shared/app-routes';
import type { TRole } from '@shared/roles';
import { PageLoading } from '@web/components/ui/page-loading';
import { ROLE_INFO, ROLE_NAV } from '@web/lib/role-info';
import { useSession } from '@web/lib/session';
import { InRoleLayout, RequireRole, RequireSignedIn } from './guards';
import {
  AcceptInvitePage,
  AccessPortalPage,
  AdminLoginPage,
  BusinessLoginPage,
  HelpPage,
  LandingPage,
  LegalPage,
  NotFoundPage,
  PublicLayout,
  RegisterPage,
  ResetPasswordPage,
  ROLE_PAGES,
  RolePage,
  SubscribePage,
  UssdSimulatorPage,
  VerifyCertificatePage,
  WhyPage,
} from './lazy-pages';

/** The role's dashboard: the first link of its header. */
function RoleDashboard({ role }: { role: TRole }) {
  const Page = ROLE_PAGES[ROLE_INFO[role].home];
  return Page ? <Page /> : <RolePage role={role} title={ROLE_NAV[role][0].label} isDashboard />;
}

/** A role route's page: the area's own page when it has one, else the honest empty state. */
function RoleRoutePage({ role, path, title, isDashboard }: { role: TRole; path: string; title: string; isDashboard: boolean }) {
  const Page = ROLE_PAGES[path];
  // A business uploads its registration documents from its Settings page's Documents tab (decisions/013).
  return Page ? <Page /> : <RolePage role={role} title={title} isDashboard={isDashboard} />;
}

/** "/": the landing page for visitors, the role's dashboard when signed in. */
function HomeRoute() {
  const { isLoading, session } = useSession();
  if (isLoading) return <PageLoading />;
  if (!session) return <LandingPage />;
  return (
    <InRoleLayout role={session.role}>
      <RoleDashboard role={session.role} />
    </InRoleLayout>
  );
}

/** Spec section 2: each role's route group; every path shows its page inside the role layout. */
const ROLE_ROUTES = (Object.keys(ROLE_NAV) as TRole[]).flatMap((role) =>
  ROLE_NAV[role].map((link) => ({ role, path: link.href, title: link.label, isDashboard: link.href === ROLE_INFO[role].home })),
);

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        <Route path="/">
          <HomeRoute />
        </Route>
        <Route path="/why">
          <PublicLayout>
            <WhyPage />
          </PublicLayout>
        </Route>
        <Route path="/help">
          <PublicLayout>
            <HelpPage />
          </PublicLayout>
        </Route>
        <Route path="/ussd-simulator">
          <PublicLayout>
            <UssdSimulatorPage />
          </PublicLayout>
        </Route>
        {(Object.keys(LEGAL_PAGES) as TLegalPage[]).map((page) => (
          <Route key={page} path={LEGAL_PAGES[page].path}>
            <PublicLayout>
              <LegalPage page={page} />
            </PublicLayout>
          </Route>
        ))}
        <Route path="/verify/:id">
          <PublicLayout>
            <VerifyCertificatePage />
          </PublicLayout>
        </Route>
        <Route path="/auth">
          <AccessPortalPage />
        </Route>
        <Route path="/login">
          <BusinessLoginPage />
        </Route>
        <Route path="/register">
          <RegisterPage />
        </Route>
        <Route path={PASSWORD_RESET_PATH}>
          <ResetPasswordPage />
        </Route>
        <Route path="/admin/login">
          <AdminLoginPage />
        </Route>
        <Route path="/invite/:token">
          <AcceptInvitePage />
        </Route>
        <Route path="/subscribe">
          <RequireSignedIn>{(role) => <SubscribePage role={role} />}</RequireSignedIn>
        </Route>
        <Route path="/dashboard">
          <RequireSignedIn>{(role) => <RoleDashboard role={role} />}</RequireSignedIn>
        </Route>
        <Route path="/analytics">
          <RequireRole role="business">
            <RoleRoutePage role="business" path="/business/analytics" title="Analytics" isDashboard={false} />
          </RequireRole>
        </Route>
        <Route path="/credit-scoring">
          <RequireRole role="business">
            <RoleRoutePage role="business" path="/credit-scoring" title="Credit Scoring" isDashboard={false} />
          </RequireRole>
        </Route>
        {ROLE_ROUTES.map(({ role, path, title, isDashboard }) => (
          <Route key={path} path={path}>
            <RequireRole role={role}>
              <RoleRoutePage role={role} path={path} title={title} isDashboard={isDashboard} />
            </RequireRole>
          </Route>
        ))}
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </Suspense>
  );
}
