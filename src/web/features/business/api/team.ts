import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZTeamMemberSchema, ZTeamSchema, type TTeamMember, type TTeamMemberCreateInput } from '@shared/schemas/business';
import { ZMessageSchema } from '@shared/schemas/common';
import { apiGet, apiSend } from '@web/lib/api';
import { useApiMutation, type TMutationFeedback } from '@web/lib/use-api-mutation';
import { businessKeys } from './keys';

export const teamQuery = () => queryOptions({ queryKey: businessKeys.team, queryFn: () => apiGet('/api/businesses/me/team', ZTeamSchema) });
/** Everyone who signs in for the business, and the plan's limit. */
export const useTeam = () => useQuery(teamQuery());

/** The owner adds a team member with their own sign-in. */
export const useAddTeamMember = (feedback?: TMutationFeedback<TTeamMember, TTeamMemberCreateInput>) =>
  useApiMutation(
    {
      mutationFn: (values: TTeamMemberCreateInput) => apiSend('POST', '/api/businesses/me/team', ZTeamMemberSchema, values),
      invalidates: [businessKeys.team],
    },
    feedback,
  );

/** The owner removes a team member: their sign-in stops and their sessions end. */
export const useRemoveTeamMember = (feedback?: TMutationFeedback<{ message: string }, string>) =>
  useApiMutation(
    {
      mutationFn: (userId: string) => apiSend('DELETE', `/api/businesses/me/team/${userId}`, ZMessageSchema),
      invalidates: [businessKeys.team],
    },
    feedback,
  );
