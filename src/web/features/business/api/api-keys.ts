import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ZApiKeyCreatedSchema,
  ZApiKeyListSchema,
  ZApiKeySchema,
  type TApiKey,
  type TApiKeyCreate,
  type TApiKeyCreated,
} from '@shared/schemas/business';
import { apiGet, apiSend } from '@web/lib/api';
import { useApiMutation, type TMutationFeedback } from '@web/lib/use-api-mutation';
import { businessKeys } from './keys';

export const apiKeysQuery = () =>
  queryOptions({ queryKey: businessKeys.apiKeys, queryFn: () => apiGet('/api/businesses/me/api-keys', ZApiKeyListSchema) });
/** The Enterprise API keys (prefixes only) and whether the plan has API access. */
export const useApiKeys = () => useQuery(apiKeysQuery());

/** A new key: the answer carries the whole key, shown once. */
export const useCreateApiKey = (feedback?: TMutationFeedback<TApiKeyCreated, TApiKeyCreate>) =>
  useApiMutation(
    {
      mutationFn: (values: TApiKeyCreate) => apiSend('POST', '/api/businesses/me/api-keys', ZApiKeyCreatedSchema, values),
      invalidates: [businessKeys.apiKeys],
    },
    feedback,
  );

/** Revokes a key at once: systems using it get 401 from their next request. */
export const useRevokeApiKey = (feedback?: TMutationFeedback<TApiKey, TApiKey>) =>
  useApiMutation(
    {
      mutationFn: (key: TApiKey) => apiSend('DELETE', `/api/businesses/me/api-keys/${key.id}`, ZApiKeySchema),
      invalidates: [businessKeys.apiKeys],
    },
    feedback,
  );
