import { z } from 'zod';

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
