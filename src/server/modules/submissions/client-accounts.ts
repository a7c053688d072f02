import { formatMinorAmount } from '@shared/format';
import { maskIdentifier } from '@shared/identity';
import { CLIENT_PAGE_SIZE, type TClientAccounts } from '@shared/schemas/business';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { CLOSED_STATUSES_SQL } from '../../db/account-statuses';
import type { Database } from '../../db/client';
import { numberColumn, queryParsedRows } from '../../db/query';
import { decodeKeysetCursor, keysetPage } from '../../lib/keyset-page';
import { joinName } from '../matching';

function statusFilter(status: string): SQL {
  switch (status) {
    case 'all':
      return sql`true`;
    case 'open':
      return sql`a.status NOT IN ${CLOSED_STATUSES_SQL}`;
    case 'negative':
      return sql`st.is_negative`;
    case 'disputed':
      return sql`a.is_disputed`;
    default:
      return sql`a.status = ${status}`;
  }
}

const ZMinorAmount = z.union([z.string(), z.number()]);
const ZClientAccountRow = z.object({
  id: z.string(),
  account_number: z.string(),
  subject_id: z.string(),
  first_name: z.string(),
  middle_name: z.string().nullable(),
  last_name: z.string(),
  date_of_birth: z.string().nullable(),
  nin: z.string().nullable(),
  type: z.string(),
  type_name: z.string(),
  currency: z.string(),
  principal: ZMinorAmount,
  balance: ZMinorAmount,
  opened_at: z.string(),
  status: z.string(),
  status_name: z.string(),
  is_negative: z.boolean(),
  default_amount: ZMinorAmount.nullable(),
  default_date: z.string().nullable(),
  payment_history: z.string(),
  /** Microseconds since the epoch, as text: the cursor keeps the database's whole precision. */
  reported_us: z.string(),
  last_reported_at: z.union([z.date(), z.string()]),
  is_disputed: z.boolean(),
});
const ZCountRow = z.object({ total: numberColumn });

/** `%` and `_` typed by the user are searched for, not used as wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The list's two statements (exported for the test that reads their plan): the page, in two steps,
 * the page's ids in the list's order (keyset after a cursor, else OFFSET), then the person, names
 * and NIN of those rows only; reading them for every row before the OFFSET made page 2,500 take a
 * minute. And the count, on its own.
 */
export function clientAccountsStatements(businessId: string, query: ClientAccountsQuery): { page: SQL; count: SQL; isByCursor: boolean } {
  const q = query.q?.trim() ?? '';
  const search = q
    ? sql`(a.account_number ILIKE ${`${escapeLike(q)}%`} OR (s.first_name || ' ' || s.last_name) ILIKE ${`%${escapeLike(q)}%`}
          OR (s.first_name || ' ' || COALESCE(s.middle_name || ' ', '') || s.last_name) ILIKE ${`%${escapeLike(q)}%`})`
    : sql`true`;
  const after = query.cursor ? decodeKeysetCursor(query.cursor) : null;
  const size = query.limit ?? CLIENT_PAGE_SIZE;
  // The person and the status's kind are joined only when the filter reads them: over a book of
  // 68,000 accounts the joins cost more than the rest of the page (bench:accounts-list).
  const filtered = sql`FROM credit_accounts a
        ${q ? sql`JOIN credit_subjects s ON s.id = a.subject_id` : sql``}
        ${query.status === 'negative' ? sql`JOIN credit_account_statuses st ON st.code = a.status` : sql``}
        WHERE a.business_id = ${businessId}::uuid AND ${statusFilter(query.status)} AND ${search}`;
  const reportedUs = sql`(extract(epoch FROM a.last_reported_at) * 1000000)::bigint`;
  const page = sql`WITH page AS (
            SELECT a.id, a.last_reported_at ${filtered}
              ${after ? sql`AND (${reportedUs}, a.id) < (${after.sortUs}::bigint, ${after.id}::uuid)` : sql``}
            ORDER BY a.last_reported_at DESC, a.id DESC
            -- One more than a page: whether there is a next page, without an empty last one.
            LIMIT ${size + 1} ${after ? sql`` : sql`OFFSET ${(query.page - 1) * size}`}
          )
          SELECT a.id, a.account_number, a.subject_id, s.first_name, s.middle_name, s.last_name, s.date_of_birth::text AS date_of_birth,
            (SELECT value FROM credit_subject_identifiers i WHERE i.subject_id = s.id AND i.type = 'nin' LIMIT 1) AS nin,
            a.type, t.name AS type_name, a.currency, a.principal, a.balance, a.opened_at::text AS opened_at, a.status, st.name AS status_name,
            st.is_negative, a.default_amount, a.default_date::text AS default_date, a.payment_history,
            ${reportedUs}::text AS reported_us, a.last_reported_at, a.is_disputed
          FROM page
          JOIN credit_accounts a ON a.id = page.id
          JOIN credit_subjects s ON s.id = a.subject_id
          JOIN credit_account_types t ON t.code = a.type
          JOIN credit_account_statuses st ON st.code = a.status
          ORDER BY a.last_reported_at DESC, a.id DESC`;
  return { page, count: sql`SELECT count(*) AS total ${filtered}`, isByCursor: after !== null };
}

type ClientAccountsQuery = { q?: string; status: string; page: number; limit?: number; cursor?: string };

/**
 * The accounts this business reported, newest report first, filtered by status and by an account
 * number or a name: the lender's own book, 25 a page. The account number is whole (it is the
 * lender's); the person's NIN is masked as in every report.
 */
export async function listClientAccounts(db: Database, businessId: string, query: ClientAccountsQuery): Promise<TClientAccounts> {
  const statements = clientAccountsStatements(businessId, query);
  const [fetched, [count]] = await Promise.all([
    queryParsedRows(db, ZClientAccountRow, statements.page),
    queryParsedRows(db, ZCountRow, statements.count),
  ]);
  const { rows, nextCursor } = keysetPage(fetched, query.limit ?? CLIENT_PAGE_SIZE, (r) => ({ sortUs: r.reported_us, id: r.id }));
  return {
    total: count?.total ?? 0,
    page: statements.isByCursor ? 0 : query.page,
    pageSize: query.limit ?? CLIENT_PAGE_SIZE,
    nextCursor,
    ...accountsAndItems(
      rows.map((r) => ({
        accountId: r.id,
        accountNumber: r.account_number,
        subjectId: r.subject_id,
        fullName: joinName(r.first_name, r.middle_name, r.last_name),
        firstName: r.first_name,
        middleName: r.middle_name,
        lastName: r.last_name,
        dateOfBirth: r.date_of_birth,
        maskedNationalId: r.nin ? maskIdentifier(r.nin) : null,
        type: r.type,
        typeName: r.type_name,
        currency: r.currency,
        principal: formatMinorAmount(r.principal),
        balance: formatMinorAmount(r.balance),
        openedAt: r.opened_at,
        status: r.status,
        statusName: r.status_name,
        isNegative: r.is_negative,
        defaultAmount: r.default_amount === null ? null : formatMinorAmount(r.default_amount),
        defaultDate: r.default_date,
        paymentHistory: r.payment_history,
        lastReportedAt: new Date(r.last_reported_at).toISOString(),
        disputed: r.is_disputed,
      })),
    ),
  };
}

/** `accounts` and `items` are the same rows (items: the paged lists' common name, docs/api.md Paging). */
const accountsAndItems = (accounts: TClientAccounts['accounts']) => ({ accounts, items: accounts });
