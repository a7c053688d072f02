import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZAdminUserListSchema, ZUnlinkConsumerResultSchema, ZUserActionResultSchema } from '@shared/schemas/admin';
import { apiGet, apiSend, queryString } from '@web/lib/api';
import { useApiMutation, type TMutationFeedback } from '@web/lib/use-api-mutation';
import { adminKeys } from './keys';

export type TUserAction = 'unlock' | 'disable' | 'enable';

export const usersQuery = (role: string, status: string, q: string) =>
  queryOptions({
    queryKey: adminKeys.users(role, status, q),
    queryFn: () => apiGet(`/api/admin/users${queryString({ role, status, q })}`, ZAdminUserListSchema),
  });
/** Every account (consumers, businesses, staff), filtered by role and status and found by name or identifier. */
export const useUsers = (role: string, status: string, q: string) => useQuery(usersQuery(role, status, q));

/** Unlocks an account locked by failed sign-ins, or disables (its sessions end) or enables it. */
export const useUserAction = (feedback?: TMutationFeedback<{ message: string }, { id: string; action: TUserAction }>) =>
  useApiMutation(
    {
      mutationFn: ({ id, action }: { id: string; action: TUserAction }) =>
        apiSend('POST', `/api/admin/users/${id}/${action}`, ZUserActionResultSchema),
      invalidates: [adminKeys.all],
    },
    feedback,
  );

/** Undoes a consumer account's linking to a credit file, after checking ID documents (decisions/021). */
export const useUnlinkConsumer = (userId: string, feedback?: TMutationFeedback<{ message: string }, { reason: string }>) =>
  useApiMutation(
    {
      mutationFn: (body: { reason: string }) => apiSend('POST', `/api/admin/consumers/${userId}/unlink`, ZUnlinkConsumerResultSchema, body),
      invalidates: [adminKeys.all],
    },
    feedback,
  );
