import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THelpArticleForm } from '@shared/schemas/admin';
import { ZHelpItemSchema, ZHelpListSchema, type THelpItem } from '@shared/schemas/content';
import { apiGet, apiSend } from '@web/lib/api';
import { useApiMutation, type TMutationFeedback } from '@web/lib/use-api-mutation';
import { adminKeys } from './keys';

export const helpArticlesQuery = () =>
  queryOptions({ queryKey: adminKeys.help, queryFn: () => apiGet('/api/admin/help', ZHelpListSchema) });
/** Every help article, drafts included. */
export const useHelpArticles = () => useQuery(helpArticlesQuery());

/** Saves an article (`id`), or creates a draft (no id). */
export const useSaveHelpArticle = (id: number | null, feedback?: TMutationFeedback<THelpItem, THelpArticleForm>) =>
  useApiMutation(
    {
      mutationFn: (body: THelpArticleForm) =>
        id === null
          ? apiSend('POST', '/api/admin/help', ZHelpItemSchema, body)
          : apiSend('PUT', `/api/admin/help/${id}`, ZHelpItemSchema, body),
      invalidates: [adminKeys.all],
    },
    feedback,
  );

/** Publishes an article in the help centre, or takes it back to draft. */
export const usePublishHelpArticle = (feedback?: TMutationFeedback<THelpItem, { id: number; isPublished: boolean }>) =>
  useApiMutation(
    {
      mutationFn: ({ id, isPublished }: { id: number; isPublished: boolean }) =>
        apiSend('POST', `/api/admin/help/${id}/${isPublished ? 'publish' : 'unpublish'}`, ZHelpItemSchema),
      invalidates: [adminKeys.all],
    },
    feedback,
  );
