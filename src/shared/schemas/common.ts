import { z } from 'zod';

/** A required text field: the message covers both "missing" and "too short", as the specification words them. */
export function requiredText(message: string, min = 1, max = 200) {
  return z
    .string({ error: message })
    .trim()
    .min(min, { error: message })
    .max(max, { error: `Must be at most ${max} characters` });
}

export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most commonly used (it appears in lists of leaked passwords). Please choose another.';

// The list of common passwords is large, so the server installs it (modules/accounts/common-passwords.ts)
// and the browser leaves this check to the server's answer, which names the same field.
let isCommonPassword: (password: string) => boolean = () => false;
export function setCommonPasswordCheck(check: (password: string) => boolean): void {
  isCommonPassword = check;
}

/** A new password: 8 to 200 characters, and not one of the commonly used and leaked ones. */
export const ZPasswordSchema = z
  .string({ error: 'Password must be at least 8 characters' })
  .min(8, { error: 'Password must be at least 8 characters' })
  .max(200, { error: 'Password must be at most 200 characters' })
  .refine((password) => !isCommonPassword(password), { error: COMMON_PASSWORD_MESSAGE });

// In its own module: a page that takes another schema from here does not carry every error code's
// explanation with it (the web's bundles leave out a shared module none of whose exports they use).
export { ZErrorResponseSchema, type TErrorResponse } from './error-response';

/** The answer of a change that only says how it went ("Password changed. …"). */
export const ZMessageSchema = z.object({ message: z.string() });

// Paging (docs/api.md, Conventions): the lists a lender pages through take `?limit=&cursor=` and
// answer `items` and `nextCursor` beside the fields they had before.
export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 500;
const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`;
export const ZPageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int({ error: LIMIT_MESSAGE })
    .min(1, { error: LIMIT_MESSAGE })
    .max(PAGE_LIMIT_MAX, { error: LIMIT_MESSAGE })
    .default(PAGE_LIMIT_DEFAULT),
  /** The `nextCursor` of the page before (opaque); without it, the first page. */
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, { error: 'cursor must be the nextCursor of a previous page' })
    .optional(),
});
export type TPageQuery = z.output<typeof ZPageQuerySchema>;

/** The two fields a paged list answers beside its own: the page's rows and the next page's cursor (null on the last page). */
export const pageFields = <T extends z.ZodType>(item: T) => ({ items: z.array(item), nextCursor: z.string().nullable() });
