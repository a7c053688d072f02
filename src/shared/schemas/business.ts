import { z } from 'zod';
import { toE164 } from '../identity';
import { SCORE_BANDS } from '../scoring';
import { ZPasswordSchema, requiredText } from './common';
import { ZBusinessUsageSchema, ZCreditReportSchema } from './credit';

// The business workspace (issue 6): dashboard, analytics, submissions and reports history,
// settings (profile, password, subscription, team members) and Enterprise API keys.

const ZBandSchema = z.enum(SCORE_BANDS);

// ---------------------------------------------------------------------------------------------
// Dashboard
// ---------------------------------------------------------------------------------------------

export const ZRecentInquirySchema = z.object({
  id: z.string(),
  kind: z.enum(['search', 'report']),
  createdAt: z.string(),
  purpose: z.string(),
  purposeName: z.string(),
  /** The person a report was about; null for a search. */
  subjectName: z.string().nullable(),
  /** What a search looked for, identifiers masked ("NIN ****0001"); null for a report. */
  searchedFor: z.string().nullable(),
  resultCount: z.number(),
  /** The score the report showed (null: no score, a thin file; or not recorded, see isScoreRecorded). */
  score: z.number().nullable(),
  band: ZBandSchema.nullable(),
  /** Whether the report's score is on record (reports before scoring was wired in have none). */
  isScoreRecorded: z.boolean(),
  /** The report to open again (its copy), for a report. */
  reportId: z.string().nullable(),
  /** Who made it: the owner or a team member's name; "API key <name>" for a key. */
  madeBy: z.string(),
});
export type TRecentInquiry = z.infer<typeof ZRecentInquirySchema>;

export const ZBusinessDashboardSchema = z.object({
  usage: ZBusinessUsageSchema,
  reporting: z.object({
    /** Accounts this business reported or updated since the 1st of the month. */
    accountsReportedThisMonth: z.number(),
    /** Of those, accounts in default or written off (defaulter reports). */
    defaultersReportedThisMonth: z.number(),
    filesThisMonth: z.number(),
    accountsOnFile: z.number(),
  }),
  disputes: z.object({
    open: z.number(),
    overdue: z.number(),
    /** The earliest deadline among open disputes. */
    nearestDueAt: z.string().nullable(),
    nearestReference: z.string().nullable(),
  }),
  /** People with at least one open account reported by this business. */
  activeClients: z.number(),
  recentInquiries: z.array(ZRecentInquirySchema),
});
export type TBusinessDashboard = z.infer<typeof ZBusinessDashboardSchema>;

// ---------------------------------------------------------------------------------------------
// Analytics
// ---------------------------------------------------------------------------------------------

export const ANALYTICS_DAY_CHOICES = [7, 30, 90] as const;

export const ZAnalyticsQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'days must be 7, 30 or 90' })
    .int({ error: 'days must be 7, 30 or 90' })
    .refine((v) => (ANALYTICS_DAY_CHOICES as readonly number[]).includes(v), { error: 'days must be 7, 30 or 90' })
    .default(30)
    .meta({ description: 'The period: 7, 30 or 90 days back from today (default 30)', enum: [...ANALYTICS_DAY_CHOICES] }),
});

export const ZBusinessAnalyticsSchema = z.object({
  days: z.number(),
  inquiriesPerDay: z.array(z.object({ date: z.string(), searches: z.number(), reports: z.number() })),
  portfolioByStatus: z.array(z.object({ status: z.string(), statusName: z.string(), accounts: z.number(), isNegative: z.boolean() })),
  /** Per reported month (payment history codes): accounts reported and how many were late or in default. */
  delinquencyByMonth: z.array(
    z.object({
      month: z.string(),
      reported: z.number(),
      late30: z.number(),
      late60: z.number(),
      late90: z.number(),
      defaulted: z.number(),
      /** Share of reported accounts 30 days or more late or in default, 0 to 1. */
      rate: z.number(),
    }),
  ),
  totals: z.object({ accounts: z.number(), openAccounts: z.number(), clients: z.number(), accountsInDefault: z.number() }),
});
export type TBusinessAnalytics = z.infer<typeof ZBusinessAnalyticsSchema>;

export const ZPortfolioScoresSchema = z.object({
  modelVersion: z.string(),
  asOf: z.string(),
  /** People with an open account reported by this business. */
  clients: z.number(),
  /** How many of them were scored (a large portfolio is sampled). */
  considered: z.number(),
  scored: z.number(),
  /** Thin files: no score (never a low one). */
  noScore: z.number(),
  average: z.number().nullable(),
  bins: z.array(z.object({ from: z.number(), to: z.number(), count: z.number() })),
  bands: z.array(z.object({ band: ZBandSchema, minScore: z.number(), count: z.number() })),
});
export type TPortfolioScores = z.infer<typeof ZPortfolioScoresSchema>;

// ---------------------------------------------------------------------------------------------
// Submissions and reports history
// ---------------------------------------------------------------------------------------------

export const ZListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number from 1 to 100' })
    .int()
    .min(1, { error: 'limit must be a number from 1 to 100' })
    .max(100, { error: 'limit must be a number from 1 to 100' })
    .default(20),
});

export const ZSubmissionSummarySchema = z.object({
  id: z.string(),
  status: z.enum(['queued', 'processing', 'completed', 'failed']),
  format: z.string(),
  total: z.number(),
  accepted: z.number(),
  rejected: z.number(),
  created: z.number(),
  updated: z.number(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  submittedBy: z.string(),
});
export const ZSubmissionListSchema = z.object({ submissions: z.array(ZSubmissionSummarySchema) });
export type TSubmissionSummary = z.infer<typeof ZSubmissionSummarySchema>;

export const ZReportCopySummarySchema = z.object({
  reportId: z.string(),
  createdAt: z.string(),
  subjectName: z.string(),
  purpose: z.string().nullable(),
  score: z.number().nullable(),
  band: ZBandSchema.nullable(),
  pulledBy: z.string(),
});
export const ZReportCopyListSchema = z.object({ reports: z.array(ZReportCopySummarySchema) });
export type TReportCopySummary = z.infer<typeof ZReportCopySummarySchema>;

export const ZReportIdParamsSchema = z.object({ id: z.uuid({ error: 'Not a report id' }) });

/** A stored report as the business saw it, with the name to print on it (white label for Enterprise). */
export const ZStoredReportSchema = ZCreditReportSchema;

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

const emailField = (message = 'Valid email is required') =>
  z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: message }).max(254, { error: message }));

const phoneField = z
  .string({ error: 'Valid phone number is required' })
  .trim()
  .min(1, { error: 'Valid phone number is required' })
  .max(30, { error: 'Valid phone number is required' })
  .refine((v) => toE164(v) !== null, { error: 'Valid phone number is required' });

export const ZBusinessProfileSchema = z.object({
  businessId: z.string(),
  businessName: z.string(),
  businessType: z.string().nullable(),
  registrationNumber: z.string(),
  taxId: z.string().nullable(),
  address: z.string().nullable(),
  contactName: z.string(),
  contactPosition: z.string().nullable(),
  phone: z.string(),
  email: z.string(),
  verificationStatus: z.string(),
  createdAt: z.string(),
  /** The signed-in user: the owner, or a team member. */
  user: z.object({
    id: z.string(),
    username: z.string().nullable(),
    email: z.string().nullable(),
    fullName: z.string(),
    isOwner: z.boolean(),
  }),
});
export type TBusinessProfile = z.infer<typeof ZBusinessProfileSchema>;

/** What the owner may change; the name, registration and tax numbers are verified and change through an administrator. */
export const ZBusinessProfileUpdateSchema = z.object({
  contactName: requiredText('Contact name is required', 2),
  contactPosition: requiredText('Position is required', 2),
  phone: phoneField,
  email: emailField(),
  address: requiredText('Address is required', 5, 300),
});
export type TBusinessProfileUpdate = z.input<typeof ZBusinessProfileUpdateSchema>;

const whenPasswordsPresent = {
  when: (payload: { value: unknown }) => {
    const v = payload.value as { newPassword?: unknown; confirmPassword?: unknown } | null;
    return typeof v?.newPassword === 'string' && typeof v?.confirmPassword === 'string';
  },
};

export const ZPasswordChangeSchema = z
  .object({
    currentPassword: z.string({ error: 'Current password is required' }).min(1, { error: 'Current password is required' }).max(200),
    newPassword: ZPasswordSchema,
    confirmPassword: z.string({ error: 'Passwords do not match' }).max(200),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: 'Passwords do not match',
    path: ['confirmPassword'],
    ...whenPasswordsPresent,
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    error: 'Choose a password different from the current one',
    path: ['newPassword'],
    ...whenPasswordsPresent,
  });
export type TPasswordChange = z.infer<typeof ZPasswordChangeSchema>;

export const ZInvoiceSchema = z.object({
  number: z.string(),
  planCode: z.string(),
  planName: z.string(),
  amountUsdCents: z.number(),
  /** SLE at the rate of the day of issue, as an exact decimal string ("5687.50"). */
  amountSle: z.string(),
  exchangeRateSlePerUsd: z.string(),
  status: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  issuedAt: z.string(),
});
export type TInvoice = z.infer<typeof ZInvoiceSchema>;

export const ZSubscriptionSchema = z.object({
  plan: z.object({
    code: z.string(),
    name: z.string(),
    priceUsdCents: z.number().nullable(),
    isFree: z.boolean(),
    monthlyInquiryQuota: z.number(),
    hasApiAccess: z.boolean(),
    hasWhiteLabel: z.boolean(),
    maxTeamMembers: z.number(),
  }),
  subscriptionStatus: z.string(),
  nextBillingDate: z.string().nullable(),
  autoRenew: z.boolean(),
  invoices: z.array(ZInvoiceSchema),
  /** Only the owner changes the plan, auto-renewal, team and API keys. */
  canManage: z.boolean(),
});
export type TSubscription = z.infer<typeof ZSubscriptionSchema>;

export const ZSubscriptionUpdateSchema = z.object({ autoRenew: z.boolean({ error: 'autoRenew must be true or false' }) });

export const ZTeamMemberSchema = z.object({
  userId: z.string(),
  fullName: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  position: z.string().nullable(),
  isOwner: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TTeamMember = z.infer<typeof ZTeamMemberSchema>;

export const ZTeamSchema = z.object({
  /** Everyone who signs in for the business, the owner included, counts against the plan's limit. */
  maxMembers: z.number(),
  planName: z.string(),
  canManage: z.boolean(),
  members: z.array(ZTeamMemberSchema),
});
export type TTeam = z.infer<typeof ZTeamSchema>;

export const ZTeamMemberCreateSchema = z
  .object({
    fullName: requiredText('Full name is required', 2, 100),
    position: z.string().trim().max(100, { error: 'Must be at most 100 characters' }).optional(),
    username: z
      .string({ error: 'Username must be at least 3 characters' })
      .trim()
      .min(3, { error: 'Username must be at least 3 characters' })
      .max(60, { error: 'Username must be at most 60 characters' })
      .regex(/^[A-Za-z0-9._@-]+$/, { error: 'Username may contain letters, digits and . _ @ - only' }),
    email: emailField(),
    password: ZPasswordSchema,
    confirmPassword: z.string({ error: 'Passwords do not match' }).max(200),
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: 'Passwords do not match',
    path: ['confirmPassword'],
    when: (payload) => {
      const v = payload.value as { password?: unknown; confirmPassword?: unknown } | null;
      return typeof v?.password === 'string' && typeof v?.confirmPassword === 'string';
    },
  });
export type TTeamMemberCreate = z.infer<typeof ZTeamMemberCreateSchema>;
export type TTeamMemberCreateInput = z.input<typeof ZTeamMemberCreateSchema>;

export const ZUserIdParamsSchema = z.object({ id: z.uuid({ error: 'Not a team member id' }) });

export const ZApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the key, to tell keys apart ("ccsl_Xy12Ab"). */
  prefix: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKeySchema>;

export const ZApiKeyListSchema = z.object({
  hasApiAccess: z.boolean(),
  canManage: z.boolean(),
  keys: z.array(ZApiKeySchema),
});
export type TApiKeyList = z.infer<typeof ZApiKeyListSchema>;

export const ZApiKeyCreateSchema = z.object({
  name: requiredText('Give the key a name, such as the system that will use it', 1, 60),
});
export type TApiKeyCreate = z.infer<typeof ZApiKeyCreateSchema>;

/** The answer to creating a key: the only time the whole key is shown. */
export const ZApiKeyCreatedSchema = ZApiKeySchema.extend({ key: z.string() });
export type TApiKeyCreated = z.infer<typeof ZApiKeyCreatedSchema>;

export const ZApiKeyIdParamsSchema = z.object({ id: z.uuid({ error: 'Not an API key id' }) });

// ---------------------------------------------------------------------------------------------
// Clients: the accounts this business reported ("Manage Clients")
// ---------------------------------------------------------------------------------------------

export const CLIENT_ACCOUNT_FILTERS = [
  'all',
  'open',
  'negative',
  'disputed',
  'current',
  'late_30',
  'late_60',
  'late_90',
  'default',
  'written_off',
  'closed',
  'paid',
] as const;
export const CLIENT_PAGE_SIZE = 25;

export const ZClientAccountsQuerySchema = z.object({
  q: z.string().trim().max(100, { error: 'Search with at most 100 characters' }).optional(),
  status: z.enum(CLIENT_ACCOUNT_FILTERS, { error: 'Choose a status filter' }).default('all'),
  page: z.coerce
    .number({ error: 'page must be a number from 1' })
    .int({ error: 'page must be a number from 1' })
    .min(1, { error: 'page must be a number from 1' })
    .max(10_000)
    .default(1),
});
export type TClientAccountsQuery = z.input<typeof ZClientAccountsQuerySchema>;

export const ZClientAccountSchema = z.object({
  accountId: z.string(),
  accountNumber: z.string(),
  subjectId: z.string(),
  fullName: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  dateOfBirth: z.string().nullable(),
  maskedNationalId: z.string().nullable(),
  type: z.string(),
  typeName: z.string(),
  currency: z.string(),
  principal: z.string(),
  balance: z.string(),
  openedAt: z.string(),
  status: z.string(),
  statusName: z.string(),
  isNegative: z.boolean(),
  defaultAmount: z.string().nullable(),
  defaultDate: z.string().nullable(),
  paymentHistory: z.string(),
  lastReportedAt: z.string(),
  disputed: z.boolean(),
});
export type TClientAccount = z.infer<typeof ZClientAccountSchema>;

export const ZClientAccountsSchema = z.object({
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  accounts: z.array(ZClientAccountSchema),
});
export type TClientAccounts = z.infer<typeof ZClientAccountsSchema>;
