import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZNotificationListSchema, ZNotificationsReadSchema } from '@shared/schemas/consumer';
import { apiGet, apiSend } from './api';
import { useApiMutation } from './use-api-mutation';

const notificationsKey = ['notifications'] as const;

export const notificationsQuery = () =>
  queryOptions({ queryKey: notificationsKey, queryFn: () => apiGet('/api/notifications', ZNotificationListSchema) });
/** The bell of the consumer and business headers: the latest notifications and the unread count. */
export const useNotifications = () => useQuery(notificationsQuery());

/** Marks some notifications read (or all of them, without ids). */
export const useMarkNotificationsRead = () =>
  useApiMutation({
    mutationFn: (ids?: string[]) => apiSend('POST', '/api/notifications/read', ZNotificationsReadSchema, ids ? { ids } : {}),
    invalidates: [notificationsKey],
  });
