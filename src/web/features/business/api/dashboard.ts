import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZHealthSchema } from '@shared/schemas/config';
import { ZBusinessDashboardSchema } from '@shared/schemas/business';
import { ZBusinessUsageSchema } from '@shared/schemas/credit';
import { apiGet } from '@web/lib/api';
import { businessKeys } from './keys';

export const dashboardQuery = () =>
  queryOptions({ queryKey: businessKeys.dashboard, queryFn: () => apiGet('/api/businesses/me/dashboard', ZBusinessDashboardSchema) });
/** The dashboard's figures, recent inquiries and disputes in one answer. */
export const useDashboard = () => useQuery(dashboardQuery());

export const usageQuery = () =>
  queryOptions({ queryKey: businessKeys.usage, queryFn: () => apiGet('/api/businesses/me/usage', ZBusinessUsageSchema) });
/** This month's credit reports used and left on the plan. */
export const useUsage = () => useQuery(usageQuery());

export const healthQuery = () => queryOptions({ queryKey: businessKeys.health, queryFn: () => apiGet('/api/health', ZHealthSchema) });
/** The dashboard's "system status": the API and its database answer. */
export const useHealth = () => useQuery(healthQuery());
