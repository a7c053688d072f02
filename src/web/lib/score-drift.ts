import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZDriftRunListSchema, ZDriftRunSchema, type TDriftRun } from '@shared/score-drift';
import { apiGet, apiSend } from './api';
import { useApiMutation, type TMutationFeedback } from './use-api-mutation';

// Score drift, read by administrators and the regulator (components/oversight/score-drift-section.tsx).

const driftKey = ['score-drift'] as const;

export const scoreDriftQuery = () =>
  queryOptions({
    queryKey: driftKey,
    queryFn: () => apiGet('/api/scoring/drift', ZDriftRunListSchema),
  });
/** The drift check's runs, newest first. */
export const useScoreDrift = () => useQuery(scoreDriftQuery());

/** Runs the check now instead of waiting for the month's run. */
export const useRunScoreDrift = (feedback?: TMutationFeedback<TDriftRun, void>) =>
  useApiMutation(
    {
      mutationFn: () => apiSend('POST', '/api/scoring/drift/run', ZDriftRunSchema),
      invalidates: [driftKey],
    },
    feedback,
  );
