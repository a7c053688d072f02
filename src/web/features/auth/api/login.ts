import { ROLE_API_SEGMENT, type TRole } from '@shared/roles';
import { ZLoginResultSchema, type TLogin } from '@shared/schemas/auth';
import { apiSend } from '@web/lib/api';
import { refreshSession } from '@web/lib/session';
import { useApiMutation, type TMutationFeedback } from '@web/lib/use-api-mutation';

type TLoginResult = { message: string; id: string; role: string };

/**
 * Signs in through the role's own endpoint (spec section 7: username and password only). The four
 * "me" answers are read again before the page hears of it, so the new role is seen at once.
 */
export const useLogin = (feedback?: TMutationFeedback<TLoginResult, { role: TRole; credentials: TLogin }>) =>
  useApiMutation(
    {
      mutationFn: ({ role, credentials }: { role: TRole; credentials: TLogin }) =>
        apiSend('POST', `/api/${ROLE_API_SEGMENT[role]}/login`, ZLoginResultSchema, {
          username: credentials.username,
          password: credentials.password,
        }),
      afterSuccess: (queryClient) => refreshSession(queryClient),
    },
    feedback,
  );
