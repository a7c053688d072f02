import { ACCOUNT_STATUS_CODES, type TAccountStatus } from '@shared/credit-reference';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { isDefaultPastRetentionSql, isDroppedByRetentionSql, retentionCutoffSql } from '../../db/retention';
import { instantSql } from '../../db/instant';
import { jsonColumn, queryParsedRows } from '../../db/query';
import { isHiddenFromLendersSql } from '../disputes';
import { scoringAccountOfRow, scoringMonthOfRow } from './account-row';
import type { ScoringAccount, ScoringInquiry } from './compute-features';
import { subtractMonths } from './month-arithmetic';

export interface ScoringInputs {
  accounts: (ScoringAccount & { id: string })[];
  inquiries: ScoringInquiry[];
}

/** Whose view of the file a score is computed on: a lender's business report, or the person's own. */
export type ScoringAudience = 'business' | 'consumer';

/** The purpose whose reports count as applications for credit (hard inquiries). */
export const HARD_INQUIRY_PURPOSE = 'credit_application';
/** How far back inquiries are read: scorecard 2 looks at 12 months (scorecard 1 at 6). */
const INQUIRY_MONTHS = 12;
/** How far back monthly balances are read (the months the registry keeps). */
const HISTORY_MONTHS = 36;

/**
 * One account as the scoring reads build it in json: the SQL row's own snake_case names (money in
 * minor units, dates as text), so it converts through scoringAccountOfRow like every other row.
 */
export const ZScoringAccountJson = z.object({
  id: z.string(),
  type: z.string(),
  currency: z.string(),
  principal: z.union([z.number(), z.string()]),
  balance: z.union([z.number(), z.string()]),
  opened_at: z.string(),
  status: z.enum(ACCOUNT_STATUS_CODES),
  default_amount: z.union([z.number(), z.string()]).nullable(),
  default_date: z.string().nullable(),
  payment_history: z.string(),
  last_reported_at: z.string(),
  amount_past_due: z.union([z.number(), z.string()]).nullable(),
  months: z
    .array(
      z.object({
        month: z.string(),
        balance: z.union([z.number(), z.string()]),
        amount_past_due: z.union([z.number(), z.string()]).nullable(),
        status: z.enum(ACCOUNT_STATUS_CODES),
      }),
    )
    .nullable(),
});
type AccountJson = z.infer<typeof ZScoringAccountJson>;

/**
 * scoringInputsColumns's two json columns as a row schema: each is checked to be a json array (or
 * its text); its inside is parseScoringInputs's to read, so a report read parses it once.
 */
const scoringColumn = <K extends keyof ScoringInputsRow>() =>
  z.custom<ScoringInputsRow[K]>((value) => typeof value === 'string' || Array.isArray(value), 'Expected a json array');
export const ZScoringInputsRow = z.object({
  scoring_accounts: scoringColumn<'scoring_accounts'>(),
  scoring_inquiries: scoringColumn<'scoring_inquiries'>(),
});

/**
 * Everything the score of one person reads, in one round trip: their accounts and the hard
 * inquiries of the 6 months before `asOf` (one lender's several pulls are kept; the feature counts
 * lenders). `excludeInquiryId` leaves out the report being made, so asking never lowers the score
 * it is asking for. Negative data past the retention period is left out exactly as the report
 * leaves it out (one definition, db/retention.ts): a defaulted account whose default date is older than
 * retention_years is not read, and an older default on an account since repaid loses its amount
 * and date; a score never uses what the report may no longer show. For the `business` audience
 * (the score on a business report) an account the business report hides, because its dispute is
 * past its deadline unanswered, is not read either: the same predicate as the report
 * (disputes/queries.ts isHiddenFromLendersSql). The person's own score reads their whole file.
 */
export async function readScoringInputs(
  db: Database,
  subjectId: string,
  asOf: Date,
  excludeInquiryId?: string | null,
  audience: ScoringAudience = 'consumer',
): Promise<ScoringInputs> {
  const [row] = await queryParsedRows(
    db,
    ZScoringInputsRow,
    sql`SELECT ${scoringInputsColumns(subjectId, asOf, excludeInquiryId, audience)}`,
  );
  return parseScoringInputs(row);
}

/** The two json columns scoringInputsColumns selects. */
export interface ScoringInputsRow {
  scoring_accounts: AccountJson[] | string;
  scoring_inquiries: { businessId: string; createdAt: string }[] | string;
}

/**
 * The select-list columns `scoring_accounts` and `scoring_inquiries` that readScoringInputs reads.
 * A report reads the inquiries' column alone (scoringInquiriesColumn) and makes the accounts from
 * its own (scoringAccountsOfFile); the auditor's re-reading uses these, and
 * tests/api/credit/score-inputs-once.test.ts holds the two equal.
 */
export function scoringInputsColumns(
  subjectId: string,
  asOf: Date,
  excludeInquiryId: string | null | undefined,
  audience: ScoringAudience,
): SQL {
  return scoringInputsColumnsOf(sql`${subjectId}::uuid`, asOf, excludeInquiryId, audience);
}

/**
 * scoringInputsColumns for the person an SQL expression names (a column of the enclosing query, for
 * many people in one statement: scoring/portfolio-scores.ts).
 */
export function scoringInputsColumnsOf(
  subject: SQL,
  asOf: Date,
  excludeInquiryId: string | null | undefined,
  audience: ScoringAudience,
): SQL {
  const monthsFrom = firstMonthRead(asOf);
  const pastRetention = isDefaultPastRetentionSql(sql`a`, sql`r.cutoff`);
  return sql`COALESCE((SELECT json_agg(json_build_object(
          'id', a.id, 'type', a.type, 'currency', a.currency, 'principal', a.principal, 'balance', a.balance,
          'opened_at', a.opened_at, 'status', a.status,
          'default_amount', CASE WHEN ${pastRetention} THEN NULL ELSE a.default_amount END,
          'default_date', CASE WHEN ${pastRetention} THEN NULL ELSE a.default_date END,
          'payment_history', a.payment_history, 'last_reported_at', a.last_reported_at, 'amount_past_due', a.amount_past_due,
          'months', (SELECT json_agg(json_build_object('month', m.month, 'balance', m.balance, 'amount_past_due', m.amount_past_due,
              'status', m.status) ORDER BY m.month)
            FROM credit_account_months m
            WHERE m.account_id = a.id AND m.month >= ${monthsFrom}::date AND m.month <= ${toMonthStart(asOf)}::date)) ORDER BY a.id)
        FROM credit_accounts a CROSS JOIN (SELECT ${retentionCutoffSql(asOf)} AS cutoff) r
        WHERE a.subject_id = ${subject}
          AND NOT ${isDroppedByRetentionSql(sql`a`, sql`r.cutoff`)}
          ${audience === 'business' ? sql`AND NOT ${isHiddenFromLendersSql(sql`a.id`, asOf)}` : sql``}), '[]'::json) AS scoring_accounts,
      ${scoringInquiriesColumn({ subject, ...hardInquiryWindow(asOf), excludeInquiryId: sql`${excludeInquiryId ?? null}::uuid` })}`;
}

/** The hard inquiries the score reads as of `asOf`: made after `from` (12 months before) and up to `to` (asOf). */
export function hardInquiryWindow(asOf: Date): { from: Date; to: Date } {
  return { from: subtractMonths(asOf, INQUIRY_MONTHS), to: asOf };
}

/**
 * Whether the inquiry row `inquiry` (an alias of credit_inquiries) is one of the hard inquiries the
 * score of the person `subject` reads: a report on them for an application for credit, made after
 * `from` (12 months before asOf, hardInquiryWindow) and up to `to` (asOf), not the one being made
 * (`excludeInquiryId`, a uuid or null). The one rule for scoringInquiriesColumn and for a report's
 * read (credit-file/report-sources.ts), which takes the score's inquiries from its own list.
 */
export function isHardInquirySql(at: { inquiry: SQL; subject: SQL; from: Date | SQL; to: Date | SQL; excludeInquiryId: SQL }): SQL {
  const q = at.inquiry;
  return sql`(${q}.subject_id = ${at.subject} AND ${q}.kind = 'report' AND ${q}.purpose = ${HARD_INQUIRY_PURPOSE}
          AND ${q}.created_at > ${instantSql(at.from)} AND ${q}.created_at <= ${instantSql(at.to)}
          AND ${q}.id IS DISTINCT FROM ${at.excludeInquiryId})`;
}

/**
 * The select-list column `scoring_inquiries`: the hard inquiries (isHardInquirySql) of the person
 * `subject` names, oldest first. A report's read takes them from its own list of inquiries instead;
 * tests/api/credit/score-inputs-once.test.ts holds the two equal.
 */
function scoringInquiriesColumn(at: { subject: SQL; from: Date | SQL; to: Date | SQL; excludeInquiryId: SQL }): SQL {
  return sql`COALESCE((SELECT json_agg(json_build_object('businessId', q.business_id, 'createdAt', q.created_at) ORDER BY q.created_at, q.id)
        FROM credit_inquiries q
        WHERE ${isHardInquirySql({ inquiry: sql`q`, ...at })}), '[]'::json) AS scoring_inquiries`;
}

/**
 * One account of a person's file as a report reads it (credit-file/report-sources.ts): the fields
 * the score uses, money as text, with the months of the report's balance history.
 */
export interface FileAccountForScoring {
  id: string;
  /** The person's place on the account: only the accounts they borrowed are scored. */
  role: string;
  type: string;
  currency: string;
  principal: string;
  balance: string;
  opened_at: string;
  status: TAccountStatus;
  default_amount: string | null;
  default_date: string | null;
  is_default_past_retention: boolean;
  payment_history: string;
  last_reported_at: string;
  amount_past_due: string | null;
  months: { month: string; balance: string; amount_past_due: string | null; status: TAccountStatus }[];
}

/**
 * The score's accounts made from the accounts a report read, instead of reading them a second
 * time (each account's months were read twice, a third of a report's pages: docs/performance.md).
 * Exactly what scoringInputsColumnsOf reads: the accounts the person borrowed (not those they
 * are a party to), in id order, a default past retention without its amount and date, the months
 * from 36 before asOf to asOf's month, oldest first. The report's accounts have the same
 * retention and dispute filters; tests/api/credit/score-inputs-once.test.ts holds the two equal.
 */
export function scoringAccountsOfFile(accounts: readonly FileAccountForScoring[], asOf: Date): ScoringInputs['accounts'] {
  const monthsFrom = firstMonthRead(asOf);
  const monthsTo = toMonthStart(asOf);
  return accounts
    .filter((a) => a.role === 'borrower')
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((a) => ({
      id: a.id,
      ...scoringAccountOfRow(
        // A default past retention is scored without its amount and date, as the report shows it.
        a.is_default_past_retention ? { ...a, default_amount: null, default_date: null } : a,
        a.months
          .filter((m) => m.month >= monthsFrom && m.month <= monthsTo)
          .reverse()
          .map(scoringMonthOfRow),
      ),
    }));
}

/** scoring_inquiries as scoringInquiriesColumn reads it. */
export function parseScoringInquiries(column: ScoringInputsRow['scoring_inquiries']): ScoringInquiry[] {
  return jsonColumn(column).map((q) => ({ businessId: q.businessId, createdAt: new Date(q.createdAt).toISOString() }));
}

export function parseScoringInputs(row: ScoringInputsRow): ScoringInputs {
  return {
    accounts: jsonColumn(row.scoring_accounts).map((a) => ({
      id: a.id,
      ...scoringAccountOfRow(a, (a.months ?? []).map(scoringMonthOfRow)),
    })),
    inquiries: parseScoringInquiries(row.scoring_inquiries),
  };
}

/** The first month whose balance and status the score reads: HISTORY_MONTHS back, asOf's month included. */
function firstMonthRead(asOf: Date): string {
  return new Date(Date.UTC(asOf.getUTCFullYear(), asOf.getUTCMonth() - (HISTORY_MONTHS - 1), 1)).toISOString().slice(0, 10);
}

/** The first day of the month of an instant (UTC), as YYYY-MM-DD. */
function toMonthStart(date: Date): string {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1)).toISOString().slice(0, 10);
}
