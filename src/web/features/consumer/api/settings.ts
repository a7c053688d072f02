import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZMessageSchema } from '@shared/schemas/common';
import {
  ZConsumerSettingsSchema,
  ZNotificationPreferencesSchema,
  ZPasswordChangedSchema,
  type TChangePassword,
  type TContactDetailsInput,
  type TNotificationPreferences,
} from '@shared/schemas/consumer';
import { apiGet, apiSend } from '@web/lib/api';
import { useApiMutation, type TMutationFeedback } from '@web/lib/use-api-mutation';
import { consumerKeys } from './keys';

export const settingsQuery = () =>
  queryOptions({ queryKey: consumerKeys.settings, queryFn: () => apiGet('/api/consumers/me/settings', ZConsumerSettingsSchema) });
/** The person's contact details and notification preferences. */
export const useSettings = () => useQuery(settingsQuery());

/** The phone the person signs in with and the email notifications go to. */
export const useSaveContact = (feedback?: TMutationFeedback<{ message: string }, TContactDetailsInput>) =>
  useApiMutation(
    {
      mutationFn: (values: TContactDetailsInput) => apiSend('PUT', '/api/consumers/me/contact', ZMessageSchema, values),
      invalidates: [consumerKeys.all],
    },
    feedback,
  );

/** The person's own password: their other sessions end, this one stays. */
export const useChangeConsumerPassword = (feedback?: TMutationFeedback<{ message: string }, TChangePassword>) =>
  useApiMutation(
    { mutationFn: (values: TChangePassword) => apiSend('POST', '/api/consumers/me/password', ZPasswordChangedSchema, values) },
    feedback,
  );

/** Which events are also emailed. */
export const useSaveNotificationPreferences = (feedback?: TMutationFeedback<TNotificationPreferences, TNotificationPreferences>) =>
  useApiMutation(
    {
      mutationFn: (next: TNotificationPreferences) =>
        apiSend('PUT', '/api/consumers/me/notification-preferences', ZNotificationPreferencesSchema, next),
      invalidates: [consumerKeys.all],
    },
    feedback,
  );
