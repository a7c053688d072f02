import { z } from 'zod';
import { ZReportAccountSchema } from '../credit';
import { ZPageQuerySchema } from '../common';

// Clients: the accounts this business reported ("Manage Clients").

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
  /** Rows a page, 1 to 500 (docs/api.md, Paging); 25 unless asked, the web's page size (`page` counts pages of this size). */
  limit: ZPageQuerySchema.shape.limit.unwrap().default(CLIENT_PAGE_SIZE),
  q: z.string().trim().max(100, { error: 'Search with at most 100 characters' }).optional(),
  status: z.enum(CLIENT_ACCOUNT_FILTERS, { error: 'Choose a status filter' }).default('all'),
  page: z.coerce
    .number({ error: 'page must be a number from 1' })
    .int({ error: 'page must be a number from 1' })
    .min(1, { error: 'page must be a number from 1' })
    .max(10_000)
    .default(1),
  /**
   * The `nextCursor` of the page before: the page after it, as fast at any depth (keyset). With a
   * cursor, `page` is not used.
   */
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, { error: 'cursor must be the nextCursor of a previous page' })
    .optional(),
});
export type TClientAccountsQuery = z.input<typeof ZClientAccountsQuerySchema>;

/** An account this business reported, with its person: the report's account fields and the person's. */
export const ZClientAccountSchema = ZReportAccountSchema.pick({
  accountId: true,
  type: true,
  typeName: true,
  principal: true,
  balance: true,
  openedAt: true,
  statusName: true,
  defaultAmount: true,
  defaultDate: true,
  lastReportedAt: true,
  disputed: true,
}).extend({
  /** The full account number: the business reported it. */
  accountNumber: z.string(),
  subjectId: z.string(),
  fullName: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  dateOfBirth: z.string().nullable(),
  maskedNationalId: z.string().nullable(),
  currency: z.string(),
  status: z.string(),
  isNegative: z.boolean(),
  /** The history as reported: one character a month, most recent first. */
  paymentHistory: z.string(),
});
export type TClientAccount = z.infer<typeof ZClientAccountSchema>;

export const ZClientAccountsSchema = z.object({
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  accounts: z.array(ZClientAccountSchema),
  /** The same rows as `accounts` (items: the paged lists' common name, docs/api.md Paging). */
  items: z.array(ZClientAccountSchema),
  /** The cursor of the next page (send it as `cursor`), or null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TClientAccounts = z.infer<typeof ZClientAccountsSchema>;
