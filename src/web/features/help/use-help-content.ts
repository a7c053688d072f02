import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { THelpItem } from '@shared/schemas/content';
import { apiGet, apiPost } from '@web/lib/api';

export const helpListKey = ['help-content'] as const;
export const whatsNewKey = ['help-content', 'updates'] as const;

/** GET /api/help-content: the published items. */
export function useHelpContent() {
  return useQuery({ queryKey: helpListKey, queryFn: () => apiGet<THelpItem[]>('/api/help-content') });
}

/** GET /api/help-content?category=updates: What's New. */
export function useWhatsNew(isEnabled: boolean) {
  return useQuery({ queryKey: whatsNewKey, queryFn: () => apiGet<THelpItem[]>('/api/help-content?category=updates'), enabled: isEnabled });
}

/** POST /api/help-content/:id/view when a guide is opened; the new count replaces the cached one. */
export function useRecordView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPost<{ id: number; viewCount: number }>(`/api/help-content/${id}/view`),
    onSuccess: ({ id, viewCount }) => {
      const update = (items: THelpItem[] | undefined) => items?.map((item) => (item.id === id ? { ...item, viewCount } : item));
      queryClient.setQueryData<THelpItem[]>(helpListKey, update);
      queryClient.setQueryData<THelpItem[]>(whatsNewKey, update);
    },
  });
}
