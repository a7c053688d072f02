import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZConsumerDashboardSchema } from '@shared/schemas/consumer';
import { ZScoreSimulationSchema, type TScoreSimulationRequest } from '@shared/score-simulation';
import { apiGet, apiSend } from '@web/lib/api';
import { useApiMutation } from '@web/lib/use-api-mutation';
import { consumerKeys } from './keys';

export const dashboardQuery = () =>
  queryOptions({ queryKey: consumerKeys.dashboard, queryFn: () => apiGet('/api/consumers/me/dashboard', ZConsumerDashboardSchema) });
/** My Profile: the score, reports, disputes, privacy status and recent activity. */
export const useDashboard = () => useQuery(dashboardQuery());

/**
 * "What if…": the score after the chosen changes, estimated with the live scorecard. Nothing is
 * stored, so nothing cached goes out of date; the form shows the answer (and any refusal) itself.
 */
export const useScoreSimulation = () =>
  useApiMutation({
    mutationFn: (scenario: TScoreSimulationRequest) =>
      apiSend('POST', '/api/consumers/me/scores/simulation', ZScoreSimulationSchema, scenario),
  });
