import { sql } from 'drizzle-orm';
import type { TIdentifierType } from '@shared/credit-reference';
import type { Database } from '../../../db/client';

// The write half of applying reported accounts: one INSERT ... SELECT FROM unnest(...) per table
// for a whole batch. Column arrays, not rows, so a batch is one parameter per column.

type Executor = Pick<Database, 'execute'>;
const p = (value: unknown) => sql.param(value);
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
    SELECT * FROM unnest(${p(rows.map((r) => r.id))}::uuid[], ${p(rows.map((r) => r.firstName))}::text[],
      ${p(rows.map((r) => r.middleName))}::text[], ${p(rows.map((r) => r.lastName))}::text[],
      ${p(rows.map((r) => r.dateOfBirth))}::date[], ${p(rows.map((r) => r.district))}::text[])`);
}

export async function insertIdentifiers(db: Executor, rows: { subjectId: string; type: TIdentifierType; value: string }[]) {
  if (rows.length === 0) return;
  await db.execute(sql`
    INSERT INTO credit_subject_identifiers (type, value, subject_id)
    SELECT * FROM unnest(${p(rows.map((r) => r.type))}::text[]::credit_identifier_type[], ${p(rows.map((r) => r.value))}::text[],
      ${p(rows.map((r) => r.subjectId))}::uuid[])
    ON CONFLICT DO NOTHING`);
}

export async function insertNames(db: Executor, rows: NameRow[]) {
  if (rows.length === 0) return;
  await db.execute(sql`
    INSERT INTO credit_subject_names (subject_id, first_name, middle_name, last_name, date_of_birth)
    SELECT * FROM unnest(${p(rows.map((r) => r.subjectId))}::uuid[], ${p(rows.map((r) => r.first))}::text[],
      ${p(rows.map((r) => r.middle))}::text[], ${p(rows.map((r) => r.last))}::text[], ${p(rows.map((r) => r.dob))}::date[])
    ON CONFLICT DO NOTHING`);
}

/** Rows must be unique by (subject, phone): one statement may not touch a row twice. Known ones only get a fresher date. */
export async function upsertPhones(db: Executor, rows: { subjectId: string; phone: string }[]) {
  if (rows.length === 0) return;
  await db.execute(sql`
    INSERT INTO credit_subject_phones (subject_id, phone)
    SELECT * FROM unnest(${p(rows.map((r) => r.subjectId))}::uuid[], ${p(rows.map((r) => r.phone))}::text[])
    ON CONFLICT (subject_id, phone) DO UPDATE SET last_reported_at = now()
      WHERE credit_subject_phones.last_reported_at < now() - ${REFRESH_AFTER}::interval`);
}

/** Rows must be unique by (subject, line). */
export async function upsertAddresses(db: Executor, rows: { subjectId: string; line: string; district: string | null }[]) {
  if (rows.length === 0) return;
  await db.execute(sql`
    INSERT INTO credit_subject_addresses (subject_id, line, district)
    SELECT * FROM unnest(${p(rows.map((r) => r.subjectId))}::uuid[], ${p(rows.map((r) => r.line))}::text[], ${p(rows.map((r) => r.district))}::text[])
    ON CONFLICT (subject_id, line) DO UPDATE SET last_reported_at = now(), district = COALESCE(EXCLUDED.district, credit_subject_addresses.district)
      WHERE credit_subject_addresses.last_reported_at < now() - ${REFRESH_AFTER}::interval`);
}

/** The latest reported district becomes the person's district. Rows unique by subject. */
export async function touchSubjects(db: Executor, rows: { subjectId: string; district: string | null }[]) {
  if (rows.length === 0) return;
  await db.execute(sql`
    UPDATE credit_subjects s SET district = COALESCE(u.district, s.district), updated_at = now()
    FROM unnest(${p(rows.map((r) => r.subjectId))}::uuid[], ${p(rows.map((r) => r.district))}::text[]) AS u(id, district)
    WHERE s.id = u.id`);
}

/**
 * Creates or updates accounts by (business, account number). The subject of an existing account
 * never changes here, and neither does its disputed flag (only a dispute's outcome clears it).
 */
export async function upsertAccounts(db: Executor, businessId: string, submissionId: string | null, rows: AccountRow[]) {
  if (rows.length === 0) return;
  await db.execute(sql`
    INSERT INTO credit_accounts (id, business_id, subject_id, account_number, type, currency, principal, balance, opened_at,
      status, default_amount, default_date, payment_history, submission_id, last_reported_at, updated_at)
    SELECT u.id, ${businessId}::uuid, u.subject_id, u.account_number, u.type, u.currency, u.principal, u.balance, u.opened_at,
      u.status, u.default_amount, u.default_date, u.payment_history, ${submissionId}::uuid, now(), now()
    FROM unnest(${p(rows.map((r) => r.id))}::uuid[], ${p(rows.map((r) => r.subjectId))}::uuid[], ${p(rows.map((r) => r.accountNumber))}::text[],
      ${p(rows.map((r) => r.type))}::text[], ${p(rows.map((r) => r.currency))}::text[], ${p(rows.map((r) => r.principal))}::bigint[],
      ${p(rows.map((r) => r.balance))}::bigint[], ${p(rows.map((r) => r.openedAt))}::date[], ${p(rows.map((r) => r.status))}::text[],
      ${p(rows.map((r) => r.defaultAmount))}::bigint[], ${p(rows.map((r) => r.defaultDate))}::date[], ${p(rows.map((r) => r.paymentHistory))}::text[])
      AS u(id, subject_id, account_number, type, currency, principal, balance, opened_at, status, default_amount, default_date, payment_history)
    ON CONFLICT (business_id, account_number) DO UPDATE SET
      type = EXCLUDED.type, currency = EXCLUDED.currency, principal = EXCLUDED.principal, balance = EXCLUDED.balance,
      opened_at = EXCLUDED.opened_at, status = EXCLUDED.status, default_amount = EXCLUDED.default_amount,
      default_date = EXCLUDED.default_date, payment_history = EXCLUDED.payment_history, submission_id = EXCLUDED.submission_id,
      last_reported_at = now(), updated_at = now()`);
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
    FROM unnest(${p(rows.map((r) => r.subjectId))}::uuid[], ${p(rows.map((r) => r.candidateSubjectId))}::uuid[], ${p(rows.map((r) => r.reason))}::text[],
      ${p(rows.map((r) => r.score))}::real[], ${p(rows.map((r) => r.accountId))}::uuid[], ${p(rows.map((r) => JSON.stringify(r.reported)))}::text[]::jsonb[])
      AS u(subject_id, candidate_subject_id, reason, score, account_id, reported)`);
}
