import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api';
import { toast } from './toast';

export interface ApiActionOptions<TResult> {
  onSuccess?: (result: TResult) => void;
  /** A failure shown as a toast (default); false when the form shows it itself. */
  showErrorToast?: boolean;
}

/**
 * A change through the API: sends it, refreshes every cached answer under `cacheKey` (an area's
 * first query key), and says how it went in a toast. `success` is the toast title, or a function of
 * the answer (the server's message).
 */
export function useApiAction<TBody, TResult>(
  cacheKey: string,
  request: (body: TBody) => { method: string; path: string; body?: unknown },
  success: string | ((result: TResult) => string),
  options: ApiActionOptions<TResult> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBody) => {
      const r = request(body);
      return apiRequest<TResult>(r.method, r.path, r.body);
    },
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: [cacheKey] });
      toast({ kind: 'success', title: typeof success === 'function' ? success(result) : success });
      options.onSuccess?.(result);
    },
    onError: (error) => {
      if (options.showErrorToast !== false) toast({ kind: 'error', title: 'That did not work', description: error.message });
    },
  });
}
