import { z } from 'zod';

// The match review queue: two registry files that may be one person, and the decision on them.

// ---------- match review queue

export const ZMatchReviewQuerySchema = z.object({
  status: z.enum(['open', 'merged', 'dismissed'], { error: 'status must be open, merged or dismissed' }).default('open'),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(200).default(50),
});
export const ZMatchReviewSummarySchema = z.object({
  id: z.string(),
  reason: z.string(),
  score: z.number(),
  status: z.enum(['open', 'merged', 'dismissed']),
  recordName: z.string(),
  candidateName: z.string(),
  businessName: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type TMatchReviewSummary = z.infer<typeof ZMatchReviewSummarySchema>;
export const ZMatchReviewListSchema = z.object({ reviews: z.array(ZMatchReviewSummarySchema), openCount: z.number() });

export const ZSubjectEvidenceSchema = z.object({
  subjectId: z.string(),
  displayName: z.string(),
  dateOfBirth: z.string().nullable(),
  district: z.string().nullable(),
  createdAt: z.string(),
  isFrozen: z.boolean(),
  names: z.array(z.object({ fullName: z.string(), dateOfBirth: z.string().nullable() })),
  identifiers: z.array(z.object({ type: z.string(), masked: z.string(), isShared: z.boolean() })),
  phones: z.array(z.object({ phone: z.string(), isShared: z.boolean() })),
  addresses: z.array(z.object({ line: z.string(), district: z.string().nullable() })),
  accounts: z.array(
    z.object({
      id: z.string(),
      businessName: z.string(),
      accountNumber: z.string(),
      type: z.string(),
      status: z.string(),
      openedAt: z.string(),
      isDisputed: z.boolean(),
    }),
  ),
  inquiryCount: z.number(),
});
export type TSubjectEvidence = z.infer<typeof ZSubjectEvidenceSchema>;
export const ZMatchReviewDetailSchema = ZMatchReviewSummarySchema.extend({
  reported: z.object({
    fullName: z.string(),
    dateOfBirth: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    identifiers: z.array(z.object({ type: z.string(), masked: z.string() })),
  }),
  record: ZSubjectEvidenceSchema.nullable(),
  candidate: ZSubjectEvidenceSchema.nullable(),
  /** Field by field: does the record agree with the candidate? */
  agreement: z.array(z.object({ field: z.string(), verdict: z.enum(['same', 'similar', 'different', 'missing']) })),
});
export type TMatchReviewDetail = z.infer<typeof ZMatchReviewDetailSchema>;
export const ZMergeReviewSchema = z.object({
  /** Which of the two people remains; the candidate (the person already known) unless said. */
  survivor: z.enum(['candidate', 'record'], { error: 'survivor must be candidate or record' }).default('candidate'),
  note: z.string().trim().max(1000, { error: 'Must be at most 1000 characters' }).optional(),
});
export const ZKeepApartSchema = z.object({ note: z.string().trim().max(1000, { error: 'Must be at most 1000 characters' }).optional() });
export const ZMergeResultSchema = z.object({
  survivorSubjectId: z.string(),
  absorbedSubjectId: z.string(),
  moved: z.record(z.string(), z.number()),
  message: z.string(),
});
