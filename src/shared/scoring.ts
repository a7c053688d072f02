import { z } from 'zod';
import { ZDriftSummarySchema } from './score-drift';

/**
 * The credit score as every part of the product shows it: a value from 300 to 850, a band, up to
 * four reasons (plus the inquiries reason when it applies) and the model version that made it.
 * A thin file has no score, only the reason why (Credit Reference Act, 2011: a missing record must
 * not count against a person).
 */

export const SCORE_MIN = 300;
export const SCORE_MAX = 850;

/** Band names, best first. Their thresholds live in the model file (src/server/modules/scoring/models). */
export const SCORE_BANDS = ['Good', 'Fair', 'Poor'] as const;
export type TScoreBand = (typeof SCORE_BANDS)[number];

/** How many reasons a score carries at most, not counting the inquiries reason. */
export const MAX_SCORE_REASONS = 4;

/**
 * Reason codes and their plain-English texts. Codes are stable (lenders store them); texts may be
 * reworded without a new model version.
 */
export const SCORE_REASON_TEXTS = {
  RECENT_DELINQUENCY: 'Late payments or a default in the last 12 months',
  PAST_DELINQUENCY: 'Late payments or a default in the last 24 months',
  DEFAULTS: 'One or more accounts in default',
  DEFAULT_AMOUNT: 'Large amounts in default',
  ON_TIME_SHARE: 'Too few payments made on time',
  NO_PAYMENT_HISTORY: 'No monthly payments reported yet',
  HIGH_BALANCES: 'High balances compared with the amounts borrowed',
  NO_OPEN_CREDIT: 'No open credit account showing how balances are repaid',
  SHORT_HISTORY: 'Credit history is short',
  OPEN_ACCOUNTS: 'Many open accounts',
  INQUIRIES: 'Many recent applications for credit',
  ACCOUNT_MIX: 'Few kinds of credit account',
  ALTERNATIVE_DATA: 'Few mobile money or utility accounts in good standing',
  // Scorecard 2 (issue 19): its reasons carry a sentence built from the file (what would help);
  // these texts name the factor where no sentence is built (the model card).
  LATE_ACCOUNTS: 'Accounts behind on payments now',
  LATE_MONTHS: 'Months behind on payments in the last 12 months',
  RECENT_LATE_PAYMENT: 'A recent late payment',
  AMOUNT_PAST_DUE: 'Amounts past due',
  BALANCES_RISING: 'Balances rising over the last 6 months',
  NEW_ACCOUNT: 'A recently opened account',
  FEW_ON_TIME_MONTHS: 'Few months of payments on time',
  LOAN_BALANCES: 'Much still owed on loans',
} as const;
export type TScoreReasonCode = keyof typeof SCORE_REASON_TEXTS;

/** Why a person has no score. */
export const SCORE_UNAVAILABLE = {
  INSUFFICIENT_HISTORY: 'insufficient credit history',
  NO_RECENT_REPORT: 'no account reported in the last 12 months',
} as const;

/**
 * The factor groups of scorecard 2's reasons: at most one reason per group, so one fact is never
 * given twice. There is no "credit mix" reason: it could only say "borrow more".
 */
export const SCORE_FACTOR_GROUPS = ['payment_history', 'amounts_owed', 'length_of_history', 'new_credit', 'alternative_data'] as const;
export type TScoreFactorGroup = (typeof SCORE_FACTOR_GROUPS)[number];
/** A reason worth fewer points than this is not given. */
export const MIN_REASON_POINTS = 5;
export type TScoreUnavailableCode = keyof typeof SCORE_UNAVAILABLE;

/**
 * A reason: its code, the server's English sentence, and (scorecard 2, issue 21) the sentence's
 * figures, so the portal can say it in the person's language (@shared/score-reason-text).
 */
export const ZScoreReasonSchema = z.object({
  code: z.string(),
  text: z.string(),
  params: z
    .object({ count: z.number().optional(), amount: z.number().optional(), percent: z.number().optional(), variant: z.string().optional() })
    .optional(),
});

export const ZCreditScoreSchema = z.object({
  value: z.number().int().min(SCORE_MIN).max(SCORE_MAX),
  band: z.enum(SCORE_BANDS),
  reasons: z.array(ZScoreReasonSchema),
  modelVersion: z.string(),
  /**
   * The stored score (credit_scores) this one is: a regulator re-scores it with
   * GET /api/scoring/scores/:id/audit. Every report's and own report's score carries it; absent
   * only on a score that was not stored (an estimate).
   */
  scoreId: z.string().optional(),
});
export type TCreditScore = z.infer<typeof ZCreditScoreSchema>;

export const ZScoreUnavailableSchema = z.object({ code: z.string(), text: z.string() });
export type TScoreUnavailable = z.infer<typeof ZScoreUnavailableSchema>;

/** One stored score in a person's history (their own report's "score over time"). */
export const ZScoreHistoryEntrySchema = z.object({
  id: z.string(),
  computedAt: z.string(),
  asOf: z.string(),
  modelVersion: z.string(),
  value: z.number().nullable(),
  band: z.enum(SCORE_BANDS).nullable(),
  reasons: z.array(ZScoreReasonSchema),
  unavailable: ZScoreUnavailableSchema.nullable(),
});
export const ZScoreHistorySchema = z.object({ scores: z.array(ZScoreHistoryEntrySchema) });
export type TScoreHistory = z.infer<typeof ZScoreHistorySchema>;

/**
 * Who a validation figure was measured on (the model file's training.validation), in plain words:
 * every figure the API, the lender's page and the model card show names its population.
 */
export const VALIDATION_POPULATION_TEXTS: Record<string, string> = {
  not_in_default_at_observation: 'People not in default or 90 days late at the observation date',
  all_scored: 'Everyone scored at the observation date, files in default included',
  out_of_time: 'People not in default or 90 days late a year later (out of time)',
  out_of_time_all_scored: 'Everyone scored a year later, files in default included (out of time)',
};
export const VALIDATION_SAMPLE_TEXTS: Record<string, string> = {
  training: 'the people the model was fitted on',
  holdout: 'the holdout, 30% of people the model was not fitted on',
  everyone: 'everyone then on file',
};

/** Said wherever the model's figures are shown (GET /api/scoring/model, the lender's Credit Scoring page, the model card). */
export const MODEL_CAVEAT =
  'This model was fitted on generated demo data, not on real people: it must be refitted and validated again on real bureau data before it decides anything.';

export const ZModelValidationSchema = z.object({
  /** not_in_default_at_observation (the headline), all_scored, out_of_time, out_of_time_all_scored. */
  population: z.string(),
  /** training, holdout, or everyone (out of time). */
  sample: z.string(),
  /** The population and sample in plain words. */
  description: z.string(),
  people: z.number().int(),
  badRate: z.number(),
  auc: z.number(),
  ks: z.number(),
  gini: z.number(),
});
export type TModelValidation = z.infer<typeof ZModelValidationSchema>;

/**
 * The active scorecard as businesses, consumers and regulators may read it (GET /api/scoring/model):
 * the contract's {version, sha256, scale, bands, validation, drift, caveat}, plus what the lender's
 * Credit Scoring page explains (scaling, base points, every feature's bins and points).
 */
export const ZScorecardSummarySchema = z.object({
  version: z.string(),
  /** SHA-256 of the model file, as models/manifest.json records it and every stored score carries. */
  sha256: z.string(),
  createdAt: z.string(),
  scale: z.object({ min: z.number(), max: z.number() }),
  bands: z.array(z.object({ name: z.enum(SCORE_BANDS), minScore: z.number(), description: z.string() })),
  /** The scorecard's figures, each on a named population; the headline is not_in_default_at_observation on the holdout. */
  validation: z.array(ZModelValidationSchema),
  /** The latest run of the monthly drift check, null before the first. */
  drift: ZDriftSummarySchema.nullable(),
  caveat: z.string(),
  scaling: z.object({ baseScore: z.number(), baseOdds: z.number(), pdo: z.number(), min: z.number(), max: z.number() }),
  basePoints: z.number(),
  features: z.array(
    z.object({
      key: z.string(),
      title: z.string(),
      description: z.string(),
      direction: z.enum(['increasing', 'decreasing']),
      bins: z.array(z.object({ label: z.string(), points: z.number() })),
      missingPoints: z.number().nullable(),
    }),
  ),
});
export type TScorecardSummary = z.infer<typeof ZScorecardSummarySchema>;

/** A stored score checked again (GET /api/scoring/scores/:id/audit). */
export const ZScoreAuditSchema = z.object({
  id: z.string(),
  subjectId: z.string(),
  computedAt: z.string(),
  asOf: z.string(),
  context: z.string(),
  modelVersion: z.string(),
  /** SHA-256 of the model file that made the score, as stored with it. */
  modelSha256: z.string(),
  /**
   * Whether the model file of that version still has those bytes (checked against models/manifest.json
   * and the stored hash). When it does not, nothing is recomputed and isReproduced is false.
   */
  isModelUnchanged: z.boolean(),
  stored: z.object({
    value: z.number().nullable(),
    band: z.string().nullable(),
    reasons: z.array(ZScoreReasonSchema),
    unavailableCode: z.string().nullable(),
  }),
  features: z.record(z.string(), z.number().nullable()).nullable(),
  points: z.record(z.string(), z.number()).nullable(),
  /** The score recomputed from the stored features with the stored model version, read from the file with the stored hash. */
  recomputed: z.object({ value: z.number().nullable(), band: z.string().nullable(), reasons: z.array(ZScoreReasonSchema) }),
  isReproduced: z.boolean(),
  /** Whether the registry rows read now for the same instant are those the score read. */
  inputsDigest: z.string(),
  isRegistryUnchanged: z.boolean(),
});
export type TScoreAudit = z.infer<typeof ZScoreAuditSchema>;
