import { z } from 'zod';
import { parseAmountToMinor } from '../format';
import {
  ACCOUNT_STATUS_CODES,
  ACCOUNT_TYPE_CODES,
  CURRENCIES,
  DEFAULTED_STATUSES,
  PAYMENT_HISTORY_PATTERN,
  PURPOSE_CODES,
} from '../credit-reference';
import { DISTRICTS, inferDistrictFromAddress, parseDistrict } from '../districts';
import { NIN_PATTERN, normalizeNationalId } from '../identity';
import { toE164Fast } from '../phone-fast';

// ---------------------------------------------------------------------------------------------
// Field rules shared by the single report (POST /api/credit/accounts), every row of a monthly
// file (JSON or CSV) and the web form, so a rule and its message are written once.
// ---------------------------------------------------------------------------------------------

export const CREDIT_MESSAGES = {
  idRequired: "At least one valid ID number is required (National ID, Driver's License or Passport)",
  nationalId: 'National ID must be 6 to 20 letters and digits',
  driversLicense: "Driver's license number must be 5 to 20 letters and digits",
  passportNumber: 'Passport number must be 6 to 12 letters and digits',
  firstName: 'First name is required',
  lastName: 'Last name is required',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Valid phone number is required',
  addressRequired: 'Address is required',
  district: `District must be one of: ${DISTRICTS.join(', ')}`,
  date: 'Invalid date (use YYYY-MM-DD)',
  dateOfBirthPast: 'Date of birth must be a past date after 1900',
  futureDate: 'Date cannot be in the future',
  accountNumber: 'Account number is required (at most 50 letters, digits, spaces and - / . _)',
  type: `Account type must be one of: ${ACCOUNT_TYPE_CODES.join(', ')}`,
  currency: 'Currency must be SLE or USD',
  amount: 'Must be an amount of at least 0 with at most two decimals, such as 1500 or 1500.50',
  openedAt: 'Opening date is required',
  status: `Status must be one of: ${ACCOUNT_STATUS_CODES.join(', ')}`,
  defaultAmount: 'Default amount is required for a defaulter',
  defaultAmountPositive: 'Default amount must be more than 0',
  defaultDate: 'Default date is required for a defaulter',
  defaultBeforeOpened: 'Default date cannot be before the opening date',
  paymentHistory: 'Payment history must be at most 24 monthly codes, most recent first: 0, 1, 2, 3, D, C or -',
  purpose: 'Choose a permissible purpose',
  consent: "The person's consent is required",
  searchKind: "Search by National ID, phone, driver's license, passport, or first name, last name and date of birth",
  searchDateOfBirth: 'Date of birth is required when searching by name',
} as const;

/** '' and null mean "not given", as an empty form field or CSV cell does. */
const blankToUndefined = (v: unknown) => (v === '' || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankToUndefined, schema.optional());
}

const identifierField = (pattern: RegExp, message: string) =>
  z
    .string({ error: message })
    .transform(normalizeNationalId)
    .refine((v) => pattern.test(v), { error: message });

export const ZNationalIdSchema = identifierField(NIN_PATTERN, CREDIT_MESSAGES.nationalId);
export const ZDriversLicenseSchema = identifierField(/^[A-Z0-9]{5,20}$/, CREDIT_MESSAGES.driversLicense);
export const ZPassportNumberSchema = identifierField(/^[A-Z0-9]{6,12}$/, CREDIT_MESSAGES.passportNumber);

const nameField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(100, { error: 'Must be at most 100 characters' })
    .regex(/^[\p{L}][\p{L}\p{M} .'-]*$/u, { error: 'Names may contain letters, spaces, apostrophes, dots and hyphens only' });

export const ZPhoneSchema = z
  .string({ error: CREDIT_MESSAGES.phoneRequired })
  .trim()
  .min(1, { error: CREDIT_MESSAGES.phoneRequired })
  .max(30, { error: CREDIT_MESSAGES.phoneInvalid })
  .transform((v, ctx) => {
    const e164 = toE164Fast(v);
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: CREDIT_MESSAGES.phoneInvalid });
      return z.NEVER;
    }
    return e164;
  });

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A YYYY-MM-DD string naming a day that exists (arithmetic, no Date: a file has 300,000 dates). */
export function isRealDate(v: string): boolean {
  if (!ISO_DATE.test(v)) return false;
  const year = Number(v.slice(0, 4));
  const month = Number(v.slice(5, 7));
  const day = Number(v.slice(8, 10));
  if (month < 1 || month > 12 || day < 1) return false;
  const isLeap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return day <= (month === 2 && isLeap ? 29 : DAYS_IN_MONTH[month - 1]);
}

let today = { iso: '', until: 0 };

/** Today's date in Sierra Leone (GMT all year, so UTC); recomputed at most once a second. */
export function todayIso(): string {
  const now = Date.now();
  if (now >= today.until) today = { iso: new Date(now).toISOString().slice(0, 10), until: now + 1000 };
  return today.iso;
}

const dateField = (requiredMessage: string = CREDIT_MESSAGES.date) =>
  z.string({ error: requiredMessage }).trim().min(1, { error: requiredMessage }).refine(isRealDate, { error: CREDIT_MESSAGES.date });

const pastDateField = (requiredMessage?: string) =>
  dateField(requiredMessage).refine((v) => v <= todayIso(), { error: CREDIT_MESSAGES.futureDate });

export const ZDateOfBirthSchema = dateField().refine((v) => v >= '1900-01-01' && v < todayIso(), {
  error: CREDIT_MESSAGES.dateOfBirthPast,
});

/** An amount in major units; the parsed value is integer minor units. */
const amountField = (requiredMessage: string = CREDIT_MESSAGES.amount) =>
  z.union([z.string(), z.number()], { error: requiredMessage }).transform((v, ctx) => {
    const minor = parseAmountToMinor(v);
    if (minor === null) {
      ctx.addIssue({ code: 'custom', message: CREDIT_MESSAGES.amount });
      return z.NEVER;
    }
    return minor;
  });

/** An address line, optionally with its district; a bare string is accepted too. */
export const ZAddressSchema = z
  .union(
    [
      z.string(),
      z.object({
        line: z.string({ error: CREDIT_MESSAGES.addressRequired }),
        district: z.string().nullish(),
      }),
    ],
    { error: CREDIT_MESSAGES.addressRequired },
  )
  .transform((v, ctx) => {
    const line = (typeof v === 'string' ? v : v.line).trim().replace(/\s+/g, ' ');
    if (line.length < 5 || line.length > 300) {
      ctx.addIssue({ code: 'custom', message: CREDIT_MESSAGES.addressRequired, path: typeof v === 'string' ? [] : ['line'] });
      return z.NEVER;
    }
    const given = typeof v === 'string' ? undefined : blankToUndefined(v.district);
    if (typeof given === 'string') {
      const district = parseDistrict(given);
      if (!district) {
        ctx.addIssue({ code: 'custom', message: CREDIT_MESSAGES.district, path: ['district'] });
        return z.NEVER;
      }
      return { line, district };
    }
    return { line, district: inferDistrictFromAddress(line) };
  });

export const ZCreditSubjectInputSchema = z
  .object({
    nationalId: optional(ZNationalIdSchema),
    driversLicense: optional(ZDriversLicenseSchema),
    passportNumber: optional(ZPassportNumberSchema),
    firstName: nameField(CREDIT_MESSAGES.firstName),
    middleName: optional(nameField('Middle name is not valid')),
    lastName: nameField(CREDIT_MESSAGES.lastName),
    dateOfBirth: optional(ZDateOfBirthSchema),
    phone: ZPhoneSchema,
    address: ZAddressSchema,
  })
  .superRefine((s, ctx) => {
    if (!s.nationalId && !s.driversLicense && !s.passportNumber) {
      ctx.addIssue({ code: 'custom', message: CREDIT_MESSAGES.idRequired, path: ['nationalId'] });
    }
  });
export type TCreditSubjectInput = z.output<typeof ZCreditSubjectInputSchema>;

export const ZCreditAccountInputSchema = z
  .object({
    accountNumber: z
      .string({ error: CREDIT_MESSAGES.accountNumber })
      .trim()
      .min(1, { error: CREDIT_MESSAGES.accountNumber })
      .max(50, { error: CREDIT_MESSAGES.accountNumber })
      .regex(/^[A-Za-z0-9][A-Za-z0-9 ./_-]*$/, { error: CREDIT_MESSAGES.accountNumber }),
    type: z.enum(ACCOUNT_TYPE_CODES, { error: CREDIT_MESSAGES.type }),
    currency: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
      z.enum(CURRENCIES, { error: CREDIT_MESSAGES.currency }),
    ),
    principal: amountField(),
    balance: amountField(),
    openedAt: pastDateField(CREDIT_MESSAGES.openedAt),
    status: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
      z.enum(ACCOUNT_STATUS_CODES, { error: CREDIT_MESSAGES.status }),
    ),
    defaultAmount: optional(amountField()),
    defaultDate: optional(pastDateField()),
    paymentHistory: optional(
      z
        .string({ error: CREDIT_MESSAGES.paymentHistory })
        .transform((v) => v.trim().toUpperCase())
        .refine((v) => PAYMENT_HISTORY_PATTERN.test(v), { error: CREDIT_MESSAGES.paymentHistory }),
    ),
  })
  .superRefine((a, ctx) => {
    if (DEFAULTED_STATUSES.includes(a.status)) {
      if (a.defaultAmount === undefined) ctx.addIssue({ code: 'custom', message: CREDIT_MESSAGES.defaultAmount, path: ['defaultAmount'] });
      else if (a.defaultAmount <= 0)
        ctx.addIssue({ code: 'custom', message: CREDIT_MESSAGES.defaultAmountPositive, path: ['defaultAmount'] });
      if (a.defaultDate === undefined) ctx.addIssue({ code: 'custom', message: CREDIT_MESSAGES.defaultDate, path: ['defaultDate'] });
    }
    if (a.defaultDate !== undefined && a.defaultDate < a.openedAt) {
      ctx.addIssue({ code: 'custom', message: CREDIT_MESSAGES.defaultBeforeOpened, path: ['defaultDate'] });
    }
  });
export type TCreditAccountInput = z.output<typeof ZCreditAccountInputSchema>;

/** POST /api/credit/accounts, and each row of a monthly file. */
export const ZCreditAccountReportSchema = z.object(
  {
    subject: ZCreditSubjectInputSchema,
    account: ZCreditAccountInputSchema,
  },
  { error: 'The body must hold subject and account' },
);
export type TCreditAccountReport = z.output<typeof ZCreditAccountReportSchema>;
export type TCreditAccountReportInput = z.input<typeof ZCreditAccountReportSchema>;

export const MATCH_OUTCOMES = ['exact', 'probable', 'new', 'review'] as const;
export type TMatchOutcome = (typeof MATCH_OUTCOMES)[number];

export const ZCreditAccountReportResultSchema = z.object({
  accountId: z.string(),
  subjectId: z.string(),
  match: z.enum(MATCH_OUTCOMES),
  created: z.boolean(),
});
export type TCreditAccountReportResult = z.infer<typeof ZCreditAccountReportResultSchema>;

// ---------------------------------------------------------------------------------------------
// Monthly files
// ---------------------------------------------------------------------------------------------

export const MAX_SUBMISSION_ROWS = 100_000;

/** The JSON form of a monthly file. Rows are checked one by one (so one bad row does not sink the file). */
export const ZSubmissionJsonSchema = z.object({
  rows: z
    .array(z.unknown(), { error: 'rows must be a list of {subject, account}' })
    .min(1, { error: 'The file has no rows' })
    .max(MAX_SUBMISSION_ROWS, { error: `A file holds at most ${MAX_SUBMISSION_ROWS.toLocaleString('en')} rows` }),
});

/**
 * CSV columns, in the order of the template (docs/api.md). A header row is required; columns may
 * come in any order, named in snake_case or camelCase.
 */
export const CSV_COLUMNS = [
  'national_id',
  'drivers_license',
  'passport_number',
  'first_name',
  'middle_name',
  'last_name',
  'date_of_birth',
  'phone',
  'address',
  'district',
  'account_number',
  'account_type',
  'currency',
  'principal',
  'balance',
  'opened_at',
  'status',
  'default_amount',
  'default_date',
  'payment_history',
] as const;
export type TCsvColumn = (typeof CSV_COLUMNS)[number];
export const REQUIRED_CSV_COLUMNS: readonly TCsvColumn[] = [
  'first_name',
  'last_name',
  'phone',
  'address',
  'account_number',
  'account_type',
  'currency',
  'principal',
  'balance',
  'opened_at',
  'status',
];

/** Where each field of a row lives in a CSV file, so a reject names the column the lender knows. */
export const CSV_COLUMN_OF_FIELD: Record<string, TCsvColumn> = {
  'subject.nationalId': 'national_id',
  'subject.driversLicense': 'drivers_license',
  'subject.passportNumber': 'passport_number',
  'subject.firstName': 'first_name',
  'subject.middleName': 'middle_name',
  'subject.lastName': 'last_name',
  'subject.dateOfBirth': 'date_of_birth',
  'subject.phone': 'phone',
  'subject.address': 'address',
  'subject.address.line': 'address',
  'subject.address.district': 'district',
  'account.accountNumber': 'account_number',
  'account.type': 'account_type',
  'account.currency': 'currency',
  'account.principal': 'principal',
  'account.balance': 'balance',
  'account.openedAt': 'opened_at',
  'account.status': 'status',
  'account.defaultAmount': 'default_amount',
  'account.defaultDate': 'default_date',
  'account.paymentHistory': 'payment_history',
};

/** A CSV record (column name -> cell) in the shape of a JSON row, for the one shared schema. */
export function csvRecordToRow(record: Partial<Record<TCsvColumn, string>>) {
  return {
    subject: {
      nationalId: record.national_id,
      driversLicense: record.drivers_license,
      passportNumber: record.passport_number,
      firstName: record.first_name,
      middleName: record.middle_name,
      lastName: record.last_name,
      dateOfBirth: record.date_of_birth,
      phone: record.phone,
      address: { line: record.address ?? '', district: record.district },
    },
    account: {
      accountNumber: record.account_number,
      type: record.account_type?.trim().toLowerCase(),
      currency: record.currency,
      principal: record.principal,
      balance: record.balance,
      openedAt: record.opened_at,
      status: record.status,
      defaultAmount: record.default_amount,
      defaultDate: record.default_date,
      paymentHistory: record.payment_history,
    },
  };
}

export const SUBMISSION_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;

export const ZSubmissionAcceptedSchema = z.object({ id: z.string() });

export const ZSubmissionRejectSchema = z.object({ row: z.number(), field: z.string(), message: z.string() });
export type TSubmissionReject = z.infer<typeof ZSubmissionRejectSchema>;

export const ZSubmissionStatusSchema = z.object({
  id: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  format: z.enum(['json', 'csv']),
  total: z.number(),
  accepted: z.number(),
  rejected: z.number(),
  /** How the accepted rows were matched to people: exact, probable, new, review. */
  matches: z.object({ exact: z.number(), probable: z.number(), new: z.number(), review: z.number() }),
  /** Accounts created and accounts updated (a re-sent row updates its account). */
  created: z.number(),
  updated: z.number(),
  rejects: z.array(ZSubmissionRejectSchema),
  /** Why a failed file failed; nothing of it was applied. */
  error: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type TSubmissionStatus = z.infer<typeof ZSubmissionStatusSchema>;

export const ZSubmissionIdParamsSchema = z.object({ id: z.uuid({ error: 'Not a submission id' }) });

// ---------------------------------------------------------------------------------------------
// Search and reports
// ---------------------------------------------------------------------------------------------

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
  reasons: z.array(z.object({ code: z.string(), text: z.string() })),
  /** The scorecard version that computed it (api-contract: score {value, band, reasons, modelVersion}). */
  modelVersion: z.string(),
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
