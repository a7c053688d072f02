import { z } from 'zod';
import { pageFields, ZPageQuerySchema } from '../common';

// Disputes: filing, the lender's answer, and the timeline.

export const DISPUTE_REASONS = [
  { code: 'not_mine', label: 'This account is not mine' },
  { code: 'identity_theft', label: 'Opened in my name by someone else (fraud)' },
  { code: 'wrong_balance', label: 'The balance or amounts are wrong' },
  { code: 'wrong_status', label: 'The status is wrong (late, default, written off)' },
  { code: 'paid_or_closed', label: 'I paid it off or it is closed' },
  { code: 'wrong_history', label: 'The payment history is wrong' },
  { code: 'duplicate', label: 'The account is listed twice' },
  { code: 'other', label: 'Something else' },
] as const;
export type TDisputeReason = (typeof DISPUTE_REASONS)[number]['code'];
export const DISPUTE_REASON_CODES = DISPUTE_REASONS.map((r) => r.code) as [TDisputeReason, ...TDisputeReason[]];
export const DISPUTE_STATEMENT_MAX_WORDS = 100;

export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

export const DISPUTE_MESSAGES = {
  account: 'Choose the account you dispute',
  reason: 'Choose a reason',
  statementRequired: 'Tell us what is wrong',
  statementWords: `Keep your statement to ${DISPUTE_STATEMENT_MAX_WORDS} words or fewer`,
  outcome: 'Choose corrected or verified',
  note: 'Explain your answer to the person',
  correctionRequired: 'A correction needs at least one changed field',
  correctionNotAllowed: 'Only a corrected answer carries a correction',
} as const;

/**
 * A dispute of an entry whose last dispute the lender answered "verified" needs new information
 * (decisions/022): a statement of at least this many characters that does not repeat an earlier one.
 */
export const DISPUTE_NEW_INFORMATION_MIN_CHARS = 40;

export const ZFileDisputeSchema = z.object({
  accountId: z.uuid({ error: DISPUTE_MESSAGES.account }),
  reason: z.enum(DISPUTE_REASON_CODES, { error: DISPUTE_MESSAGES.reason }),
  statement: z
    .string({ error: DISPUTE_MESSAGES.statementRequired })
    .trim()
    .min(1, { error: DISPUTE_MESSAGES.statementRequired })
    .max(1000, { error: DISPUTE_MESSAGES.statementWords })
    .refine((v) => countWords(v) <= DISPUTE_STATEMENT_MAX_WORDS, { error: DISPUTE_MESSAGES.statementWords }),
});
export type TFileDispute = z.infer<typeof ZFileDisputeSchema>;

/** A lender's correction: the account fields that change (amounts in major units, as reported). */
export const ZDisputeCorrectionSchema = z.strictObject(
  {
    status: z.unknown().optional(),
    balance: z.unknown().optional(),
    principal: z.unknown().optional(),
    defaultAmount: z.unknown().optional(),
    defaultDate: z.unknown().optional(),
    paymentHistory: z.unknown().optional(),
  },
  { error: 'A correction may change status, balance, principal, defaultAmount, defaultDate and paymentHistory only' },
);

export const ZDisputeResponseSchema = z
  .object({
    outcome: z.enum(['corrected', 'verified'], { error: DISPUTE_MESSAGES.outcome }),
    note: z
      .string({ error: DISPUTE_MESSAGES.note })
      .trim()
      .min(1, { error: DISPUTE_MESSAGES.note })
      .max(2000, { error: 'Must be at most 2000 characters' }),
    correction: ZDisputeCorrectionSchema.optional(),
  })
  .superRefine((v, ctx) => {
    const changed = v.correction ? Object.values(v.correction).filter((x) => x !== undefined).length : 0;
    if (v.outcome === 'corrected' && changed === 0)
      ctx.addIssue({ code: 'custom', message: DISPUTE_MESSAGES.correctionRequired, path: ['correction'] });
    if (v.outcome === 'verified' && changed > 0)
      ctx.addIssue({ code: 'custom', message: DISPUTE_MESSAGES.correctionNotAllowed, path: ['correction'] });
  });
export type TDisputeResponse = z.infer<typeof ZDisputeResponseSchema>;
export type TDisputeResponseInput = z.input<typeof ZDisputeResponseSchema>;

export const ZDisputeEventSchema = z.object({
  kind: z.string(),
  actorRole: z.string(),
  text: z.string(),
  note: z.string().nullable(),
  occurredAt: z.string(),
});

const ZDisputeAccountSchema = z.object({
  accountId: z.string(),
  lender: z.string(),
  accountNumber: z.string(),
  typeName: z.string(),
  currency: z.string(),
  principal: z.string(),
  balance: z.string(),
  status: z.string(),
  statusName: z.string(),
  defaultAmount: z.string().nullable(),
  defaultDate: z.string().nullable(),
  paymentHistory: z.string(),
  openedAt: z.string(),
});

export const ZDisputeSchema = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.enum(['open', 'resolved']),
  reason: z.string(),
  reasonLabel: z.string(),
  statement: z.string(),
  filedAt: z.string(),
  dueAt: z.string(),
  /** Whole days until the deadline; negative once past it (open disputes only). */
  daysLeft: z.number().nullable(),
  isOverdue: z.boolean(),
  /** removed: the lender took the account off the person's file (removed as reported in error, or moved to the right person). */
  outcome: z.enum(['corrected', 'verified', 'removed']).nullable(),
  responseNote: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** The account as it is now, and as the person saw it when filing. */
  account: ZDisputeAccountSchema,
  accountWhenFiled: ZDisputeAccountSchema,
  timeline: z.array(ZDisputeEventSchema),
});
export type TDispute = z.infer<typeof ZDisputeSchema>;

/** The business's view: the person named, with the identifiers masked. */
export const ZBusinessDisputeSchema = ZDisputeSchema.extend({
  consumer: z.object({ fullName: z.string(), maskedNationalId: z.string() }),
});
export type TBusinessDispute = z.infer<typeof ZBusinessDisputeSchema>;

export const ZDisputeListSchema = z.object({ disputes: z.array(ZDisputeSchema) });
export type TDisputeList = z.infer<typeof ZDisputeListSchema>;
export const ZBusinessDisputeListSchema = z.object({
  summary: z.object({ open: z.number(), overdue: z.number(), dueWithin7Days: z.number(), resolvedLast30Days: z.number() }),
  disputes: z.array(ZBusinessDisputeSchema),
  ...pageFields(ZBusinessDisputeSchema),
});
export type TBusinessDisputeList = z.infer<typeof ZBusinessDisputeListSchema>;
export const ZBusinessDisputeQuerySchema = ZPageQuerySchema.extend({
  status: z.enum(['open', 'resolved', 'all'], { error: 'status must be open, resolved or all' }).default('all'),
});

export const ZDisputeIdParamsSchema = z.object({ id: z.uuid({ error: 'Not a dispute id' }) });
