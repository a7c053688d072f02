import { z } from 'zod';

/**
 * Score drift: how far the registry's scored population has moved from the development sample the
 * live model was fitted on, as a population stability index (PSI) of the score and of each feature
 * (GET /api/scoring/drift, staff only; decisions/038). The usual reading: below 0.10 stable, 0.10 to
 * 0.25 worth watching, above 0.25 the population has moved enough that the model should be reviewed.
 */

export const DRIFT_WATCH_PSI = 0.1;
/**
 * Below this many people a PSI is shown but not judged (no status, no alert): a handful of scores
 * fills a few bins and gives a large index that says nothing about the population.
 */
export const DRIFT_MIN_PEOPLE = 30;
export const DRIFT_ALERT_PSI = 0.25;

export const DRIFT_STATUSES = ['stable', 'watch', 'drifted'] as const;
export type TDriftStatus = (typeof DRIFT_STATUSES)[number];
export const DRIFT_STATUS_LABELS: Record<TDriftStatus, string> = {
  stable: 'Stable',
  watch: 'Watch',
  drifted: 'Drifted, review the model',
};

/** Stable below 0.10, Watch from 0.10 to 0.25, Drifted above 0.25. */
export function driftStatusOf(psi: number): TDriftStatus {
  if (psi > DRIFT_ALERT_PSI) return 'drifted';
  if (psi >= DRIFT_WATCH_PSI) return 'watch';
  return 'stable';
}

/** Who the figures are computed on, in the words every page and answer uses. */
export const DRIFT_POPULATION_TEXT =
  "The score: the latest stored score of each person scored with the live model (every report a lender pulled and every person's own report), against every person scored at the model's development date. The features: the same people less those scored by the rule for files in default or 90 days late, against the development sample the model was fitted on.";

export const DRIFT_CAVEAT =
  'The registry is generated demo data and the model was fitted on generated data: these figures show how the demo population moved, not how real people behave.';

export const DRIFT_TRIGGERS = ['scheduled', 'on_demand'] as const;

export const ZDriftFeatureSchema = z.object({
  key: z.string(),
  title: z.string(),
  /** Null when no one in the population was scored by the fit. */
  psi: z.number().nullable(),
  status: z.enum(DRIFT_STATUSES).nullable(),
});

/**
 * The challenger model scored beside the live one on the same stored features (never shown to
 * lenders): how often it puts a person in the same band, and how far its score is on average.
 */
export const ZDriftChallengerSchema = z.object({
  kind: z.string(),
  people: z.number().int(),
  bandAgreement: z.number().nullable(),
  meanAbsoluteDifference: z.number().nullable(),
});

export const ZDriftRunSchema = z.object({
  id: z.string(),
  ranAt: z.string(),
  modelVersion: z.string(),
  trigger: z.enum(DRIFT_TRIGGERS),
  /** People whose latest score of this version has a value: the score's population. */
  people: z.number().int(),
  /** Of those, people scored by the fit: the features' population. */
  fittedPeople: z.number().int(),
  scorePsi: z.number().nullable(),
  scoreStatus: z.enum(DRIFT_STATUSES).nullable(),
  features: z.array(ZDriftFeatureSchema),
  /** The score or a feature above 0.25. */
  isAlert: z.boolean(),
  challenger: ZDriftChallengerSchema.nullable(),
});
export type TDriftRun = z.infer<typeof ZDriftRunSchema>;

export const ZDriftRunListSchema = z.object({
  runs: z.array(ZDriftRunSchema),
  population: z.string(),
  caveat: z.string(),
});
export type TDriftRunList = z.infer<typeof ZDriftRunListSchema>;

/**
 * The latest run in a line, for the model's public description (GET /api/scoring/model `drift`):
 * readable by lenders, so it carries nothing of the challenger.
 */
export const ZDriftSummarySchema = z.object({
  ranAt: z.string(),
  modelVersion: z.string(),
  people: z.number().int(),
  scorePsi: z.number().nullable(),
  /** The largest PSI of any feature. */
  maxFeaturePsi: z.number().nullable(),
  /** The worse of the score's and the features' status. */
  status: z.enum(DRIFT_STATUSES).nullable(),
  isAlert: z.boolean(),
  population: z.string(),
  caveat: z.string(),
});
export type TDriftSummary = z.infer<typeof ZDriftSummarySchema>;
