import { useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { ROLE_API_SEGMENT, ROLE_DETECTION_ORDER, type TRole } from '@shared/roles';
import type { TBusinessMe, TConsumerMe, TStaffMe } from '@shared/schemas/auth';
import { apiGetOrNullOn401, apiSend } from './api';
import { useApiMutation } from './use-api-mutation';

export type TSession =
  | { role: 'business'; profile: TBusinessMe }
  | { role: 'system_admin'; profile: TStaffMe }
  | { role: 'consumer'; profile: TConsumerMe }
  | { role: 'regulator'; profile: TStaffMe };

export const meQueryKey = (role: TRole) => ['me', role] as const;
export const meUrl = (role: TRole) => `/api/${ROLE_API_SEGMENT[role]}/me`;

// Loaded with the first answer, not in the first bundle (decisions/012: the landing page's budget).
const meSchemaOf = (role: TRole) => async () => {
  const schemas = await import('@shared/schemas/me');
  if (role === 'business') return schemas.ZBusinessMeSchema;
  if (role === 'consumer') return schemas.ZConsumerMeSchema;
  return schemas.ZStaffMeSchema;
};
const messageSchema = async () => (await import('@shared/schemas/common')).ZMessageSchema;

async function fetchMe(role: TRole) {
  try {
    return await apiGetOrNullOn401(meUrl(role), meSchemaOf(role));
  } catch {
    // Spec section 4: a failing "me" call means not signed in as that role.
    return null;
  }
}

/** The role whose pages live under a path's first segment (/consumer/..., /business/..., /admin/..., /regulator/...), if any. */
const ROLE_OF_SEGMENT: Record<string, TRole> = {
  consumer: 'consumer',
  business: 'business',
  admin: 'system_admin',
  regulator: 'regulator',
};
function roleOfPath(path: string): TRole | null {
  return ROLE_OF_SEGMENT[path.split('/')[1] ?? ''] ?? null;
}

/**
 * The signed-in role, from the four "me" calls in the spec's priority (business, admin, consumer,
 * regulator). The answer is known as soon as every higher-priority call has said "not me".
 *
 * On a role's own page (/consumer/...) that role's call goes first and the other three only if it
 * says "not me": a session belongs to one role (one cookie), so when that call answers, no other
 * can, and the priority has nothing to decide. A phone on 3G saves three requests on every first
 * load (decisions/048); a visitor, or someone on another role's page, is asked all four as before.
 */
export function useSession(): { isLoading: boolean; session: TSession | null } {
  const [location] = useLocation();
  const pageRole = roleOfPath(location);
  const pageRoleMe = useQuery({
    queryKey: meQueryKey(pageRole ?? 'consumer'),
    queryFn: () => fetchMe(pageRole ?? 'consumer'),
    enabled: !!pageRole,
  });
  const isAskingAll = !pageRole || (pageRoleMe.isSuccess && !pageRoleMe.data);
  const results = useQueries({
    queries: ROLE_DETECTION_ORDER.map((role) => ({ queryKey: meQueryKey(role), queryFn: () => fetchMe(role), enabled: isAskingAll })),
  });
  if (pageRole) {
    if (pageRoleMe.isPending) return { isLoading: true, session: null };
    if (pageRoleMe.data) return { isLoading: false, session: { role: pageRole, profile: pageRoleMe.data } as TSession };
  }
  for (let i = 0; i < ROLE_DETECTION_ORDER.length; i++) {
    const result = results[i];
    if (result.isPending) return { isLoading: true, session: null };
    if (result.data) return { isLoading: false, session: { role: ROLE_DETECTION_ORDER[i], profile: result.data } as TSession };
  }
  return { isLoading: false, session: null };
}

/** The name a role header shows: business name, or a consumer's first and last name. */
export function displayNameOf(session: TSession): string {
  switch (session.role) {
    case 'business':
      return session.profile.businessName;
    case 'consumer':
      return `${session.profile.firstName} ${session.profile.lastName}`;
    default:
      return session.profile.fullName;
  }
}

/** After a sign-in: the "me" data is fetched again so the new role is seen at once. */
export async function refreshSession(queryClient: ReturnType<typeof useQueryClient>) {
  await Promise.all(
    ROLE_DETECTION_ORDER.map((role) => queryClient.fetchQuery({ queryKey: meQueryKey(role), queryFn: () => fetchMe(role), staleTime: 0 })),
  );
}

/** The role the interface shows as signed in, from the cached "me" answers; null for a visitor. */
export function signedInRoleOf(queryClient: QueryClient): TRole | null {
  return ROLE_DETECTION_ORDER.find((role) => queryClient.getQueryData(meQueryKey(role))) ?? null;
}

/**
 * The interface signs out: every cached answer goes, and the "me" answers become "not signed in" in
 * place so the mounted guards and the header see the change at once instead of asking the server
 * again. After a logout, and after an answer 401 that says the session has ended (lib/session-end.ts).
 */
export function forgetSession(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'me' });
  for (const role of ROLE_DETECTION_ORDER) queryClient.setQueryData(meQueryKey(role), null);
}

/** Logout: ends the session, clears every cached answer and marks the visitor as signed out. */
export function useLogout() {
  return useApiMutation({
    mutationFn: (role: TRole) => apiSend('POST', `/api/${ROLE_API_SEGMENT[role]}/logout`, messageSchema),
    onSettled: forgetSession,
  });
}
