import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { isApiError } from './api';
import { errorMessageOf } from './form-errors';
import { toast } from './toast';

/** What a feature's mutation hook defines once: the request and what it makes out of date. */
export interface TMutationDefinition<TVars, TResult> {
  mutationFn: (vars: TVars) => Promise<TResult>;
  /** Every cached read under these keys is refreshed before the page hears of the success. */
  invalidates?: readonly QueryKey[];
  /** Anything else the cache needs first, awaited: an answer that is itself a read's new value, the session read again. */
  afterSuccess?: (queryClient: QueryClient, result: TResult, vars: TVars) => Promise<unknown> | void;
  /** Done whatever the answer, before the page's own onSettled (logout forgets everything either way). */
  onSettled?: (queryClient: QueryClient) => void;
}

/** What a page adds when it calls a mutation hook: what it says and does afterwards. */
export interface TMutationFeedback<TResult, TVars = unknown> {
  onSuccess?: (result: TResult, vars: TVars) => void;
  onError?: (error: Error, vars: TVars) => void;
  /** The success toast's title, or made from the answer (a server message). */
  successToast?: string | ((result: TResult) => string);
  /** The title of a failure toast whose text is the server's message (lib/form-errors.ts errorMessageOf); none when the page shows it. */
  errorToast?: string;
}

/**
 * The one mutation helper of the data layer: each feature's mutation hook (features/<f>/api/*.ts)
 * is this with its request and invalidations; pages pass only their feedback. Queries are never
 * stale (spec section 9), so whatever a change affects is invalidated here, not by the page.
 */
export function useApiMutation<TVars, TResult>(
  definition: TMutationDefinition<TVars, TResult>,
  feedback: TMutationFeedback<TResult, TVars> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<TResult, Error, TVars>({
    mutationFn: definition.mutationFn,
    onSuccess: async (result, vars) => {
      await definition.afterSuccess?.(queryClient, result, vars);
      await Promise.all((definition.invalidates ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      const { successToast } = feedback;
      if (successToast) toast({ kind: 'success', title: typeof successToast === 'function' ? successToast(result) : successToast });
      feedback.onSuccess?.(result, vars);
    },
    onError: (error, vars) => {
      // A 401 that ended the session has already sent the person to sign in, saying so: nothing more to say here.
      if (isApiError(error) && error.hasEndedSession) return;
      if (feedback.errorToast)
        toast({ kind: 'error', title: feedback.errorToast, description: errorMessageOf(error, 'Please try again.') });
      feedback.onError?.(error, vars);
    },
    onSettled: () => definition.onSettled?.(queryClient),
  });
}
