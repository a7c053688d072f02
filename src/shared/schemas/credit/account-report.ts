import { z } from 'zod';
import {
  ACCOUNT_PARTIES_MAX,
  ACCOUNT_STATUS_CODES,
  ACCOUNT_TYPE_CODES,
  CURRENCIES,
  DEFAULTED_STATUSES,
  PARTY_ROLES,
  PAYMENT_FREQUENCIES,
  PAYMENT_HISTORY_PATTERN,
} from '../../credit-reference';
import {
  amountField,
  namedPastDateField,
  nameField,
  optional,
  pastDateField,
  ZAddressSchema,
  ZDateOfBirthSchema,
  ZDriversLicenseSchema,
  ZNationalIdSchema,
  ZPassportNumberSchema,
  ZPhoneSchema,
} from './field-rules';
import { CREDIT_MESSAGES } from './messages';

/**
 * A rule across fields runs whenever the fields it reads are valid themselves, whatever else in the
 * row is wrong, so a lender learns every error of a row at once (zod would skip it while any field of
 * the object has an issue) and never one caused only by another field's error.
 */
function whenFieldsValid(...fields: string[]) {
  return {
    // Not at all when the value is no object (an issue on the object itself, with an empty path).
    when: (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) =>
      typeof payload.value === 'object' &&
      payload.value !== null &&
      !payload.issues.some((issue) => !issue.path?.length || fields.includes(String(issue.path[0]))),
  };
}

/** A rule: the account's date `field`, when given, is not before its opening date. */
function notBeforeOpened(field: 'firstDelinquencyDate' | 'lastPaymentDate' | 'closedAt', message: string) {
  return (a: { openedAt: string; firstDelinquencyDate?: string; lastPaymentDate?: string; closedAt?: string }, ctx: z.RefinementCtx) => {
    const value = a[field];
    if (value !== undefined && value < a.openedAt) ctx.addIssue({ code: 'custom', message, path: [field] });
  };
}

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
  .superRefine(
    (s, ctx) => {
      if (!s.nationalId && !s.driversLicense && !s.passportNumber) {
        ctx.addIssue({ code: 'custom', message: CREDIT_MESSAGES.idRequired, path: ['nationalId'] });
      }
    },
    whenFieldsValid('nationalId', 'driversLicense', 'passportNumber'),
  );
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
    // What lenders report elsewhere (Metro 2), all optional: amounts in minor units, ISO dates.
    amountPastDue: optional(amountField(CREDIT_MESSAGES.amountPastDue, CREDIT_MESSAGES.amountPastDue)),
    firstDelinquencyDate: optional(namedPastDateField(CREDIT_MESSAGES.firstDelinquencyDate)),
    lastPaymentDate: optional(namedPastDateField(CREDIT_MESSAGES.lastPaymentDate)),
    lastPaymentAmount: optional(amountField(CREDIT_MESSAGES.lastPaymentAmount, CREDIT_MESSAGES.lastPaymentAmount)),
    scheduledPaymentAmount: optional(amountField(CREDIT_MESSAGES.scheduledPaymentAmount, CREDIT_MESSAGES.scheduledPaymentAmount)),
    termMonths: optional(
      z.preprocess(
        (v) => (typeof v === 'string' && /^\s*\d{1,4}\s*$/.test(v) ? Number(v) : v),
        z
          .number({ error: CREDIT_MESSAGES.termMonths })
          .int({ error: CREDIT_MESSAGES.termMonths })
          .min(1, { error: CREDIT_MESSAGES.termMonths })
          .max(600, { error: CREDIT_MESSAGES.termMonths }),
      ),
    ),
    paymentFrequency: optional(
      z.preprocess(
        (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
        z.enum(PAYMENT_FREQUENCIES, { error: CREDIT_MESSAGES.paymentFrequency }),
      ),
    ),
    closedAt: optional(namedPastDateField(CREDIT_MESSAGES.closedAt)),
  })
  .superRefine(
    (a, ctx) => {
      if (!DEFAULTED_STATUSES.includes(a.status)) return;
      if (a.defaultAmount === undefined) ctx.addIssue({ code: 'custom', message: CREDIT_MESSAGES.defaultAmount, path: ['defaultAmount'] });
      else if (a.defaultAmount <= 0)
        ctx.addIssue({ code: 'custom', message: CREDIT_MESSAGES.defaultAmountPositive, path: ['defaultAmount'] });
    },
    whenFieldsValid('status', 'defaultAmount'),
  )
  .superRefine(
    (a, ctx) => {
      if (DEFAULTED_STATUSES.includes(a.status) && a.defaultDate === undefined)
        ctx.addIssue({ code: 'custom', message: CREDIT_MESSAGES.defaultDate, path: ['defaultDate'] });
    },
    whenFieldsValid('status', 'defaultDate'),
  )
  .superRefine(
    (a, ctx) => {
      if (a.defaultDate !== undefined && a.defaultDate < a.openedAt)
        ctx.addIssue({ code: 'custom', message: CREDIT_MESSAGES.defaultBeforeOpened, path: ['defaultDate'] });
    },
    whenFieldsValid('openedAt', 'defaultDate'),
  )
  // Each date of the account's life comes after its opening (a rule per date, so each runs whenever its two fields are valid).
  .superRefine(
    notBeforeOpened('firstDelinquencyDate', CREDIT_MESSAGES.firstDelinquencyBeforeOpened),
    whenFieldsValid('openedAt', 'firstDelinquencyDate'),
  )
  .superRefine(notBeforeOpened('lastPaymentDate', CREDIT_MESSAGES.lastPaymentBeforeOpened), whenFieldsValid('openedAt', 'lastPaymentDate'))
  .superRefine(notBeforeOpened('closedAt', CREDIT_MESSAGES.closedBeforeOpened), whenFieldsValid('openedAt', 'closedAt'))
  .superRefine(
    (a, ctx) => {
      // A written-off account is often reported with no balance left while what was owed stays past due.
      if (a.amountPastDue !== undefined && a.status !== 'written_off' && a.amountPastDue > a.balance)
        ctx.addIssue({ code: 'custom', message: CREDIT_MESSAGES.amountPastDueAboveBalance, path: ['amountPastDue'] });
    },
    whenFieldsValid('amountPastDue', 'balance', 'status'),
  );
export type TCreditAccountInput = z.output<typeof ZCreditAccountInputSchema>;

export const REPORT_ROW_MESSAGES = {
  correction: 'Correction must be move or delete (or left empty)',
  certifyReinsertion: 'certifyReinsertion must be true or false',
  note: 'A certified reinsertion needs a note saying why the value is right (10 to 1000 characters)',
} as const;

const yesNo = (v: unknown) => {
  const t = typeof v === 'string' ? v.trim().toLowerCase() : v;
  if (t === '' || t === null || t === undefined) return undefined;
  if (t === 'true' || t === 'yes' || t === '1') return true;
  if (t === 'false' || t === 'no' || t === '0') return false;
  return t;
};

/**
 * POST /api/credit/accounts, and each row of a monthly file. `parties` are the account's
 * co-borrowers and guarantors, each matched like the borrower; when given (an empty list too) they
 * replace the account's parties, when left out the account keeps the ones it has. `correction: 'move'` sends the account
 * to this row's person even when it is on someone else's file (the lender reported it under the
 * wrong person); `certifyReinsertion` with a `note` lets a row put back a value a dispute took off
 * (submissions/reinsertion-guard.ts). A row removing an account is account-corrections.ts's.
 */
export const ZCreditAccountReportSchema = z
  .object(
    {
      subject: ZCreditSubjectInputSchema,
      account: ZCreditAccountInputSchema,
      parties: optional(
        z
          .array(
            z.object(
              {
                role: z.preprocess(
                  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
                  z.enum(PARTY_ROLES, { error: CREDIT_MESSAGES.partyRole }),
                ),
                subject: ZCreditSubjectInputSchema,
              },
              { error: CREDIT_MESSAGES.parties },
            ),
            { error: CREDIT_MESSAGES.parties },
          )
          .max(ACCOUNT_PARTIES_MAX, { error: CREDIT_MESSAGES.parties }),
      ),
      correction: z.preprocess(
        (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : (v ?? undefined)),
        z.literal('move', { error: REPORT_ROW_MESSAGES.correction }).optional(),
      ),
      certifyReinsertion: z.preprocess(yesNo, z.boolean({ error: REPORT_ROW_MESSAGES.certifyReinsertion }).optional()),
      note: optional(
        z
          .string({ error: REPORT_ROW_MESSAGES.note })
          .trim()
          .min(10, { error: REPORT_ROW_MESSAGES.note })
          .max(1000, { error: REPORT_ROW_MESSAGES.note }),
      ),
    },
    { error: 'The body must hold subject and account' },
  )
  .superRefine(
    (r, ctx) => {
      if (r.certifyReinsertion && r.note === undefined) ctx.addIssue({ code: 'custom', message: REPORT_ROW_MESSAGES.note, path: ['note'] });
    },
    whenFieldsValid('certifyReinsertion', 'note'),
  )
  .superRefine(
    (r, ctx) => {
      // A party is another person: one holding an ID number of the borrower's is the borrower reported twice.
      const ids = new Set([r.subject.nationalId, r.subject.driversLicense, r.subject.passportNumber].filter((v) => v !== undefined));
      r.parties?.forEach((p, i) => {
        for (const field of ['nationalId', 'driversLicense', 'passportNumber'] as const) {
          const v = p.subject[field];
          if (v !== undefined && ids.has(v)) {
            ctx.addIssue({ code: 'custom', message: CREDIT_MESSAGES.partyIsBorrower, path: ['parties', i, 'subject', field] });
            return;
          }
        }
      });
    },
    whenFieldsValid('subject', 'parties'),
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
