import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZAdminOverviewSchema } from '@shared/schemas/admin';
import { apiGet } from '@web/lib/api';
import { adminKeys } from './keys';

export const overviewQuery = () =>
  queryOptions({ queryKey: adminKeys.overview, queryFn: () => apiGet('/api/admin/overview', ZAdminOverviewSchema) });
/** System Overview: accounts, security, health and what waits for an administrator. */
export const useOverview = () => useQuery(overviewQuery());
