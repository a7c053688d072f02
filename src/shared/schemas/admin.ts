import { z } from 'zod';
import { ZMessageSchema, ZPasswordSchema } from './common';
import { CMS_SECTIONS, HELP_CATEGORIES, HELP_DIFFICULTIES } from './content';

// Administration: the requests and answers of /api/admin/* (decisions/013). Forms and routes share them.

export const ZIdParamsSchema = z.object({ id: z.uuid({ error: 'id must be a UUID' }) });

const reasonText = (message: string) =>
  z.string({ error: message }).trim().min(3, { error: message }).max(1000, { error: 'Must be at most 1000 characters' });

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

// ---------- accounts

export const ACCOUNT_ROLES = ['consumer', 'business', 'system_admin', 'regulator'] as const;
export const ZAdminUserQuerySchema = z.object({
  role: z.enum(ACCOUNT_ROLES, { error: 'role must be consumer, business, system_admin or regulator' }).optional(),
  status: z.enum(['active', 'disabled', 'locked'], { error: 'status must be active, disabled or locked' }).optional(),
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(200).default(50),
});
export const ZAdminUserSchema = z.object({
  id: z.string(),
  role: z.enum(ACCOUNT_ROLES),
  name: z.string(),
  /** Username, email or masked NIN: what identifies the account to staff. */
  identifier: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.enum(['active', 'disabled']),
  isLocked: z.boolean(),
  lockedUntil: z.string().nullable(),
  failedLoginCount: z.number(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TAdminUser = z.infer<typeof ZAdminUserSchema>;
export const ZAdminUserListSchema = z.object({ users: z.array(ZAdminUserSchema) });
export const ZUserActionResultSchema = z.object({ user: ZAdminUserSchema, message: z.string() });

// ---------- invitations

export const STAFF_ROLES = ['system_admin', 'regulator'] as const;
export const INVITATION_VALID_HOURS = 72;
export const ZInvitationRequestSchema = z.object({
  role: z.enum(STAFF_ROLES, { error: 'role must be system_admin or regulator' }),
  email: z
    .string({ error: 'Valid email is required' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Valid email is required' }).max(200, { error: 'Valid email is required' })),
});
export type TInvitationRequest = z.input<typeof ZInvitationRequestSchema>;
export const ZInvitationSchema = z.object({
  id: z.string(),
  role: z.enum(STAFF_ROLES),
  email: z.string(),
  status: z.enum(['pending', 'accepted', 'expired', 'revoked']),
  delivery: z.enum(['email', 'link']),
  invitedBy: z.string().nullable(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TInvitation = z.infer<typeof ZInvitationSchema>;
export const ZInvitationCreatedSchema = ZInvitationSchema.extend({
  /** The one-time link, when no email carried it (demo mode, or no SMTP_URL). Shown once. */
  link: z.string().optional(),
  message: z.string(),
});
export type TInvitationCreated = z.infer<typeof ZInvitationCreatedSchema>;
export const ZInvitationListSchema = z.object({ invitations: z.array(ZInvitationSchema) });

export const ZInvitationTokenParamsSchema = z.object({
  token: z
    .string()
    .min(20, { error: 'This invitation link is not valid' })
    .max(100, { error: 'This invitation link is not valid' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'This invitation link is not valid' }),
});
export const ZInvitationInfoSchema = z.object({ role: z.enum(STAFF_ROLES), email: z.string(), expiresAt: z.string() });
export type TInvitationInfo = z.infer<typeof ZInvitationInfoSchema>;
/** POST /api/invitations/:token/accept: the staff account made from the invitation. */
export const ZInvitationAcceptedSchema = z.object({ id: z.string(), role: z.enum(STAFF_ROLES), message: z.string() });

const UNLINK_REASON_MESSAGE = 'Give the reason: the documents you checked and what they showed';
/** POST /api/admin/consumers/:id/unlink (decisions/021): why the linking is undone, after checking ID documents. */
export const ZUnlinkConsumerSchema = z.object({
  reason: z
    .string({ error: UNLINK_REASON_MESSAGE })
    .trim()
    .min(10, { error: UNLINK_REASON_MESSAGE })
    .max(1000, { error: 'Must be at most 1000 characters' }),
});
export const ZUnlinkConsumerResultSchema = z.object({ message: z.string(), id: z.string() });
/** A staff member's username (invitation, the first administrator's command). */
export const ZStaffUsernameSchema = z
  .string({ error: 'Username must be at least 3 characters' })
  .trim()
  .toLowerCase()
  .min(3, { error: 'Username must be at least 3 characters' })
  .max(50, { error: 'Username must be at most 50 characters' })
  .regex(/^[a-z0-9._-]+$/, { error: 'Use letters, digits, dots, dashes or underscores' });

export const ZAcceptInvitationSchema = z
  .object({
    fullName: z
      .string({ error: 'Full name is required' })
      .trim()
      .min(2, { error: 'Full name is required' })
      .max(120, { error: 'Must be at most 120 characters' }),
    username: ZStaffUsernameSchema,
    position: z.string().trim().max(120, { error: 'Must be at most 120 characters' }).optional(),
    password: ZPasswordSchema,
    confirmPassword: z.string({ error: 'Please confirm your password' }).min(8, { error: 'Please confirm your password' }).max(200),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' });
export type TAcceptInvitation = z.input<typeof ZAcceptInvitationSchema>;

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

// ---------- security incidents

export const INCIDENT_KINDS = ['account_lockout', 'failed_login_burst', 'access_denied_burst', 'quota_exhausted'] as const;
export type TIncidentKind = (typeof INCIDENT_KINDS)[number];
export const INCIDENT_KIND_LABELS: Record<TIncidentKind, string> = {
  account_lockout: 'Account locked out',
  failed_login_burst: 'Burst of failed sign-ins from one address',
  access_denied_burst: 'Burst of refused access',
  quota_exhausted: 'Monthly inquiry quota used up',
};
export const INCIDENT_STATUSES = ['open', 'acknowledged', 'resolved'] as const;
export const ZIncidentQuerySchema = z.object({
  status: z.enum(INCIDENT_STATUSES, { error: 'status must be open, acknowledged or resolved' }).optional(),
  kind: z.enum(INCIDENT_KINDS, { error: 'Unknown incident kind' }).optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(500).default(100),
});
export const ZIncidentSchema = z.object({
  id: z.string(),
  kind: z.enum(INCIDENT_KINDS),
  severity: z.enum(['low', 'medium', 'high']),
  summary: z.string(),
  ip: z.string().nullable(),
  userId: z.string().nullable(),
  businessId: z.string().nullable(),
  eventCount: z.number(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  status: z.enum(INCIDENT_STATUSES),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolutionNote: z.string().nullable(),
});
export type TIncident = z.infer<typeof ZIncidentSchema>;
export const ZIncidentListSchema = z.object({
  incidents: z.array(ZIncidentSchema),
  counts: z.object({ open: z.number(), acknowledged: z.number(), resolved: z.number() }),
});
export const ZResolveIncidentSchema = z.object({ note: reasonText('Please say how it was resolved (at least 3 characters)') });
export const ZIncidentScanResultSchema = z.object({ scannedEvents: z.number(), opened: z.number(), updated: z.number() });

// ---------- settings, plans, content, help

export const ZAdminSettingsSchema = z.object({
  exchangeRateSlePerUsd: z.string(),
  disputeDeadlineDays: z.number(),
  retentionYears: z.number(),
  loginLockoutThreshold: z.number(),
  loginLockoutMinutes: z.number(),
});
export type TAdminSettings = z.infer<typeof ZAdminSettingsSchema>;
export const ZAdminSettingsUpdateSchema = z.object({
  exchangeRateSlePerUsd: z
    .string({ error: 'Exchange rate must be a number such as 22.75' })
    .trim()
    .regex(/^\d{1,6}(\.\d{1,4})?$/, { error: 'Exchange rate must be a number such as 22.75' })
    .refine((v) => Number(v) > 0, { error: 'Exchange rate must be more than 0' })
    .optional(),
  disputeDeadlineDays: z.coerce
    .number({ error: 'Dispute deadline must be a whole number of days' })
    .int({ error: 'Dispute deadline must be a whole number of days' })
    .min(1, { error: 'Dispute deadline must be 1 to 90 days' })
    .max(90, { error: 'Dispute deadline must be 1 to 90 days' })
    .optional(),
  retentionYears: z.coerce
    .number({ error: 'Retention must be a whole number of years' })
    .int({ error: 'Retention must be a whole number of years' })
    .min(1, { error: 'Retention must be 1 to 30 years' })
    .max(30, { error: 'Retention must be 1 to 30 years' })
    .optional(),
  loginLockoutThreshold: z.coerce
    .number({ error: 'Must be a whole number' })
    .int()
    .min(3, { error: 'Lockout threshold must be 3 to 50 attempts' })
    .max(50, { error: 'Lockout threshold must be 3 to 50 attempts' })
    .optional(),
  loginLockoutMinutes: z.coerce
    .number({ error: 'Must be a whole number' })
    .int()
    .min(1, { error: 'Lockout must last 1 to 1440 minutes' })
    .max(1440, { error: 'Lockout must last 1 to 1440 minutes' })
    .optional(),
});
export type TAdminSettingsUpdate = z.input<typeof ZAdminSettingsUpdateSchema>;

export const ZAdminPlanSchema = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  priceUsdCents: z.number().nullable(),
  monthlyInquiryQuota: z.number(),
  features: z.array(z.string()),
  isFree: z.boolean(),
  isPublic: z.boolean(),
  subscriberCount: z.number(),
});
export type TAdminPlan = z.infer<typeof ZAdminPlanSchema>;
export const ZAdminPlanListSchema = z.object({ plans: z.array(ZAdminPlanSchema) });
export const ZPlanCodeParamsSchema = z.object({ code: z.string().regex(/^[a-z0-9_-]{1,40}$/, { error: 'Unknown plan' }) });
export const ZAdminPlanUpdateSchema = z.object({
  name: z.string().trim().min(2, { error: 'Plan name is required' }).max(60, { error: 'Must be at most 60 characters' }).optional(),
  description: z.string().trim().max(500, { error: 'Must be at most 500 characters' }).optional(),
  /** Whole US dollars and cents as text ("250.00"), or null for a price by agreement. */
  priceUsd: z
    .string({ error: 'Price must be an amount such as 250.00' })
    .trim()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, { error: 'Price must be an amount such as 250.00' })
    .nullable()
    .optional(),
  monthlyInquiryQuota: z.coerce
    .number({ error: 'Quota must be a whole number' })
    .int({ error: 'Quota must be a whole number' })
    .min(0, { error: 'Quota must be 0 to 1,000,000' })
    .max(1_000_000, { error: 'Quota must be 0 to 1,000,000' })
    .optional(),
  features: z
    .array(z.string().trim().min(1).max(120, { error: 'Each feature must be at most 120 characters' }))
    .max(20, { error: 'At most 20 features' })
    .optional(),
  isPublic: z.boolean({ error: 'isPublic must be true or false' }).optional(),
});
export type TAdminPlanUpdate = z.input<typeof ZAdminPlanUpdateSchema>;

/** The landing page's managed keys per section (specification section 3). */
export const CMS_KEYS: Record<(typeof CMS_SECTIONS)[number], readonly string[]> = {
  hero: ['main_headline', 'subtitle'],
  features: [
    'ai_scoring_title',
    'ai_scoring_description',
    'real_time_title',
    'real_time_description',
    'comprehensive_title',
    'comprehensive_description',
  ],
  pricing: ['free_tier_title', 'free_tier_description', 'standard_tier_title', 'enterprise_tier_title', 'enterprise_tier_description'],
};
export const ZAdminContentSchema = z.object({
  items: z.array(
    z.object({ section: z.enum(CMS_SECTIONS), key: z.string(), content: z.string().nullable(), updatedAt: z.string().nullable() }),
  ),
});
export type TAdminContent = z.infer<typeof ZAdminContentSchema>;
export const ZContentUpdateSchema = z
  .object({
    section: z.enum(CMS_SECTIONS, { error: 'section must be hero, features or pricing' }),
    key: z.string({ error: 'key is required' }).min(1, { error: 'key is required' }).max(60),
    /** Empty text removes the item: the landing page then shows its built-in default. */
    content: z.string({ error: 'content is required' }).trim().max(2000, { error: 'Must be at most 2000 characters' }),
  })
  .refine((v) => CMS_KEYS[v.section]?.includes(v.key), {
    path: ['key'],
    message: 'This key is not used by that section of the landing page',
  });
export type TContentUpdate = z.infer<typeof ZContentUpdateSchema>;

export const ZHelpArticleFormSchema = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(3, { error: 'Title is required' })
    .max(200, { error: 'Must be at most 200 characters' }),
  content: z
    .string({ error: 'Content is required' })
    .trim()
    .min(10, { error: 'Content must be at least 10 characters' })
    .max(50_000, { error: 'Must be at most 50,000 characters' }),
  category: z.enum(HELP_CATEGORIES, { error: 'Please choose a category' }),
  difficulty: z.enum(HELP_DIFFICULTIES, { error: 'Please choose a difficulty' }),
  estimatedTime: z.coerce
    .number({ error: 'Minutes must be a whole number' })
    .int({ error: 'Minutes must be a whole number' })
    .min(1, { error: 'Minutes must be 1 to 240' })
    .max(240, { error: 'Minutes must be 1 to 240' }),
  version: z.string().trim().min(1, { error: 'Version is required' }).max(20),
  author: z.string().trim().min(2, { error: 'Author is required' }).max(100),
  tags: z.array(z.string().trim().min(1).max(40)).max(20, { error: 'At most 20 tags' }),
  isFeatured: z.boolean(),
});
export type THelpArticleForm = z.input<typeof ZHelpArticleFormSchema>;
export const ZHelpIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'id must be a number' })
    .int({ error: 'id must be a number' })
    .positive({ error: 'id must be a number' })
    .max(2_147_483_647, { error: 'id must be a number' }),
});

/** The answer that only says how a change went: common.ts's ZMessageSchema, under the name the document routes use. */
export const ZMessageResultSchema = ZMessageSchema;
