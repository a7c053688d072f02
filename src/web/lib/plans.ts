import { useQuery } from '@tanstack/react-query';
import type { TPlan } from '@shared/schemas/payments';
import { apiGet } from './api';

export interface TPlanList {
  plans: TPlan[];
  exchangeRateSlePerUsd: string;
}

/** GET /api/plans: the catalogue with prices and the approximate SLL figure. */
export function usePlans() {
  return useQuery({ queryKey: ['plans'], queryFn: () => apiGet<TPlanList>('/api/plans') });
}
