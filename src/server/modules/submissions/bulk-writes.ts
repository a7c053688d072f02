import type { TIdentifierType } from '@shared/credit-reference';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { plainArray as plain, textArray as text } from '../../db/sql-arrays';

// The write half of applying reported accounts: one INSERT ... SELECT FROM unnest(...) per table
// for a whole batch. Column arrays, not rows, so a batch is one parameter per column.

type Executor = Pick<Database, 'execute'>;
/**
 * A phone or address reported again within this long is left as it is: a monthly file re-sends
 * every customer's, and rewriting them all each time would only churn the tables.
 */
const REFRESH_AFTER = '20 days';

export interface NewSubjectRow {
  id: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  dateOfBirth: string | null;
  district: string | null;
}

export interface NameRow {
  subjectId: string;
  first: string;
  middle: string;
  last: string;
  dob: string | null;
}

export interface AccountRow {
  id: string;
  subjectId: string;
  accountNumber: string;
  type: string;
  currency: string;
  principal: number;
  balance: number;
  openedAt: string;
  status: string;
  defaultAmount: number | null;
  defaultDate: string | null;
  paymentHistory: string;
  amountPastDue: number | null;
  firstDelinquencyDate: string | null;
  lastPaymentDate: string | null;
  lastPaymentAmount: number | null;
  scheduledPaymentAmount: number | null;
  termMonths: number | null;
  paymentFrequency: string | null;
  closedAt: string | null;
}

/** A co-borrower or guarantor of an account. */
export interface PartyRow {
  accountId: string;
  subjectId: string;
  role: string;
}

export interface ReviewRow {
  subjectId: string;
  candidateSubjectId: string;
  reason: string;
  score: number;
  accountNumber: string;
  reported: Record<string, unknown>;
}

export async function insertSubjects(db: Executor, rows: NewSubjectRow[]) {
  if (rows.length === 0) return;
  await db.execute(sql`
    INSERT INTO credit_subjects (id, first_name, middle_name, last_name, date_of_birth, district)
    SELECT * FROM unnest(${plain(rows.map((r) => r.id))}::uuid[], ${text(rows.map((r) => r.firstName))}::text[],
      ${text(rows.map((r) => r.middleName))}::text[], ${text(rows.map((r) => r.lastName))}::text[],
      ${plain(rows.map((r) => r.dateOfBirth))}::date[], ${text(rows.map((r) => r.district))}::text[])`);
}

export async function insertIdentifiers(db: Executor, rows: { subjectId: string; type: TIdentifierType; value: string }[]) {
  if (rows.length === 0) return;
  await db.execute(sql`
    INSERT INTO credit_subject_identifiers (type, value, subject_id)
    SELECT * FROM unnest(${text(rows.map((r) => r.type))}::text[]::credit_identifier_type[], ${text(rows.map((r) => r.value))}::text[],
      ${plain(rows.map((r) => r.subjectId))}::uuid[])
    ON CONFLICT DO NOTHING`);
}

export async function insertNames(db: Executor, rows: NameRow[]) {
  if (rows.length === 0) return;
  await db.execute(sql`
    INSERT INTO credit_subject_names (subject_id, first_name, middle_name, last_name, date_of_birth)
    SELECT * FROM unnest(${plain(rows.map((r) => r.subjectId))}::uuid[], ${text(rows.map((r) => r.first))}::text[],
      ${text(rows.map((r) => r.middle))}::text[], ${text(rows.map((r) => r.last))}::text[], ${plain(rows.map((r) => r.dob))}::date[])
    ON CONFLICT DO NOTHING`);
}

/** Rows must be unique by (subject, phone): one statement may not touch a row twice. Known ones only get a fresher date. */
export async function upsertPhones(db: Executor, rows: { subjectId: string; phone: string }[]) {
  if (rows.length === 0) return;
  await db.execute(sql`
    INSERT INTO credit_subject_phones (subject_id, phone)
    SELECT * FROM unnest(${plain(rows.map((r) => r.subjectId))}::uuid[], ${text(rows.map((r) => r.phone))}::text[])
    ON CONFLICT (subject_id, phone) DO UPDATE SET last_reported_at = now()
      WHERE credit_subject_phones.last_reported_at < now() - ${REFRESH_AFTER}::interval`);
}

/** Rows must be unique by (subject, line). */
export async function upsertAddresses(db: Executor, rows: { subjectId: string; line: string; district: string | null }[]) {
  if (rows.length === 0) return;
  await db.execute(sql`
    INSERT INTO credit_subject_addresses (subject_id, line, district)
    SELECT * FROM unnest(${plain(rows.map((r) => r.subjectId))}::uuid[], ${text(rows.map((r) => r.line))}::text[], ${text(rows.map((r) => r.district))}::text[])
    ON CONFLICT (subject_id, line) DO UPDATE SET last_reported_at = now(), district = COALESCE(EXCLUDED.district, credit_subject_addresses.district)
      WHERE credit_subject_addresses.last_reported_at < now() - ${REFRESH_AFTER}::interval`);
}

/** The latest reported district becomes the person's district. Rows unique by subject. */
export async function touchSubjects(db: Executor, rows: { subjectId: string; district: string | null }[]) {
  if (rows.length === 0) return;
  await db.execute(sql`
    UPDATE credit_subjects s SET district = COALESCE(u.district, s.district), updated_at = now()
    FROM unnest(${plain(rows.map((r) => r.subjectId))}::uuid[], ${text(rows.map((r) => r.district))}::text[]) AS u(id, district)
    WHERE s.id = u.id`);
}

/**
 * New accounts, known to be new: the caller looked every account number up under the registry
 * write lock, so a plain INSERT (no ON CONFLICT arbitration, which costs a speculative insertion
 * per row) cannot collide.
 */
export async function insertAccounts(db: Executor, businessId: string, submissionId: string | null, rows: AccountRow[]) {
  if (rows.length === 0) return;
  await db.execute(sql`
    INSERT INTO credit_accounts (id, business_id, subject_id, account_number, type, currency, principal, balance, opened_at,
      status, default_amount, default_date, payment_history, ${LIFE_COLUMNS}, submission_id, last_reported_at, updated_at)
    SELECT u.id, ${businessId}::uuid, u.subject_id, u.account_number, u.type, u.currency, u.principal, u.balance, u.opened_at,
      u.status, u.default_amount, u.default_date, u.payment_history, ${LIFE_VALUES}, ${submissionId}::uuid, now(), now()
    FROM ${accountColumns(rows)}`);
}

/**
 * Accounts already on file, by id (found by the caller under the registry write lock). Their
 * subject changes only when a row moves the account (ReportedRow.moveAccount); their disputed flag
 * never does here (only a dispute's outcome clears it).
 */
export async function updateAccounts(db: Executor, submissionId: string | null, unsorted: AccountRow[]) {
  if (unsorted.length === 0) return;
  // In id order: the primary key is walked from one end to the other (a quarter less CPU).
  const rows = [...unsorted].sort((a, b) => (a.id < b.id ? -1 : 1));
  await db.execute(sql`
    UPDATE credit_accounts a SET
      subject_id = u.subject_id, type = u.type, currency = u.currency, principal = u.principal, balance = u.balance, opened_at = u.opened_at, status = u.status,
      default_amount = u.default_amount, default_date = u.default_date, payment_history = u.payment_history,
      amount_past_due = u.amount_past_due, first_delinquency_date = u.first_delinquency_date, last_payment_date = u.last_payment_date,
      last_payment_amount = u.last_payment_amount, scheduled_payment_amount = u.scheduled_payment_amount, term_months = u.term_months,
      payment_frequency = u.payment_frequency, closed_at = u.closed_at, submission_id = ${submissionId}::uuid,
      last_reported_at = now(), updated_at = now()
    FROM ${accountColumns(rows)}
    WHERE a.id = u.id`);
}

/** The account's life (issue 17): a report that leaves one out clears it, as it does the default's amount and date. */
const LIFE_COLUMNS = sql.raw(
  'amount_past_due, first_delinquency_date, last_payment_date, last_payment_amount, scheduled_payment_amount, term_months, payment_frequency, closed_at',
);
const LIFE_VALUES = sql.raw(
  'u.amount_past_due, u.first_delinquency_date, u.last_payment_date, u.last_payment_amount, u.scheduled_payment_amount, u.term_months, u.payment_frequency, u.closed_at',
);

function accountColumns(rows: AccountRow[]) {
  return sql`unnest(${plain(rows.map((r) => r.id))}::uuid[], ${plain(rows.map((r) => r.subjectId))}::uuid[], ${text(rows.map((r) => r.accountNumber))}::text[],
      ${text(rows.map((r) => r.type))}::text[], ${text(rows.map((r) => r.currency))}::text[], ${plain(rows.map((r) => r.principal))}::bigint[],
      ${plain(rows.map((r) => r.balance))}::bigint[], ${plain(rows.map((r) => r.openedAt))}::date[], ${text(rows.map((r) => r.status))}::text[],
      ${plain(rows.map((r) => r.defaultAmount))}::bigint[], ${plain(rows.map((r) => r.defaultDate))}::date[], ${text(rows.map((r) => r.paymentHistory))}::text[],
      ${plain(rows.map((r) => r.amountPastDue))}::bigint[], ${plain(rows.map((r) => r.firstDelinquencyDate))}::date[],
      ${plain(rows.map((r) => r.lastPaymentDate))}::date[], ${plain(rows.map((r) => r.lastPaymentAmount))}::bigint[],
      ${plain(rows.map((r) => r.scheduledPaymentAmount))}::bigint[], ${plain(rows.map((r) => r.termMonths))}::int[],
      ${text(rows.map((r) => r.paymentFrequency))}::text[], ${plain(rows.map((r) => r.closedAt))}::date[])
      AS u(id, subject_id, account_number, type, currency, principal, balance, opened_at, status, default_amount, default_date, payment_history,
        amount_past_due, first_delinquency_date, last_payment_date, last_payment_amount, scheduled_payment_amount, term_months, payment_frequency, closed_at)`;
}

/**
 * This month's balance, amount past due and status of each account written (rows unique by
 * account): a second report in the same month replaces the month's row. Only the last
 * ACCOUNT_HISTORY_MONTHS are read (credit-file/report-sources.ts).
 */
export async function upsertAccountMonths(db: Executor, month: string, rows: AccountRow[]) {
  if (rows.length === 0) return;
  await db.execute(sql`
    INSERT INTO credit_account_months (account_id, month, balance, amount_past_due, status)
    SELECT u.account_id, ${month}::date, u.balance, u.amount_past_due, u.status
    FROM unnest(${plain(rows.map((r) => r.id))}::uuid[], ${plain(rows.map((r) => r.balance))}::bigint[],
      ${plain(rows.map((r) => r.amountPastDue))}::bigint[], ${text(rows.map((r) => r.status))}::text[]) AS u(account_id, balance, amount_past_due, status)
    ON CONFLICT (account_id, month) DO UPDATE SET balance = EXCLUDED.balance, amount_past_due = EXCLUDED.amount_past_due, status = EXCLUDED.status`);
}

/**
 * The parties of accounts whose rows named them: those of `replacedAccountIds` (known accounts) go,
 * then `rows` (unique by account and person) are the accounts' parties.
 */
export async function replaceParties(db: Executor, replacedAccountIds: string[], rows: PartyRow[]) {
  if (replacedAccountIds.length > 0)
    await db.execute(sql`
      DELETE FROM credit_account_parties p USING unnest(${plain(replacedAccountIds)}::uuid[]) AS u(id) WHERE p.account_id = u.id`);
  if (rows.length === 0) return;
  await db.execute(sql`
    INSERT INTO credit_account_parties (account_id, subject_id, role)
    SELECT * FROM unnest(${plain(rows.map((r) => r.accountId))}::uuid[], ${plain(rows.map((r) => r.subjectId))}::uuid[], ${text(rows.map((r) => r.role))}::text[])
    ON CONFLICT (account_id, subject_id) DO UPDATE SET role = EXCLUDED.role`);
}

export async function insertReviews(
  db: Executor,
  businessId: string,
  submissionId: string | null,
  rows: (ReviewRow & { accountId: string | null })[],
) {
  if (rows.length === 0) return;
  await db.execute(sql`
    INSERT INTO credit_match_reviews (subject_id, candidate_subject_id, reason, score, business_id, account_id, submission_id, reported)
    SELECT u.subject_id, u.candidate_subject_id, u.reason, u.score, ${businessId}::uuid, u.account_id, ${submissionId}::uuid, u.reported
    FROM unnest(${plain(rows.map((r) => r.subjectId))}::uuid[], ${plain(rows.map((r) => r.candidateSubjectId))}::uuid[], ${text(rows.map((r) => r.reason))}::text[],
      ${plain(rows.map((r) => r.score))}::real[], ${plain(rows.map((r) => r.accountId))}::uuid[], ${text(rows.map((r) => JSON.stringify(r.reported)))}::text[]::jsonb[])
      AS u(subject_id, candidate_subject_id, reason, score, account_id, reported)`);
}
