import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZAccessLogSchema } from '@shared/schemas/consumer';
import { apiGet } from '@web/lib/api';
import { consumerKeys } from './keys';

export const accessLogQuery = () =>
  queryOptions({ queryKey: consumerKeys.accessLog, queryFn: () => apiGet('/api/consumers/me/access-log', ZAccessLogSchema) });
/** Every search and report about the person: who, when and for what purpose. */
export const useAccessLog = () => useQuery(accessLogQuery());
