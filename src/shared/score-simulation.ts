import { z } from 'zod';
import { SCORE_BANDS, ZScoreReasonSchema } from './scoring';

/**
 * The consumer's score simulator (POST /api/consumers/me/scores/simulation): "what if" changes to
 * the person's own file, scored with the live scorecard. An estimate only: nothing is stored, it is
 * no inquiry and no lender ever sees it.
 */

export const PAY_DOWN_PERCENT_ERROR = 'Must be a number from 0 to 100';

export const ZScoreSimulationRequestSchema = z
  .object({
    bringLateAccountsUpToDate: z.boolean({ error: 'Must be true or false' }).optional(),
    /** The share of what is owed on open cards, overdrafts, bills, mobile money and loans paid off. */
    payDownBalancePercent: z
      .number({ error: PAY_DOWN_PERCENT_ERROR })
      .min(0, { error: PAY_DOWN_PERCENT_ERROR })
      .max(100, { error: PAY_DOWN_PERCENT_ERROR })
      .optional(),
    openNewAccount: z.boolean({ error: 'Must be true or false' }).optional(),
  })
  .strict();
export type TScoreSimulationRequest = z.infer<typeof ZScoreSimulationRequestSchema>;

/** What a chosen change did, as a code (the lines of `applied`, in that order). */
export const SIMULATION_CHANGE_CODES = ['brought_up_to_date', 'nothing_behind', 'default_stays', 'paid_down', 'new_account'] as const;
export type TSimulationChange = { code: (typeof SIMULATION_CHANGE_CODES)[number]; count?: number; percent?: number };

const ZScoreValueSchema = z.object({ value: z.number().int(), band: z.enum(SCORE_BANDS) });

export const ZScoreSimulationSchema = z.object({
  current: ZScoreValueSchema,
  estimated: ZScoreValueSchema,
  /** estimated minus current. */
  change: z.number().int(),
  /** The estimate's reasons, as the score's own. */
  reasons: z.array(ZScoreReasonSchema),
  /** What each chosen change did to the file, in plain English words (one line per choice). */
  applied: z.array(z.string()),
  /** The same lines as codes with their figures, for a page in another language (the catalogue's `dashboard:simulator.applied.<code>`). */
  appliedChanges: z.array(
    z.object({ code: z.enum(SIMULATION_CHANGE_CODES), count: z.number().int().optional(), percent: z.number().optional() }),
  ),
  isEstimate: z.literal(true),
  note: z.string(),
  modelVersion: z.string(),
});
export type TScoreSimulation = z.infer<typeof ZScoreSimulationSchema>;

/**
 * Said with every estimate, on the page and in the API: the English of the catalogue's
 * `dashboard:simulator.note` (tests/unit/portal-catalogues.test.ts holds them equal), which the
 * portal shows in the reader's language (decisions/047).
 */
export const SIMULATION_NOTE =
  'An estimate from the scorecard lenders see, with your file as it is today and only the changes you chose. Nothing is saved, no lender sees it and it is not a credit check. Your real score changes only when lenders report the changes.';
