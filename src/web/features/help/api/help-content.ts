import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZHelpListSchema, ZHelpViewSchema, type THelpItem } from '@shared/schemas/content';
import { apiGet, apiSend, queryString } from '@web/lib/api';
import { useApiMutation } from '@web/lib/use-api-mutation';

const helpListKey = ['help-content'] as const;
const whatsNewKey = ['help-content', 'updates'] as const;

export const helpContentQuery = () => queryOptions({ queryKey: helpListKey, queryFn: () => apiGet('/api/help-content', ZHelpListSchema) });
/** GET /api/help-content: the published items. */
export const useHelpContent = () => useQuery(helpContentQuery());

export const whatsNewQuery = (isEnabled: boolean) =>
  queryOptions({
    queryKey: whatsNewKey,
    queryFn: () => apiGet(`/api/help-content${queryString({ category: 'updates' })}`, ZHelpListSchema),
    enabled: isEnabled,
  });
/** GET /api/help-content?category=updates: What's New. */
export const useWhatsNew = (isEnabled: boolean) => useQuery(whatsNewQuery(isEnabled));

/** POST /api/help-content/:id/view when a guide is opened; the new count replaces the cached one. */
export const useRecordView = () =>
  useApiMutation({
    mutationFn: (id: number) => apiSend('POST', `/api/help-content/${id}/view`, ZHelpViewSchema),
    afterSuccess: (queryClient, { id, viewCount }) => {
      const update = (items: THelpItem[] | undefined) => items?.map((item) => (item.id === id ? { ...item, viewCount } : item));
      queryClient.setQueryData<THelpItem[]>(helpListKey, update);
      queryClient.setQueryData<THelpItem[]>(whatsNewKey, update);
    },
  });
