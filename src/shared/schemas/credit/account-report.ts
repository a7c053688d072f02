import { z } from 'zod';
import { ACCOUNT_STATUS_CODES, ACCOUNT_TYPE_CODES, CURRENCIES, DEFAULTED_STATUSES, PAYMENT_HISTORY_PATTERN } from '../../credit-reference';
import {
  amountField,
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
 * POST /api/credit/accounts, and each row of a monthly file. `correction: 'move'` sends the account
 * to this row's person even when it is on someone else's file (the lender reported it under the
 * wrong person); `certifyReinsertion` with a `note` lets a row put back a value a dispute took off
 * (submissions/reinsertion-guard.ts). A row removing an account is account-corrections.ts's.
 */
export const ZCreditAccountReportSchema = z
  .object(
    {
      subject: ZCreditSubjectInputSchema,
      account: ZCreditAccountInputSchema,
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
