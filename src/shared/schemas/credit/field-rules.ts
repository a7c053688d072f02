import { z } from 'zod';
import { parseAmountToMinor } from '../../format';
import { inferDistrictFromAddress, parseDistrict } from '../../districts';
import { NIN_PATTERN, normalizeNationalId } from '../../identity';
import { toE164Fast } from '../../phone-fast';
import { CREDIT_MESSAGES } from './messages';

// The rules of single fields (identifiers, names, phone, dates, amounts, address), and the builders
// the account report and the search are made of.

/** '' and null mean "not given", as an empty form field or CSV cell does. */
export const blankToUndefined = (v: unknown) => (v === '' || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

export function optional<T extends z.ZodType>(schema: T) {
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

export const nameField = (message: string) =>
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

export const pastDateField = (requiredMessage?: string) =>
  dateField(requiredMessage).refine((v) => v <= todayIso(), { error: CREDIT_MESSAGES.futureDate });

/** A past date whose every problem (not a string, not a real day, in the future) is one message naming the field. */
export const namedPastDateField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => isRealDate(v) && v <= todayIso(), { error: message });

export const ZDateOfBirthSchema = dateField().refine((v) => v >= '1900-01-01' && v < todayIso(), {
  error: CREDIT_MESSAGES.dateOfBirthPast,
});

/** An amount in major units; the parsed value is integer minor units. */
export const amountField = (requiredMessage: string = CREDIT_MESSAGES.amount, invalidMessage: string = CREDIT_MESSAGES.amount) =>
  z.union([z.string(), z.number()], { error: requiredMessage }).transform((v, ctx) => {
    const minor = parseAmountToMinor(v);
    if (minor === null) {
      ctx.addIssue({ code: 'custom', message: invalidMessage });
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
