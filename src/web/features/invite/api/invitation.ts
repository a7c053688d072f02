import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZInvitationAcceptedSchema, ZInvitationInfoSchema, type TAcceptInvitation } from '@shared/schemas/admin';
import { apiGet, apiSend } from '@web/lib/api';
import { useApiMutation, type TMutationFeedback } from '@web/lib/use-api-mutation';

const invitationPath = (token: string) => `/api/invitations/${encodeURIComponent(token)}`;

export const invitationQuery = (token: string) =>
  queryOptions({ queryKey: ['invitation', token], queryFn: () => apiGet(invitationPath(token), ZInvitationInfoSchema) });
/** Who the one-time link invites (role and email), while it is valid. */
export const useInvitation = (token: string) => useQuery(invitationQuery(token));

/** The invitee's account, made once from the link. */
export const useAcceptInvitation = (token: string, feedback?: TMutationFeedback<{ message: string }, TAcceptInvitation>) =>
  useApiMutation(
    { mutationFn: (values: TAcceptInvitation) => apiSend('POST', `${invitationPath(token)}/accept`, ZInvitationAcceptedSchema, values) },
    feedback,
  );
