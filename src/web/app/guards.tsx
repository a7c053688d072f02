import { Suspense, type ReactNode } from 'react';
import type { TRole } from '@shared/roles';
import { PageLoading } from '@web/components/ui/page-loading';
import { useSession } from '@web/lib/session';
import { AccessPortalPage, RoleLayout } from './lazy-pages';

/** Renders a page inside the role's layout. */
export function InRoleLayout({ role, children }: { role: TRole; children: ReactNode }) {
  return (
    <RoleLayout role={role}>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </RoleLayout>
  );
}

/**
 * A role's route: shown when the signed-in role matches; a visitor, or a user of another role,
 * sees the access portal in its place (spec section 2).
 */
export function RequireRole({ role, children }: { role: TRole; children: ReactNode }) {
  const { isLoading, session } = useSession();
  if (isLoading) return <PageLoading label="Checking your session…" />;
  if (session?.role !== role) return <AccessPortalPage />;
  return <InRoleLayout role={role}>{children}</InRoleLayout>;
}

/** A route open to any signed-in role (/subscribe, /dashboard), rendered in that role's layout. */
export function RequireSignedIn({ children }: { children: (role: TRole) => ReactNode }) {
  const { isLoading, session } = useSession();
  if (isLoading) return <PageLoading label="Checking your session…" />;
  if (!session) return <AccessPortalPage />;
  return <InRoleLayout role={session.role}>{children(session.role)}</InRoleLayout>;
}
