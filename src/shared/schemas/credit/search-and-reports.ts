import { z } from 'zod';
import { ACCOUNT_ROLES, ACCOUNT_STATUS_CODES, CURRENCIES, PAYMENT_FREQUENCIES, PURPOSE_CODES } from '../../credit-reference';
import {
  nameField,
  optional,
  ZDateOfBirthSchema,
  ZDriversLicenseSchema,
  ZNationalIdSchema,
  ZPassportNumberSchema,
  ZPhoneSchema,
} from './field-rules';
import { ZScoreReasonSchema } from '../../scoring';
import { CREDIT_MESSAGES } from './messages';

const ZPurposeSchema = z.enum(PURPOSE_CODES, { error: CREDIT_MESSAGES.purpose });

export const ZCreditSearchSchema = z
  .object({
    purpose: ZPurposeSchema,
    nationalId: optional(ZNationalIdSchema),
    phone: optional(ZPhoneSchema),
    driversLicense: optional(ZDriversLicenseSchema),
    passportNumber: optional(ZPassportNumberSchema),
    firstName: optional(nameField(CREDIT_MESSAGES.firstName)),
    lastName: optional(nameField(CREDIT_MESSAGES.lastName)),
    dateOfBirth: optional(ZDateOfBirthSchema),
  })
  .superRefine((s, ctx) => {
    const byName = s.firstName !== undefined || s.lastName !== undefined;
    const byOther = s.nationalId ?? s.phone ?? s.driversLicense ?? s.passportNumber;
    if (byName) {
      if (s.firstName === undefined) ctx.addIssue({ code: 'custom', message: CREDIT_MESSAGES.firstName, path: ['firstName'] });
      if (s.lastName === undefined) ctx.addIssue({ code: 'custom', message: CREDIT_MESSAGES.lastName, path: ['lastName'] });
      if (s.dateOfBirth === undefined) ctx.addIssue({ code: 'custom', message: CREDIT_MESSAGES.searchDateOfBirth, path: ['dateOfBirth'] });
    } else if (!byOther) {
      ctx.addIssue({ code: 'custom', message: CREDIT_MESSAGES.searchKind, path: ['nationalId'] });
    }
  });
export type TCreditSearch = z.output<typeof ZCreditSearchSchema>;
export type TCreditSearchInput = z.input<typeof ZCreditSearchSchema>;

export const ZSearchCandidateSchema = z.object({
  subjectId: z.string(),
  fullName: z.string(),
  maskedNationalId: z.string().nullable(),
  birthYear: z.number().nullable(),
  district: z.string().nullable(),
  /** 0 to 100: how well the person fits the search terms. */
  matchScore: z.number(),
});
export const ZCreditSearchResultSchema = z.object({
  inquiryId: z.string(),
  candidates: z.array(ZSearchCandidateSchema),
});
export type TCreditSearchResult = z.infer<typeof ZCreditSearchResultSchema>;

export const ZCreditReportRequestSchema = z.object({
  subjectId: z.uuid({ error: 'Choose the person from the search results' }),
  purpose: ZPurposeSchema,
  consent: z.literal(true, { error: CREDIT_MESSAGES.consent }),
});
export type TCreditReportRequest = z.infer<typeof ZCreditReportRequestSchema>;

const ZMoneySchema = z.string().describe('Major units as an exact decimal string, e.g. "1500.00"');

export const ZReportAccountSchema = z.object({
  accountId: z.string(),
  lender: z.string(),
  /** The account number with all but its last four characters hidden. */
  accountNumber: z.string(),
  isOwnAccount: z.boolean(),
  type: z.string(),
  typeName: z.string(),
  category: z.enum(['credit', 'alternative']),
  currency: z.enum(CURRENCIES),
  principal: ZMoneySchema,
  balance: ZMoneySchema,
  openedAt: z.string(),
  status: z.enum(ACCOUNT_STATUS_CODES),
  statusName: z.string(),
  defaultAmount: ZMoneySchema.nullable(),
  defaultDate: z.string().nullable(),
  paymentHistory: z.array(z.object({ month: z.string(), code: z.string(), status: z.string() })),
  lastReportedAt: z.string(),
  disputed: z.boolean(),
  // The account's life (issue 17). Each has a default: a report stored before these existed reads back without them.
  amountPastDue: ZMoneySchema.nullable().default(null),
  firstDelinquencyDate: z.string().nullable().default(null),
  lastPaymentDate: z.string().nullable().default(null),
  lastPaymentAmount: ZMoneySchema.nullable().default(null),
  scheduledPaymentAmount: ZMoneySchema.nullable().default(null),
  termMonths: z.number().nullable().default(null),
  paymentFrequency: z.enum(PAYMENT_FREQUENCIES).nullable().default(null),
  closedAt: z.string().nullable().default(null),
  /** This person's place on the account: borrower, or a co-borrower or guarantor of someone else's loan. */
  role: z.enum(ACCOUNT_ROLES).default('borrower'),
  /** The other people on the account, by name: its borrower (when this person is a party), co-borrowers, guarantors. */
  parties: z.array(z.object({ role: z.enum(ACCOUNT_ROLES), name: z.string() })).default([]),
  /** Each reported month's balance and amount past due, newest first, at most 36 ('YYYY-MM'). */
  balanceHistory: z
    .array(
      z.object({ month: z.string(), balance: ZMoneySchema, amountPastDue: ZMoneySchema.nullable(), status: z.enum(ACCOUNT_STATUS_CODES) }),
    )
    .default([]),
});
export type TReportAccount = z.infer<typeof ZReportAccountSchema>;

export const ZReportInquirySchema = z.object({
  date: z.string(),
  businessName: z.string(),
  purpose: z.string(),
  purposeName: z.string(),
  kind: z.enum(['search', 'report']),
});

export const ZScoreSchema = z.object({
  value: z.number(),
  band: z.string(),
  reasons: z.array(ZScoreReasonSchema),
  /** The scorecard version that computed it (api-contract: score {value, band, reasons, modelVersion}). */
  modelVersion: z.string(),
  /**
   * The stored score (api-contract: reports carry score.scoreId): GET /api/scoring/scores/:id/audit
   * re-scores it with its model version and hash. Optional only for copies stored before it existed.
   */
  scoreId: z.string().optional(),
});

export const ZCreditReportSchema = z.object({
  reportId: z.string(),
  generatedAt: z.string(),
  purpose: z.string().nullable(),
  subject: z.object({
    subjectId: z.string(),
    fullName: z.string(),
    firstName: z.string(),
    middleName: z.string().nullable(),
    lastName: z.string(),
    dateOfBirth: z.string().nullable(),
    /** Masked for businesses ("****0001"); whole only in the person's own report. */
    nationalId: z.string().nullable(),
    identifiers: z.array(z.object({ type: z.string(), value: z.string() })),
    otherNames: z.array(z.string()),
    phones: z.array(z.string()),
    addresses: z.array(z.object({ line: z.string(), district: z.string().nullable(), lastReportedAt: z.string() })),
    district: z.string().nullable(),
  }),
  summary: z.object({
    totalAccounts: z.number(),
    openAccounts: z.number(),
    accountsInDefault: z.number(),
    disputedAccounts: z.number(),
    balances: z.array(z.object({ currency: z.string(), balance: ZMoneySchema })),
    inquiriesLast12Months: z.number(),
  }),
  score: ZScoreSchema.nullable(),
  /** Why there is no score, when score is null. */
  scoreUnavailable: z.object({ code: z.string(), text: z.string() }).nullable(),
  /** A fraud alert the person placed: verify their identity before lending (consumer area). */
  fraudAlert: z.object({ placedAt: z.string(), contactPhone: z.string(), text: z.string() }).nullable(),
  accounts: z.array(ZReportAccountSchema),
  inquiries: z.array(ZReportInquirySchema),
});
export type TCreditReport = z.infer<typeof ZCreditReportSchema>;

export const ZPurposeListSchema = z.object({
  purposes: z.array(z.object({ code: z.string(), name: z.string(), description: z.string() })),
});

export const ZBusinessUsageSchema = z.object({
  planCode: z.string(),
  planName: z.string(),
  subscriptionStatus: z.string(),
  /** Whether the business may search and pull reports now (verified, subscription active). */
  canInquire: z.boolean(),
  verificationStatus: z.string(),
  monthlyQuota: z.number(),
  used: z.number(),
  remaining: z.number(),
  searchesThisMonth: z.number(),
  periodStart: z.string(),
  periodEnd: z.string(),
});
export type TBusinessUsage = z.infer<typeof ZBusinessUsageSchema>;
