import { useQuery } from '@tanstack/react-query';
import type { TPlan } from '@shared/schemas/payments';
import { apiGet } from './api';

export interface TPlanList {
  plans: TPlan[];
  exchangeRateSlePerUsd: string;
}

export const PLANS_QUERY_KEY = ['plans'] as const;

/** GET /api/plans: the catalogue with prices and the approximate SLL figure. */
export function usePlans() {
  return useQuery({ queryKey: PLANS_QUERY_KEY, queryFn: () => apiGet<TPlanList>('/api/plans') });
}
