import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from './api';

export const PLANS_QUERY_KEY = ['plans'] as const;

// The landing page reads the plans (seeded from the server's render, decisions/018): the schema comes
// with the answer, outside the first bundle (decisions/012).
const planListSchema = async () => (await import('@shared/schemas/payments')).ZPlanListSchema;

export const plansQuery = () => queryOptions({ queryKey: PLANS_QUERY_KEY, queryFn: () => apiGet('/api/plans', planListSchema) });

/** GET /api/plans: the catalogue with prices and the approximate SLL figure. */
export const usePlans = () => useQuery(plansQuery());
