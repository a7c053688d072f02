import type { QueryClient } from '@tanstack/react-query';
import { isApiError, onApiRefusal } from './api';
import { signInAgainPath } from './return-path';
import { forgetSession, signedInRoleOf } from './session';

/** What the sign-in page says to someone sent there because their session ended. */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Sign in again.';

/**
 * An answer saying there is no valid session any more (expired, signed out elsewhere, the account
 * disabled). A wrong password at sign-in is a 401 too, but it ends nothing.
 */
export function isSessionEndedAnswer(error: unknown): boolean {
  return isApiError(error) && error.status === 401 && error.code !== 'INVALID_CREDENTIALS';
}

/**
 * Watches every API refusal: a 401 while the interface shows someone signed in signs them out in the
 * interface (the header too) and sends them to sign in, with where they were as `next`. One place for
 * every read and action, so no page shows "Not signed in" beside a header that still names them.
 * Returns the function that stops watching.
 */
export function watchSessionEnd(queryClient: QueryClient, navigate: (path: string) => void): () => void {
  return onApiRefusal((error) => {
    if (!isSessionEndedAnswer(error)) return;
    const role = signedInRoleOf(queryClient);
    // A visitor has no session to end; several failing reads at once end it once.
    if (!role) return;
    // The page that made the request says nothing more (lib/use-api-mutation.ts).
    error.hasEndedSession = true;
    forgetSession(queryClient);
    navigate(signInAgainPath(role, `${window.location.pathname}${window.location.search}`));
  });
}
