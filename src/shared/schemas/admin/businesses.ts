import { z } from 'zod';
import { reasonText } from './common';

// Administration of businesses: the overview, the business list, verification and plans, and their documents.

// ---------- overview

export const ZAdminOverviewSchema = z.object({
  users: z.object({
    businesses: z.number(),
    consumers: z.number(),
    administrators: z.number(),
    regulators: z.number(),
    disabled: z.number(),
    locked: z.number(),
  }),
  businesses: z.object({
    pending: z.number(),
    verified: z.number(),
    rejected: z.number(),
    suspended: z.number(),
    pendingWithDocuments: z.number(),
  }),
  security: z.object({ openIncidents: z.number(), failedSignInsLast24h: z.number(), lockoutsLast24h: z.number() }),
  registry: z.object({
    subjects: z.number(),
    accounts: z.number(),
    openMatchReviews: z.number(),
    reportsThisMonth: z.number(),
    searchesThisMonth: z.number(),
    filesThisMonth: z.number(),
  }),
  audit: z.object({ events: z.number(), unsealed: z.number(), lastSealedAt: z.string().nullable() }),
  pendingInvitations: z.number(),
  recentActivity: z.array(
    z.object({
      id: z.number(),
      occurredAt: z.string(),
      action: z.string(),
      actorRole: z.string().nullable(),
      targetType: z.string().nullable(),
      targetId: z.string().nullable(),
    }),
  ),
  generatedAt: z.string(),
});
export type TAdminOverview = z.infer<typeof ZAdminOverviewSchema>;

// ---------- businesses and their documents

export const VERIFICATION_STATUSES = ['pending', 'verified', 'rejected', 'suspended'] as const;
export type TVerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const DOCUMENT_KINDS = ['registration', 'tax', 'supporting'] as const;
export type TDocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_KIND_LABELS: Record<TDocumentKind, string> = {
  registration: 'Business registration certificate',
  tax: 'Tax identification (TIN)',
  supporting: 'Supporting document',
};
/** Largest document accepted, in bytes. */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
export const DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;

export const ZBusinessDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number(),
  sha256: z.string(),
  uploadedAt: z.string(),
});
export type TBusinessDocument = z.infer<typeof ZBusinessDocumentSchema>;
export const ZBusinessDocumentListSchema = z.object({
  documents: z.array(ZBusinessDocumentSchema),
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  verificationNote: z.string().nullable(),
});
export const ZDocumentUploadQuerySchema = z.object({
  kind: z.enum(DOCUMENT_KINDS, { error: 'kind must be registration, tax or supporting' }),
  fileName: z
    .string({ error: 'fileName is required' })
    .trim()
    .min(1, { error: 'fileName is required' })
    .max(200, { error: 'fileName must be at most 200 characters' }),
});
export const ZDocumentParamsSchema = z.object({
  id: z.uuid({ error: 'id must be a UUID' }),
  documentId: z.uuid({ error: 'documentId must be a UUID' }),
});

export const ZAdminBusinessQuerySchema = z.object({
  status: z.enum(VERIFICATION_STATUSES, { error: 'status must be pending, verified, rejected or suspended' }).optional(),
  q: z.string().trim().max(100).optional(),
});

export const ZAdminBusinessSchema = z.object({
  id: z.string(),
  businessName: z.string(),
  businessType: z.string().nullable(),
  registrationNumber: z.string(),
  taxId: z.string().nullable(),
  contactName: z.string(),
  email: z.string(),
  phone: z.string(),
  username: z.string().nullable(),
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  verificationNote: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  planCode: z.string(),
  subscriptionStatus: z.string(),
  /** The end of the paid or agreed period; null: none (Starter, or an agreement without an end). */
  nextBillingDate: z.string().nullable(),
  /** Reports a month: the contracted quota when there is one, else the plan's. */
  monthlyQuota: z.number(),
  /** A contracted quota in place of the plan's (an agreement); null: the plan's. */
  contractedQuota: z.number().nullable(),
  accountStatus: z.enum(['active', 'disabled']),
  documentCount: z.number(),
  createdAt: z.string(),
});
export type TAdminBusiness = z.infer<typeof ZAdminBusinessSchema>;
export const ZAdminBusinessListSchema = z.object({ businesses: z.array(ZAdminBusinessSchema) });
export const ZAdminBusinessDetailSchema = ZAdminBusinessSchema.extend({
  address: z.string().nullable(),
  contactPosition: z.string().nullable(),
  documents: z.array(ZBusinessDocumentSchema),
});
export type TAdminBusinessDetail = z.infer<typeof ZAdminBusinessDetailSchema>;
/** The answer of a verification step or a plan change: the business as it now is, and what happened. */
export const ZBusinessActionResultSchema = z.object({ business: ZAdminBusinessDetailSchema, message: z.string() });

export const ZVerifyBusinessSchema = z.object({
  note: z.string().trim().max(1000, { error: 'Must be at most 1000 characters' }).optional(),
});
export const ZRejectBusinessSchema = z.object({ reason: reasonText('Please give the reason for rejecting (at least 3 characters)') });
export const ZSuspendBusinessSchema = z.object({ reason: reasonText('Please give the reason for suspending (at least 3 characters)') });
export const ZReinstateBusinessSchema = ZVerifyBusinessSchema;

/**
 * An administrator moves a business to a plan outside card payment: Enterprise by agreement, or a
 * plan paid by bank transfer or mobile money. `nextBillingDate` absent: one month from today; null:
 * no end (until an administrator changes it). `monthlyQuota` absent or null: the plan's quota.
 */
export const ZChangeBusinessPlanSchema = z.object({
  planCode: z
    .string({ error: 'Choose a plan' })
    .trim()
    .regex(/^[a-z0-9_-]{1,40}$/, { error: 'Choose a plan' }),
  nextBillingDate: z.iso.date({ error: 'Enter a date as YYYY-MM-DD' }).nullable().optional(),
  monthlyQuota: z
    .number({ error: 'Quota must be a whole number' })
    .int({ error: 'Quota must be a whole number' })
    .min(0, { error: 'Quota must be 0 to 1,000,000' })
    .max(1_000_000, { error: 'Quota must be 0 to 1,000,000' })
    .nullable()
    .optional(),
  note: reasonText('Please say why the plan changes, e.g. the agreement or payment reference (at least 3 characters)'),
});
export type TChangeBusinessPlan = z.infer<typeof ZChangeBusinessPlanSchema>;
export type TRejectBusiness = z.infer<typeof ZRejectBusinessSchema>;
