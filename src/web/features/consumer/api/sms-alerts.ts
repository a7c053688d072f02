import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZSmsAlertsSchema, type TSmsAlerts, type TSmsAlertsInput } from '@shared/schemas/consumer/sms-alerts';
import { apiGet, apiSend } from '@web/lib/api';
import { useApiMutation, type TMutationFeedback } from '@web/lib/use-api-mutation';
import { consumerKeys } from './keys';

const smsAlertsKey = [...consumerKeys.settings, 'sms-alerts'] as const;

export const smsAlertsQuery = () =>
  queryOptions({ queryKey: smsAlertsKey, queryFn: () => apiGet('/api/consumers/me/sms-alerts', ZSmsAlertsSchema) });
/** Whether alerts by text message go to the phone the person signs in with (decisions/046). */
export const useSmsAlerts = () => useQuery(smsAlertsQuery());

/** Turns them on or off: the same as texting START or STOP. */
export const useSaveSmsAlerts = (feedback?: TMutationFeedback<TSmsAlerts, TSmsAlertsInput>) =>
  useApiMutation(
    {
      mutationFn: (next: TSmsAlertsInput) => apiSend('PUT', '/api/consumers/me/sms-alerts', ZSmsAlertsSchema, next),
      invalidates: [smsAlertsKey],
    },
    feedback,
  );
