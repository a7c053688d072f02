import { z } from 'zod';
import { pageFields } from '../common';
import { ZBusinessUsageSchema, ZCreditReportSchema } from '../credit';
import { SCORE_BANDS } from '../../scoring';

// The business workspace's figures: the dashboard, analytics, portfolio scores, and the history of files and reports.

const ZBandSchema = z.enum(SCORE_BANDS);

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

// Analytics

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

// Submissions and reports history

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
/** `submissions` and `items` are the same page (`items` is the paged lists' common name: docs/api.md, Paging). */
export const ZSubmissionListSchema = z.object({ submissions: z.array(ZSubmissionSummarySchema), ...pageFields(ZSubmissionSummarySchema) });
export type TSubmissionSummary = z.infer<typeof ZSubmissionSummarySchema>;
export type TSubmissionList = z.infer<typeof ZSubmissionListSchema>;

export const ZReportCopySummarySchema = z.object({
  reportId: z.string(),
  createdAt: z.string(),
  subjectName: z.string(),
  purpose: z.string().nullable(),
  score: z.number().nullable(),
  band: ZBandSchema.nullable(),
  pulledBy: z.string(),
});
/** `reports` and `items` are the same page (docs/api.md, Paging). */
export const ZReportCopyListSchema = z.object({ reports: z.array(ZReportCopySummarySchema), ...pageFields(ZReportCopySummarySchema) });
export type TReportCopySummary = z.infer<typeof ZReportCopySummarySchema>;
export type TReportCopyList = z.infer<typeof ZReportCopyListSchema>;

export const ZReportIdParamsSchema = z.object({ id: z.uuid({ error: 'Not a report id' }) });

/** A stored report as the business saw it, with the name to print on it (white label for Enterprise). */
export const ZStoredReportSchema = ZCreditReportSchema;
