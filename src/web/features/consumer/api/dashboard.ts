import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZConsumerDashboardSchema } from '@shared/schemas/consumer';
import { apiGet } from '@web/lib/api';
import { consumerKeys } from './keys';

export const dashboardQuery = () =>
  queryOptions({ queryKey: consumerKeys.dashboard, queryFn: () => apiGet('/api/consumers/me/dashboard', ZConsumerDashboardSchema) });
/** My Profile: the score, reports, disputes, privacy status and recent activity. */
export const useDashboard = () => useQuery(dashboardQuery());
