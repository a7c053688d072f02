import { toCsv } from '@shared/csv';
import { ZSubmissionSummarySchema, type TSubmissionSummary } from '@shared/schemas/business';
import { CSV_COLUMNS } from '@shared/schemas/credit';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';
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
});

/** The monthly files this business sent, newest first. */
export async function listSubmissions(db: Database, businessId: string, limit: number): Promise<TSubmissionSummary[]> {
  const rows = await queryParsedRows(
    db,
    ZSubmissionListRow,
    sql`SELECT q.id, q.status::text AS status, q.format, q.total, q.accepted, q.rejected, q.created_count, q.updated_count,
          q.created_at, q.completed_at, ${madeBySql} AS made_by
        FROM credit_submissions q
        ${madeByJoins}
        WHERE q.business_id = ${businessId}::uuid
        ORDER BY q.created_at DESC, q.id
        LIMIT ${limit}`,
  );
  return rows.map((r) => ({
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
  }));
}

/** Example rows of the template: an account in good standing and a defaulter (FAQ fields). */
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
  },
];

/** The monthly-file CSV template: the header in the documented order (docs/api.md) and two example rows. */
export function submissionTemplateCsv(): string {
  return toCsv([CSV_COLUMNS, ...TEMPLATE_ROWS.map((row) => CSV_COLUMNS.map((c) => row[c] ?? ''))]);
}
