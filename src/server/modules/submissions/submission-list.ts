import { toCsv } from '@shared/csv';
import { ZSubmissionSummarySchema, type TSubmissionList, type TSubmissionSummary } from '@shared/schemas/business';
import type { TPageQuery } from '@shared/schemas/common';
import { CSV_COLUMNS } from '@shared/schemas/credit';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';
import { decodeKeysetCursor, keysetAfterSql, keysetPage, microsecondsSql } from '../../lib/keyset-page';
import { madeByJoins, madeBySql } from '../reports';

const ZCountColumn = z.coerce.number<number | string>();
const ZSubmissionListRow = z.object({
  id: z.string(),
  status: ZSubmissionSummarySchema.shape.status,
  format: z.string(),
  total: ZCountColumn,
  accepted: ZCountColumn,
  rejected: ZCountColumn,
  created_count: ZCountColumn,
  updated_count: ZCountColumn,
  created_at: z.union([z.date(), z.string()]),
  completed_at: z.union([z.date(), z.string()]).nullable(),
  made_by: z.string(),
  created_us: z.string(),
});

/**
 * The monthly files this business sent, newest first, a page at a time (keyset: the page after the
 * cursor costs what the first does, through the index on (business_id, created_at)).
 */
export async function listSubmissions(db: Database, businessId: string, page: TPageQuery): Promise<TSubmissionList> {
  const after = page.cursor ? decodeKeysetCursor(page.cursor) : null;
  const fetched = await queryParsedRows(
    db,
    ZSubmissionListRow,
    sql`SELECT q.id, q.status::text AS status, q.format, q.total, q.accepted, q.rejected, q.created_count, q.updated_count,
          q.created_at, q.completed_at, ${madeBySql} AS made_by, ${microsecondsSql(sql`q.created_at`)} AS created_us
        FROM credit_submissions q
        ${madeByJoins}
        WHERE q.business_id = ${businessId}::uuid ${after ? sql`AND ${keysetAfterSql(sql`q.created_at`, sql`q.id`, after)}` : sql``}
        ORDER BY q.created_at DESC, q.id DESC
        LIMIT ${page.limit + 1}`,
  );
  const { rows, nextCursor } = keysetPage(fetched, page.limit, (r) => ({ sortUs: r.created_us, id: r.id }));
  const submissions = rows.map(summaryOf);
  return { submissions, items: submissions, nextCursor };
}

function summaryOf(r: z.infer<typeof ZSubmissionListRow>): TSubmissionSummary {
  return {
    id: r.id,
    status: r.status,
    format: r.format,
    total: Number(r.total),
    accepted: Number(r.accepted),
    rejected: Number(r.rejected),
    created: Number(r.created_count),
    updated: Number(r.updated_count),
    createdAt: new Date(r.created_at).toISOString(),
    completedAt: r.completed_at ? new Date(r.completed_at).toISOString() : null,
    submittedBy: r.made_by,
  };
}

/** Example rows of the template: an account in good standing, a defaulter (FAQ fields) and a group loan with a co-borrower and a guarantor. */
// A column an example leaves out is empty (the corrections, most optional fields).
const TEMPLATE_ROWS: Partial<Record<(typeof CSV_COLUMNS)[number], string>>[] = [
  {
    national_id: 'SL12345678',
    drivers_license: '',
    passport_number: '',
    first_name: 'Fatmata',
    middle_name: '',
    last_name: 'Koroma',
    date_of_birth: '1990-06-15',
    phone: '+232 76 123 456',
    address: '14 Kissy Road, Freetown',
    district: 'Western Area Urban',
    account_number: 'LN-2025-0001',
    account_type: 'personal_loan',
    currency: 'SLE',
    principal: '15000.00',
    balance: '9250.50',
    opened_at: '2025-02-01',
    status: 'current',
    default_amount: '',
    default_date: '',
    payment_history: '000000',
    amount_past_due: '0.00',
    last_payment_date: '2025-07-31',
    last_payment_amount: '750.00',
    scheduled_payment_amount: '750.00',
    term_months: '24',
    payment_frequency: 'monthly',
  },
  {
    national_id: '',
    drivers_license: '',
    passport_number: 'P1234567',
    first_name: 'Ibrahim',
    middle_name: 'Lamin',
    last_name: 'Sesay',
    date_of_birth: '1983-09-17',
    phone: '+232 78 765 432',
    address: '3 Bo-Kenema Highway, Bo',
    district: 'Bo',
    account_number: 'LN-2024-0420',
    account_type: 'microfinance_loan',
    currency: 'SLE',
    principal: '8000.00',
    balance: '6400.00',
    opened_at: '2024-03-10',
    status: 'default',
    default_amount: '6400.00',
    default_date: '2025-04-30',
    payment_history: 'DD3210000000',
    amount_past_due: '6400.00',
    first_delinquency_date: '2025-01-31',
    last_payment_date: '2024-12-20',
    last_payment_amount: '400.00',
    scheduled_payment_amount: '400.00',
    term_months: '18',
    payment_frequency: 'monthly',
  },
  {
    national_id: 'SL23456789',
    first_name: 'Mariama',
    last_name: 'Conteh',
    date_of_birth: '1987-11-02',
    phone: '+232 77 234 567',
    address: '9 Blama Road, Kenema',
    district: 'Kenema',
    account_number: 'GL-2025-0107',
    account_type: 'group_loan',
    currency: 'SLE',
    principal: '3000.00',
    balance: '1200.00',
    opened_at: '2025-01-06',
    status: 'late_30',
    payment_history: '1000000',
    amount_past_due: '150.00',
    first_delinquency_date: '2025-07-14',
    last_payment_date: '2025-06-30',
    last_payment_amount: '150.00',
    scheduled_payment_amount: '150.00',
    term_months: '10',
    payment_frequency: 'fortnightly',
    party_1_role: 'co_borrower',
    party_1_national_id: 'SL34567890',
    party_1_first_name: 'Kadiatu',
    party_1_last_name: 'Sesay',
    party_1_date_of_birth: '1991-04-23',
    party_1_phone: '+232 76 345 678',
    party_1_address: '11 Blama Road, Kenema',
    party_2_role: 'guarantor',
    party_2_national_id: 'SL45678901',
    party_2_first_name: 'Sahr',
    party_2_last_name: 'Komba',
    party_2_date_of_birth: '1975-08-09',
    party_2_phone: '+232 78 456 789',
    party_2_address: '2 Hangha Road, Kenema',
  },
];

/** The monthly-file CSV template: the header in the documented order (docs/api.md) and two example rows. */
export function submissionTemplateCsv(): string {
  return toCsv([CSV_COLUMNS, ...TEMPLATE_ROWS.map((row) => CSV_COLUMNS.map((c) => row[c] ?? ''))]);
}
