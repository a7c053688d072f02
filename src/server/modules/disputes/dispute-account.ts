import { formatMinorAmount } from '@shared/format';
import { DISPUTE_REASONS } from '@shared/schemas/consumer';
import { sql } from 'drizzle-orm';
import { z } from 'zod';

// What every part of a dispute shares: the disputed account as it is read and shown, the reason's
// label, and days to the deadline.

export const DAY_MS = 24 * 3600_000;

/** The account columns a dispute shows, now and as filed. */
export const ZAccountRow = z.object({
  id: z.string(),
  business_id: z.string(),
  subject_id: z.string(),
  lender: z.string(),
  account_number: z.string(),
  type: z.string(),
  type_name: z.string(),
  currency: z.string(),
  // Minor units (bigint): text from pg, a number from PGlite and inside json.
  principal: z.union([z.string(), z.number()]),
  balance: z.union([z.string(), z.number()]),
  status: z.string(),
  status_name: z.string(),
  default_amount: z.union([z.string(), z.number()]).nullable(),
  default_date: z.string().nullable(),
  payment_history: z.string(),
  opened_at: z.string(),
});
export type AccountRow = z.infer<typeof ZAccountRow>;

export const ACCOUNT_COLUMNS = sql`a.id, a.business_id, a.subject_id, COALESCE(b.business_name, 'Unknown lender') AS lender, a.account_number, a.type, t.name AS type_name,
  a.currency, a.principal, a.balance, a.status, st.name AS status_name, a.default_amount, a.default_date::text AS default_date, a.payment_history,
  a.opened_at::text AS opened_at`;
export const ACCOUNT_JOINS = sql`JOIN credit_account_types t ON t.code = a.type
  JOIN credit_account_statuses st ON st.code = a.status
  LEFT JOIN business_profiles b ON b.user_id = a.business_id`;

export function accountView(row: AccountRow) {
  return {
    accountId: row.id,
    lender: row.lender,
    accountNumber: row.account_number,
    typeName: row.type_name,
    currency: row.currency,
    principal: formatMinorAmount(row.principal),
    balance: formatMinorAmount(row.balance),
    status: row.status,
    statusName: row.status_name,
    defaultAmount: row.default_amount === null ? null : formatMinorAmount(row.default_amount),
    defaultDate: row.default_date,
    paymentHistory: row.payment_history,
    openedAt: row.opened_at,
  };
}

export const reasonLabel = (code: string) => DISPUTE_REASONS.find((r) => r.code === code)?.label ?? code;

/** Whole days until the deadline, rounded up; negative once it has passed. */
export function daysLeftUntil(dueAt: Date, now: Date): number {
  return Math.ceil((dueAt.getTime() - now.getTime()) / DAY_MS);
}
