import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ZInvitationCreatedSchema,
  ZInvitationListSchema,
  ZInvitationSchema,
  type TInvitation,
  type TInvitationCreated,
  type TInvitationRequest,
} from '@shared/schemas/admin';
import { apiGet, apiSend } from '@web/lib/api';
import { useApiMutation, type TMutationFeedback } from '@web/lib/use-api-mutation';
import { adminKeys } from './keys';

export const invitationsQuery = () =>
  queryOptions({ queryKey: adminKeys.invitations, queryFn: () => apiGet('/api/admin/invitations', ZInvitationListSchema) });
/** Staff invitations, pending, accepted, expired and revoked. */
export const useInvitations = () => useQuery(invitationsQuery());

/** Invites an administrator or regulator: the one-time link is emailed, or shown once when no email carries it. */
export const useCreateInvitation = (feedback?: TMutationFeedback<TInvitationCreated, TInvitationRequest>) =>
  useApiMutation(
    {
      mutationFn: (body: TInvitationRequest) => apiSend('POST', '/api/admin/invitations', ZInvitationCreatedSchema, body),
      invalidates: [adminKeys.all],
    },
    feedback,
  );

/** Revokes a pending invitation: its link stops working. */
export const useRevokeInvitation = (feedback?: TMutationFeedback<TInvitation, string>) =>
  useApiMutation(
    {
      mutationFn: (id: string) => apiSend('POST', `/api/admin/invitations/${id}/revoke`, ZInvitationSchema),
      invalidates: [adminKeys.all],
    },
    feedback,
  );
