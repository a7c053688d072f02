import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZIncidentListSchema } from '@shared/schemas/admin';
import { ZRegulatorOverviewSchema, ZRegulatorPolicySchema } from '@shared/schemas/oversight';
import { apiGet, queryString } from '@web/lib/api';
import { regulatorKeys } from './keys';

export const regulatorOverviewQuery = () =>
  queryOptions({ queryKey: regulatorKeys.overview, queryFn: () => apiGet('/api/regulators/overview', ZRegulatorOverviewSchema) });
/** Regulatory Overview: compliance, active businesses, consumer records, issues. */
export const useRegulatorOverview = () => useQuery(regulatorOverviewQuery());

export const regulatorPolicyQuery = () =>
  queryOptions({ queryKey: regulatorKeys.policy, queryFn: () => apiGet('/api/regulators/policy', ZRegulatorPolicySchema) });
/** The bureau's rules in force and every change an administrator made to them (read only). */
export const useRegulatorPolicy = () => useQuery(regulatorPolicyQuery());

export const regulatorIncidentsQuery = (status: string) =>
  queryOptions({
    queryKey: regulatorKeys.incidents(status),
    queryFn: () => apiGet(`/api/regulators/incidents${queryString({ status })}`, ZIncidentListSchema),
  });
/** Security incidents, read only. */
export const useRegulatorIncidents = (status: string) => useQuery(regulatorIncidentsQuery(status));
