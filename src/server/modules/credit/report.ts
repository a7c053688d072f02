import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { formatMinorAmount } from '@shared/amounts';
import { DEFAULTED_STATUSES, PAYMENT_HISTORY_LABELS, type TAccountStatus, type TCurrency } from '@shared/credit-reference';
import { maskIdentifier } from '@shared/identity';
import type { TCreditReport, TReportAccount } from '@shared/schemas/credit';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/query';
import { notFound } from '../../lib/http-error';
import { fraudAlertOnFile } from '../consumers/fraud-alert';
import { readSetting } from '../settings/service';
import { joinName, titleCase } from './matching/names';
import { attachCreditScore } from './score-hook';

export interface BuildReportOptions {
  /** business: identifiers, phones and other lenders' account numbers masked; consumer: the person's own, whole. */
  audience: 'business' | 'consumer';
  /** The business reading it: its own accounts show their full account numbers. */
  viewerBusinessId?: string | null;
  purpose?: string | null;
  /** The inquiry id for a business report; a fresh id otherwise. */
  reportId?: string;
  /** The date the report is as of (retention and the 12-month inquiry window count from it). */
  asOf?: Date;
}

const INQUIRY_WINDOW_MONTHS = 12;
const CLOSED_STATUSES: readonly TAccountStatus[] = ['closed', 'paid'];

interface AccountRow {
  id: string;
  business_id: string;
  lender: string;
  account_number: string;
  type: string;
  type_name: string;
  category: 'credit' | 'alternative';
  currency: TCurrency;
  principal: string | number;
  balance: string | number;
  opened_at: string;
  status: TAccountStatus;
  status_name: string;
  default_amount: string | number | null;
  default_date: string | null;
  payment_history: string;
  last_reported_at: Date | string;
  is_disputed: boolean;
}

/** "2025-10" for the month `back` months before the given date's month. */
function monthBefore(date: Date, back: number): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - back, 1));
  return d.toISOString().slice(0, 7);
}

function yearsBefore(date: Date, years: number): string {
  const d = new Date(date);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
}

function toReportAccount(row: AccountRow, options: BuildReportOptions, isPastRetention: boolean): TReportAccount {
  const isOwn = !!options.viewerBusinessId && row.business_id === options.viewerBusinessId;
  const lastReportedAt = new Date(row.last_reported_at);
  return {
    accountId: row.id,
    lender: row.lender,
    accountNumber: isOwn || options.audience === 'consumer' ? row.account_number : maskIdentifier(row.account_number),
    isOwnAccount: isOwn,
    type: row.type,
    typeName: row.type_name,
    category: row.category,
    currency: row.currency,
    principal: formatMinorAmount(row.principal),
    balance: formatMinorAmount(row.balance),
    openedAt: row.opened_at,
    status: row.status,
    statusName: row.status_name,
    defaultAmount: isPastRetention || row.default_amount === null ? null : formatMinorAmount(row.default_amount),
    defaultDate: isPastRetention ? null : row.default_date,
    paymentHistory: [...row.payment_history].map((code, i) => ({
      month: monthBefore(lastReportedAt, i),
      code,
      status: PAYMENT_HISTORY_LABELS[code] ?? 'no_data',
    })),
    lastReportedAt: lastReportedAt.toISOString(),
    disputed: row.is_disputed,
  };
}

/**
 * The credit report of one person, as an object the business route, the consumer's own report,
 * the PDF and the scoring module all reuse. Reads only; recording the inquiry is the caller's job.
 * Negative data past the retention period (retention_years from the default date) is left out.
 */
export async function buildCreditReport(db: Database, subjectId: string, options: BuildReportOptions): Promise<TCreditReport> {
  const asOf = options.asOf ?? new Date();
  const isBusiness = options.audience === 'business';
  const [subject] = await queryRows<{ id: string; first_name: string; middle_name: string | null; last_name: string; date_of_birth: string | null; district: string | null }>(
    db,
    sql`SELECT id, first_name, middle_name, last_name, date_of_birth::text AS date_of_birth, district FROM credit_subjects WHERE id = ${subjectId}::uuid`,
  );
  if (!subject) throw notFound('No such person in the registry');

  const retentionYears = Number(await readSetting(db, 'retention_years'));
  const retentionCutoff = yearsBefore(asOf, retentionYears);
  const inquirySince = new Date(Date.UTC(asOf.getUTCFullYear(), asOf.getUTCMonth() - INQUIRY_WINDOW_MONTHS, asOf.getUTCDate()));

  const [identifiers, names, phones, addresses, accounts, inquiries, fraudAlert] = await Promise.all([
    queryRows<{ type: string; value: string }>(db, sql`SELECT type::text AS type, value FROM credit_subject_identifiers WHERE subject_id = ${subjectId}::uuid ORDER BY type, value`),
    queryRows<{ first_name: string; middle_name: string; last_name: string }>(
      db,
      sql`SELECT DISTINCT first_name, middle_name, last_name FROM credit_subject_names WHERE subject_id = ${subjectId}::uuid`,
    ),
    queryRows<{ phone: string }>(db, sql`SELECT phone FROM credit_subject_phones WHERE subject_id = ${subjectId}::uuid ORDER BY last_reported_at DESC`),
    queryRows<{ line: string; district: string | null; last_reported_at: Date | string }>(
      db,
      sql`SELECT line, district, last_reported_at FROM credit_subject_addresses WHERE subject_id = ${subjectId}::uuid ORDER BY last_reported_at DESC`,
    ),
    queryRows<AccountRow>(
      db,
      sql`SELECT a.id, a.business_id, COALESCE(b.business_name, 'Unknown lender') AS lender, a.account_number, a.type, COALESCE(t.name, a.type) AS type_name,
            COALESCE(t.category, 'credit') AS category, a.currency, a.principal, a.balance, a.opened_at::text AS opened_at, a.status,
            COALESCE(st.name, a.status) AS status_name, a.default_amount, a.default_date::text AS default_date, a.payment_history,
            a.last_reported_at, a.is_disputed
          FROM credit_accounts a
          LEFT JOIN credit_account_types t ON t.code = a.type
          LEFT JOIN credit_account_statuses st ON st.code = a.status
          LEFT JOIN business_profiles b ON b.user_id = a.business_id
          WHERE a.subject_id = ${subjectId}::uuid
            -- Disputes (issue 7): an entry whose dispute passed its deadline unanswered is left out of
            -- business reports until the lender answers; the person still sees it, marked disputed.
            AND NOT (${isBusiness}::boolean AND EXISTS (
              SELECT 1 FROM disputes d WHERE d.account_id = a.id AND d.status = 'open' AND d.due_at <= ${asOf.toISOString()}::timestamptz))
          ORDER BY a.opened_at DESC, a.id`,
    ),
    queryRows<{ created_at: Date | string; business_name: string | null; purpose: string; purpose_name: string; kind: 'search' | 'report' }>(
      db,
      sql`SELECT q.created_at, b.business_name, q.purpose, p.name AS purpose_name, q.kind::text AS kind
          FROM credit_inquiry_subjects qs
          JOIN credit_inquiries q ON q.id = qs.inquiry_id
          JOIN permissible_purposes p ON p.code = q.purpose
          LEFT JOIN business_profiles b ON b.user_id = q.business_id
          WHERE qs.subject_id = ${subjectId}::uuid AND q.created_at >= ${inquirySince.toISOString()}::timestamptz
          ORDER BY q.created_at DESC`,
    ),
    // A fraud alert the person placed (consumer area): lenders must verify identity before lending.
    fraudAlertOnFile(db, subjectId),
  ]);

  const reportAccounts: TReportAccount[] = [];
  for (const row of accounts) {
    const isPastRetention = row.default_date !== null && row.default_date < retentionCutoff;
    // A default older than the retention period is no longer reported; neither is the account it sank.
    if (isPastRetention && DEFAULTED_STATUSES.includes(row.status)) continue;
    reportAccounts.push(toReportAccount(row, options, isPastRetention));
  }

  const nin = identifiers.find((i) => i.type === 'nin')?.value ?? null;
  const show = (value: string) => (isBusiness ? maskIdentifier(value) : value);
  const displayName = joinName(subject.first_name, subject.middle_name, subject.last_name);
  const otherNames = [...new Set(names.map((n) => titleCase(joinName(n.first_name, n.middle_name, n.last_name))))].filter(
    (n) => n.toLowerCase() !== displayName.toLowerCase(),
  );
  const kept = new Set(reportAccounts.map((a) => a.accountId));
  const balances = new Map<string, bigint>();
  for (const row of accounts) {
    if (!kept.has(row.id) || CLOSED_STATUSES.includes(row.status)) continue;
    balances.set(row.currency, (balances.get(row.currency) ?? 0n) + BigInt(row.balance));
  }
  const open = reportAccounts.filter((a) => !CLOSED_STATUSES.includes(a.status));

  const report: Omit<TCreditReport, 'score' | 'scoreUnavailable'> = {
    reportId: options.reportId ?? randomUUID(),
    generatedAt: asOf.toISOString(),
    purpose: options.purpose ?? null,
    subject: {
      subjectId: subject.id,
      fullName: displayName,
      firstName: subject.first_name,
      middleName: subject.middle_name,
      lastName: subject.last_name,
      dateOfBirth: subject.date_of_birth,
      nationalId: nin ? show(nin) : null,
      identifiers: identifiers.map((i) => ({ type: i.type, value: show(i.value) })),
      otherNames,
      phones: phones.map((p) => show(p.phone)),
      addresses: addresses.map((a) => ({ line: a.line, district: a.district, lastReportedAt: new Date(a.last_reported_at).toISOString() })),
      district: subject.district,
    },
    summary: {
      totalAccounts: reportAccounts.length,
      openAccounts: open.length,
      accountsInDefault: reportAccounts.filter((a) => DEFAULTED_STATUSES.includes(a.status)).length,
      disputedAccounts: reportAccounts.filter((a) => a.disputed).length,
      balances: [...balances.entries()].sort().map(([currency, minor]) => ({ currency, balance: formatMinorAmount(minor) })),
      inquiriesLast12Months: inquiries.length,
    },
    fraudAlert,
    accounts: reportAccounts,
    inquiries: inquiries.map((q) => ({
      date: new Date(q.created_at).toISOString(),
      businessName: q.business_name ?? 'Unknown business',
      purpose: q.purpose,
      purposeName: q.purpose_name,
      kind: q.kind,
    })),
  };
  const scored = await attachCreditScore(db, subjectId, report, asOf);
  return { ...report, ...scored };
}
