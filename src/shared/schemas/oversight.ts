import { z } from 'zod';

// Regulatory oversight: compliance per business, audit reports, complaints and investigations
// (decisions/013). Regulators read; the only records they write are their own investigations.

const isoDate = (field: string) => z.iso.date({ error: `${field} must be a date (YYYY-MM-DD)` });

/** A period of whole days, `to` included. Defaults: the last 90 days. */
export const ZPeriodQuerySchema = z
  .object({ from: isoDate('from').optional(), to: isoDate('to').optional() })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ['to'], message: 'to must not be before from' })
  .refine((v) => !v.from || !v.to || (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 <= 3660, {
    path: ['to'],
    message: 'A period may be at most ten years',
  });
export type TPeriodQuery = z.infer<typeof ZPeriodQuerySchema>;

// ---------- compliance

/**
 * How the compliance score is computed: 100 points less each penalty, never below 0. Shown on the
 * compliance page word for word, and applied by the server (modules/oversight/compliance.ts).
 */
export const COMPLIANCE_SCORE_RULES = [
  { code: 'overdue_disputes', text: 'Overdue disputes (open past the answer deadline): 10 points each, at most 40', perItem: 10, max: 40 },
  {
    code: 'rejected_rows',
    text: 'Rejected rows in monthly files: 1 point per percentage point of rows rejected, at most 20',
    perItem: 1,
    max: 20,
  },
  {
    code: 'searches_without_report',
    text: 'Searches that found someone but led to no report within 7 days, beyond 50% of such searches: 1 point per 2 percentage points above 50%, at most 15',
    perItem: 0.5,
    max: 15,
  },
  {
    code: 'purpose_mismatch',
    text: 'Reports for an existing-account purpose (account review, debt collection) about a person with no account at that business: 5 points each, at most 15',
    perItem: 5,
    max: 15,
  },
  {
    code: 'late_submissions',
    text: 'Months without a monthly file by the 15th of the next month (for a business that reports accounts): 5 points per month, at most 10',
    perItem: 5,
    max: 10,
  },
] as const;
export const COMPLIANCE_BANDS = [
  { band: 'good', min: 85, text: '85 to 100: good standing' },
  { band: 'watch', min: 60, text: '60 to 84: watch' },
  { band: 'concern', min: 0, text: 'below 60: concern, consider an investigation' },
] as const;
export type TComplianceBand = (typeof COMPLIANCE_BANDS)[number]['band'];

export const ZComplianceRowSchema = z.object({
  businessId: z.string(),
  businessName: z.string(),
  verificationStatus: z.string(),
  planCode: z.string(),
  disputes: z.object({ open: z.number(), overdue: z.number(), oldestOverdueDays: z.number().nullable() }),
  submissions: z.object({ files: z.number(), rows: z.number(), rejectedRows: z.number(), rejectedRate: z.number() }),
  inquiries: z.object({
    searches: z.number(),
    reports: z.number(),
    searchesWithHits: z.number(),
    searchesWithoutReport: z.number(),
    searchesWithoutReportRate: z.number(),
    purposeMismatches: z.number(),
  }),
  monthly: z.object({ monthsDue: z.number(), monthsLate: z.number(), reportsAccounts: z.boolean() }),
  penalties: z.array(z.object({ code: z.string(), points: z.number() })),
  score: z.number(),
  band: z.enum(['good', 'watch', 'concern']),
  flags: z.array(z.string()),
});
export type TComplianceRow = z.infer<typeof ZComplianceRowSchema>;
export const ZComplianceListSchema = z.object({
  from: z.string(),
  to: z.string(),
  disputeDeadlineDays: z.number(),
  /** False while the disputes area's table is absent: overdue disputes then count as 0. */
  isDisputeDataAvailable: z.boolean(),
  businesses: z.array(ZComplianceRowSchema),
});
export type TComplianceList = z.infer<typeof ZComplianceListSchema>;

/** GET /api/regulators/compliance/:id: one business's row for the period and its overdue disputes. */
export const ZComplianceDetailSchema = z.object({
  from: z.string(),
  to: z.string(),
  business: ZComplianceRowSchema,
  overdueDisputes: z.array(
    z.object({
      id: z.string(),
      reference: z.string(),
      reason: z.string(),
      filedAt: z.string(),
      dueAt: z.string(),
      daysOverdue: z.number(),
    }),
  ),
});
export type TComplianceDetail = z.infer<typeof ZComplianceDetailSchema>;

// ---------- overview

export const ZRegulatorOverviewSchema = z.object({
  activeBusinesses: z.number(),
  consumerRecords: z.number(),
  registeredConsumers: z.number(),
  averageComplianceScore: z.number().nullable(),
  complianceIssues: z.number(),
  overdueDisputes: z.number(),
  openComplaints: z.number(),
  openInvestigations: z.number(),
  openIncidents: z.number(),
  reportsLast30Days: z.number(),
  auditLog: z.object({ events: z.number(), lastSealedAt: z.string().nullable() }),
  recentActivity: z.array(z.object({ id: z.number(), occurredAt: z.string(), action: z.string(), actorRole: z.string().nullable() })),
  generatedAt: z.string(),
});
export type TRegulatorOverview = z.infer<typeof ZRegulatorOverviewSchema>;

// ---------- audit reports

export const ZAuditReportQuerySchema = z
  .object({
    from: isoDate('from'),
    to: isoDate('to'),
    format: z.enum(['json', 'csv', 'pdf'], { error: 'format must be json, csv or pdf' }).default('json'),
  })
  .refine((v) => v.from <= v.to, { path: ['to'], message: 'to must not be before from' })
  .refine((v) => (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 <= 366, {
    path: ['to'],
    message: 'A report covers at most one year',
  });
export const ZAuditReportSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  totalEvents: z.number(),
  byAction: z.array(z.object({ action: z.string(), count: z.number() })),
  byRole: z.array(z.object({ role: z.string(), count: z.number() })),
  inquiriesByBusiness: z.array(z.object({ businessId: z.string(), businessName: z.string(), searches: z.number(), reports: z.number() })),
  seals: z.object({ count: z.number(), firstSealHash: z.string().nullable(), lastSealHash: z.string().nullable() }),
  verification: z.object({
    valid: z.boolean(),
    checked: z.number(),
    firstBadEventId: z.number().optional(),
    problem: z.string().optional(),
  }),
  generatedAt: z.string(),
});
export type TAuditReportSummary = z.infer<typeof ZAuditReportSummarySchema>;

// ---------- complaints

export const ZComplaintRequestSchema = z.object({
  disputeId: z.uuid({ error: 'disputeId must be the id of one of your disputes' }).optional(),
  subject: z
    .string({ error: 'Subject is required' })
    .trim()
    .min(3, { error: 'Subject is required' })
    .max(150, { error: 'Subject must be at most 150 characters' }),
  description: z
    .string({ error: 'Please describe your complaint' })
    .trim()
    .min(20, { error: 'Please describe your complaint (at least 20 characters)' })
    .max(5000, { error: 'Description must be at most 5000 characters' }),
});
export type TComplaintRequest = z.input<typeof ZComplaintRequestSchema>;
export const COMPLAINT_STATUSES = ['received', 'under_investigation', 'closed'] as const;
export const ZComplaintSchema = z.object({
  id: z.string(),
  reference: z.string(),
  disputeId: z.string().nullable(),
  subject: z.string(),
  description: z.string(),
  status: z.enum(COMPLAINT_STATUSES),
  outcomeSummary: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TComplaint = z.infer<typeof ZComplaintSchema>;
export const ZComplaintListSchema = z.object({ complaints: z.array(ZComplaintSchema) });
/** What the regulator sees of a complaint: who (name only) and the business it concerns. */
export const ZRegulatorComplaintSchema = ZComplaintSchema.extend({
  consumerName: z.string(),
  businessId: z.string().nullable(),
  businessName: z.string().nullable(),
  investigationId: z.string().nullable(),
});
export type TRegulatorComplaint = z.infer<typeof ZRegulatorComplaintSchema>;
export const ZRegulatorComplaintListSchema = z.object({ complaints: z.array(ZRegulatorComplaintSchema) });

// ---------- investigations

export const INVESTIGATION_STATUSES = ['open', 'in_progress', 'closed'] as const;
export const INVESTIGATION_OUTCOMES = ['substantiated', 'not_substantiated', 'referred', 'resolved_by_business'] as const;
export const INVESTIGATION_OUTCOME_LABELS: Record<(typeof INVESTIGATION_OUTCOMES)[number], string> = {
  substantiated: 'Substantiated',
  not_substantiated: 'Not substantiated',
  referred: 'Referred for enforcement',
  resolved_by_business: 'Resolved by the business',
};
export const ZOpenInvestigationSchema = z.object({
  complaintId: z.uuid({ error: 'complaintId must be a UUID' }).optional(),
  businessId: z.uuid({ error: 'businessId must be a UUID' }).optional(),
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(3, { error: 'Title is required' })
    .max(200, { error: 'Must be at most 200 characters' }),
  description: z.string().trim().max(5000, { error: 'Must be at most 5000 characters' }).default(''),
});
export type TOpenInvestigation = z.input<typeof ZOpenInvestigationSchema>;
export const ZInvestigationNoteRequestSchema = z.object({
  body: z
    .string({ error: 'Note is required' })
    .trim()
    .min(2, { error: 'Note is required' })
    .max(5000, { error: 'Must be at most 5000 characters' }),
});
export const ZInvestigationUpdateSchema = z
  .object({
    status: z.enum(INVESTIGATION_STATUSES, { error: 'status must be open, in_progress or closed' }),
    outcome: z.enum(INVESTIGATION_OUTCOMES, { error: 'Please choose an outcome' }).optional(),
    outcomeNote: z.string().trim().max(5000, { error: 'Must be at most 5000 characters' }).optional(),
  })
  .refine((v) => v.status !== 'closed' || !!v.outcome, {
    path: ['outcome'],
    message: 'Please choose an outcome to close the investigation',
  })
  .refine((v) => v.status !== 'closed' || (v.outcomeNote ?? '').length >= 3, {
    path: ['outcomeNote'],
    message: 'Please summarise the outcome (at least 3 characters)',
  });
export type TInvestigationUpdate = z.input<typeof ZInvestigationUpdateSchema>;
export const ZInvestigationSchema = z.object({
  id: z.string(),
  reference: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(INVESTIGATION_STATUSES),
  outcome: z.enum(INVESTIGATION_OUTCOMES).nullable(),
  outcomeNote: z.string().nullable(),
  complaintId: z.string().nullable(),
  complaintReference: z.string().nullable(),
  businessId: z.string().nullable(),
  businessName: z.string().nullable(),
  openedBy: z.string().nullable(),
  noteCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type TInvestigation = z.infer<typeof ZInvestigationSchema>;
export const ZInvestigationListSchema = z.object({ investigations: z.array(ZInvestigationSchema) });
export const ZInvestigationDetailSchema = ZInvestigationSchema.extend({
  notes: z.array(z.object({ id: z.string(), body: z.string(), author: z.string().nullable(), createdAt: z.string() })),
  complaint: ZRegulatorComplaintSchema.nullable(),
});
export type TInvestigationDetail = z.infer<typeof ZInvestigationDetailSchema>;

// ---------- the regulator's Settings: the bureau's rules in force and their changes (read only)

/** One run-time rule of the bureau as it stands, with when it last changed. */
export const ZPolicySettingSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** As a person reads it: "30 days", "22.75 SLE per USD". */
  value: z.string(),
  description: z.string(),
  updatedAt: z.string().nullable(),
});
export const ZPolicyChangeSchema = z.object({
  id: z.number(),
  occurredAt: z.string(),
  action: z.string(),
  /** What changed, in words: "Settings", "Plan professional", "Plan of Demo Microfinance Ltd". */
  subject: z.string(),
  actorName: z.string().nullable(),
  actorRole: z.string().nullable(),
  changes: z.array(z.object({ field: z.string(), from: z.string().nullable(), to: z.string().nullable() })),
  note: z.string().nullable(),
});
export type TPolicyChange = z.infer<typeof ZPolicyChangeSchema>;
export const ZRegulatorPolicySchema = z.object({
  settings: z.array(ZPolicySettingSchema),
  rateLimits: z.object({
    perUserPerMinute: z.number(),
    perApiKeyPerMinute: z.number(),
    perBusinessPerMinute: z.number(),
    businessesWithOwnLimits: z.number(),
  }),
  plans: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      priceUsdCents: z.number().nullable(),
      monthlyInquiryQuota: z.number(),
      isPublic: z.boolean(),
      subscribers: z.number(),
    }),
  ),
  /** Businesses whose agreement replaces their plan's monthly report quota. */
  contractedQuotas: z.array(z.object({ businessId: z.string(), businessName: z.string(), planCode: z.string(), monthlyQuota: z.number() })),
  /** The latest changes to the rules above, newest first. */
  changes: z.array(ZPolicyChangeSchema),
});
export type TRegulatorPolicy = z.infer<typeof ZRegulatorPolicySchema>;

/** One audit seal's head as kept outside the database (decisions/023): the verify answer, the regulator's export, the head file. */
export const ZSealHeadSchema = z.object({
  sealId: z.number(),
  sequence: z.number(),
  version: z.number(),
  sealHash: z.string(),
  eventCount: z.number(),
  lastEventId: z.number(),
  sealedAt: z.string(),
});
export type TSealHead = z.infer<typeof ZSealHeadSchema>;

/** GET /api/regulators/audit/seal-heads (JSON): the heads written outside the database, oldest first. */
export const ZSealHeadListSchema = z.object({ heads: z.array(ZSealHeadSchema), latest: ZSealHeadSchema.nullable(), isKept: z.boolean() });

/** GET /api/admin/audit/verify: the tamper-evident log checked, with the outside head and a head kept by the caller. */
export const ZAuditVerificationSchema = z.object({
  valid: z.boolean(),
  checked: z.number(),
  seals: z.number(),
  firstBadEventId: z.number().optional(),
  problem: z.string().optional(),
  latestSeal: ZSealHeadSchema.nullable(),
  outsideHead: ZSealHeadSchema.nullable(),
  outsideHeadChecked: z.boolean(),
  givenHeadFound: z.boolean().optional(),
});
export type TAuditVerification = z.infer<typeof ZAuditVerificationSchema>;

/** One event of the audit log as GET /api/admin/audit/events lists it, newest first. */
export const ZAuditEventSchema = z.object({
  id: z.number(),
  occurredAt: z.string(),
  action: z.string(),
  actorUserId: z.string().nullable(),
  actorRole: z.string().nullable(),
  businessId: z.string().nullable(),
  subjectId: z.string().nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  sealed: z.boolean(),
});
export const ZAuditEventListSchema = z.object({ events: z.array(ZAuditEventSchema), nextBefore: z.number().nullable() });
export type TAuditEvent = z.infer<typeof ZAuditEventSchema>;
