import { ACCOUNT_HISTORY_MONTHS, ACCOUNT_ROLES, ACCOUNT_STATUS_CODES, CURRENCIES } from '@shared/credit-reference';
import type { TFraudAlert } from '@shared/schemas/consumer';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { compiledStatement } from '../../db/prepared';
import { jsonColumnOf, parseRows, timestampColumn } from '../../db/query';
import { ZSubjectRow } from '../../db/subject-row';
import { isDefaultPastRetentionSql, isDroppedByRetentionSql, retentionCutoffSql } from '../../db/retention';
import { isHiddenFromLendersSql } from '../disputes';
import { hardInquiryWindow, isHardInquirySql, parseScoringInquiries, scoringAccountsOfFile, type ScoringInputs } from '../scoring';
import { FRAUD_ALERT_TEXT } from './fraud-alert';
import { withdrawnConsentColumn, ZWithdrawnConsent } from './withdrawn-consent';

const INQUIRY_WINDOW_MONTHS = 12;

// The one definition of what a report is made from: the row readReportSources's statement
// answers, as zod schemas. The types below are inferred from them and the row is checked against
// them when it is read (db/query.ts queryParsedRows), so the SQL, the type and the check cannot
// drift apart. Money stays text (no float); timestamps inside json arrive as text.

/** One account of the file, as the statement's json_build_object makes it. */
const ZSourceAccountRow = z.object({
  id: z.string(),
  business_id: z.string(),
  lender: z.string(),
  account_number: z.string(),
  type: z.string(),
  type_name: z.string(),
  category: z.enum(['credit', 'alternative']),
  currency: z.enum(CURRENCIES),
  principal: z.string(),
  balance: z.string(),
  opened_at: z.string(),
  status: z.enum(ACCOUNT_STATUS_CODES),
  status_name: z.string(),
  default_amount: z.string().nullable(),
  default_date: z.string().nullable(),
  payment_history: z.string(),
  last_reported_at: z.string(),
  is_disputed: z.boolean(),
  /** Past retention (db/retention.ts): an account repaid since is shown without the default's amount and date. */
  is_default_past_retention: z.boolean(),
  // The account's life (issue 17); money as text, dates as YYYY-MM-DD.
  amount_past_due: z.string().nullable(),
  first_delinquency_date: z.string().nullable(),
  last_payment_date: z.string().nullable(),
  last_payment_amount: z.string().nullable(),
  scheduled_payment_amount: z.string().nullable(),
  term_months: z.number().nullable(),
  payment_frequency: z.string().nullable(),
  closed_at: z.string().nullable(),
  /** This person's place on the account: its borrower, or one of its parties. */
  role: z.enum(ACCOUNT_ROLES),
  /** The other people on the account (its borrower first when this person is a party). */
  parties: z.array(
    z.object({ role: z.enum(ACCOUNT_ROLES), first_name: z.string(), middle_name: z.string().nullable(), last_name: z.string() }),
  ),
  /** Each reported month's balance and amount past due, newest first, the last ACCOUNT_HISTORY_MONTHS. */
  months: z.array(
    z.object({ month: z.string(), balance: z.string(), amount_past_due: z.string().nullable(), status: z.enum(ACCOUNT_STATUS_CODES) }),
  ),
});
export type SourceAccount = z.infer<typeof ZSourceAccountRow>;

/** One search or report of the 12 months before asOf. */
const ZSourceInquiry = z.object({
  created_at: z.string(),
  business_name: z.string().nullable(),
  purpose: z.string(),
  purpose_name: z.string(),
  kind: z.enum(['search', 'report']),
});
export type SourceInquiry = z.infer<typeof ZSourceInquiry>;

/**
 * One inquiry as the statement reads it: listed on the report (`is_listed`, the 12 months before
 * asOf), one of the score's hard inquiries (`is_hard`, scoring's window and rule), or both. The
 * score's inquiries are taken from this one read, not read a second time (docs/performance.md).
 */
const ZSourceInquiryRow = ZSourceInquiry.extend({ business_id: z.string(), is_listed: z.boolean(), is_hard: z.boolean() });
type SourceInquiryRow = z.infer<typeof ZSourceInquiryRow>;

/** The statement's one row, and the read model made from it: everything a report and its score are made from. */
export const ZReportSourcesRow = ZSubjectRow.extend({
  frozen_at: timestampColumn.nullable(),
  identifiers: jsonColumnOf(z.array(z.object({ type: z.string(), value: z.string() }))),
  names: jsonColumnOf(z.array(z.object({ first_name: z.string(), middle_name: z.string(), last_name: z.string() }))),
  phones: jsonColumnOf(z.array(z.string())),
  addresses: jsonColumnOf(z.array(z.object({ line: z.string(), district: z.string().nullable(), last_reported_at: z.string() }))),
  accounts: jsonColumnOf(z.array(ZSourceAccountRow)),
  inquiries: jsonColumnOf(z.array(ZSourceInquiryRow)),
  fraud_alert: jsonColumnOf(z.object({ placed_at: z.string(), contact_phone: z.string() }).nullable()),
  purpose_name: z.string().nullable(),
  withdrawn_consent: jsonColumnOf(ZWithdrawnConsent.nullable()),
}).transform((row) => ({
  subject: {
    id: row.id,
    first_name: row.first_name,
    middle_name: row.middle_name,
    last_name: row.last_name,
    date_of_birth: row.date_of_birth,
    district: row.district,
    frozen_at: row.frozen_at,
  },
  identifiers: row.identifiers,
  names: row.names,
  phones: row.phones,
  addresses: row.addresses,
  /** For a business report, without the entries hidden from lenders (an overdue dispute). */
  accounts: row.accounts,
  /** Searches and reports of the 12 months before asOf, newest first. */
  inquiries: row.inquiries.filter((q) => q.is_listed).map(listedInquiry),
  fraudAlert: row.fraud_alert
    ? ({
        placedAt: new Date(row.fraud_alert.placed_at).toISOString(),
        contactPhone: row.fraud_alert.contact_phone,
        text: FRAUD_ALERT_TEXT,
      } satisfies TFraudAlert)
    : null,
  /** The score's hard inquiries, oldest first (as scoringInquiriesColumn orders them); its accounts are made from `accounts` (withScoringInputs). */
  scoringInquiries: parseScoringInquiries(
    row.inquiries
      .filter((q) => q.is_hard)
      .reverse()
      .map((q) => ({ businessId: q.business_id, createdAt: q.created_at })),
  ),
  /** The name of the purpose asked for, when one was given. */
  purposeName: row.purpose_name,
  /** A business report: the consent the person withdrew from this business for this purpose (decisions/017). */
  withdrawnConsent: row.withdrawn_consent,
}));

/** An inquiry as the report lists it (the read's flags and lender id left out). */
function listedInquiry(q: SourceInquiryRow): SourceInquiry {
  return { created_at: q.created_at, business_name: q.business_name, purpose: q.purpose, purpose_name: q.purpose_name, kind: q.kind };
}

/** Everything a credit report and its score are made from, read in one round trip. */
export type ReportSources = Omit<z.output<typeof ZReportSourcesRow>, 'scoringInquiries'> & {
  /** The score's inputs: what scoring/queries.ts readScoringInputs reads, the accounts taken from the report's own. */
  scoringInputs: ScoringInputs;
};

/** The parsed row with the score's inputs: each account and its months read once for both. */
export function withScoringInputs(row: z.output<typeof ZReportSourcesRow>, asOf: Date): ReportSources {
  const { scoringInquiries, ...sources } = row;
  return { ...sources, scoringInputs: { accounts: scoringAccountsOfFile(row.accounts, asOf), inquiries: scoringInquiries } };
}

/**
 * One statement reads the person, their identifiers, names, phones, addresses, accounts (with
 * lender, type and status names), the year's inquiries, a fraud alert and the score's inputs. A
 * report used to take a dozen round trips; at a national bureau's volume the round trips, not the
 * rows, were the cost (docs/performance.md). Null when the person is not in the registry.
 */
export async function readReportSources(
  db: Database,
  subjectId: string,
  options: {
    audience: 'business' | 'consumer';
    asOf: Date;
    excludeInquiryId?: string | null;
    purpose?: string | null;
    /** The business asking (a business report): its withdrawn consent is read too. */
    businessId?: string | null;
  },
): Promise<ReportSources | null> {
  const rows = await readReportSourcesRows(db, subjectId, options);
  const [row] = parseRows(ZReportSourcesRow, rows, () => '"credit-report-sources"');
  return row ? withScoringInputs(row, options.asOf) : null;
}

/**
 * readReportSources with one more column of the same statement, read with its own schema (a
 * business report reads its business's access with the file: one round trip fewer). Null when the
 * person is not in the registry.
 */
export async function readReportSourcesAlong<T>(
  db: Database,
  subjectId: string,
  options: Parameters<typeof readReportSources>[2],
  along: AlongColumn<T>,
): Promise<{ sources: ReportSources; along: T } | null> {
  const rows = await readReportSourcesRows(db, subjectId, options, along);
  const label = () => `"credit-report-sources-${along.name}"`;
  const [sources] = parseRows(ZReportSourcesRow, rows, label);
  const [extra] = parseRows(alongRowSchema(along.schema), rows, label);
  return sources && extra ? { sources: withScoringInputs(sources, options.asOf), along: extra.along } : null;
}

/**
 * The row schema of an `along` column, made once per column schema: a zod object made per request
 * is compiled per request too (zod's JIT), a cost every report paid.
 */
const ALONG_ROW_SCHEMAS = new WeakMap<z.ZodType, z.ZodType>();
function alongRowSchema<T>(schema: z.ZodType<T>): z.ZodType<{ along: T }> {
  let row = ALONG_ROW_SCHEMAS.get(schema);
  if (!row) ALONG_ROW_SCHEMAS.set(schema, (row = z.object({ along: schema })));
  return row as z.ZodType<{ along: T }>;
}

/** A column read with the file: its name, its SQL made from the business id's SQL, its schema. */
export interface AlongColumn<T> {
  name: string;
  column: (businessId: SQL) => SQL;
  schema: z.ZodType<T>;
}

/** The shape of one report read: the statement differs by these alone (its values are placeholders). */
interface ReadVariant {
  audience: 'business' | 'consumer';
  consent: 'none' | 'purpose' | 'account_review';
  along?: Pick<AlongColumn<unknown>, 'name' | 'column'>;
}

const READ_STATEMENTS = new Map<string, ReturnType<typeof compiledStatement<unknown>>>();

async function readReportSourcesRows(
  db: Database,
  subjectId: string,
  options: Parameters<typeof readReportSources>[2],
  along?: Pick<AlongColumn<unknown>, 'name' | 'column'>,
): Promise<unknown[]> {
  const { asOf } = options;
  const consent = options.businessId && options.purpose ? (options.purpose === 'account_review' ? 'account_review' : 'purpose') : 'none';
  const variant: ReadVariant = { audience: options.audience, consent, along };
  const name = `credit-report-sources-${variant.audience}${{ none: '', purpose: '-consent', account_review: '-consent-review' }[consent]}${along ? `-${along.name}` : ''}`;
  let statement = READ_STATEMENTS.get(name);
  if (!statement) READ_STATEMENTS.set(name, (statement = compiledStatement<unknown>(name, () => reportSourcesSql(variant))));
  const inquiries = hardInquiryWindow(asOf);
  return statement(db, {
    subjectId,
    asOf: asOf.toISOString(),
    inquirySince: new Date(Date.UTC(asOf.getUTCFullYear(), asOf.getUTCMonth() - INQUIRY_WINDOW_MONTHS, asOf.getUTCDate())).toISOString(),
    historySince: new Date(Date.UTC(asOf.getUTCFullYear(), asOf.getUTCMonth() - (ACCOUNT_HISTORY_MONTHS - 1), 1))
      .toISOString()
      .slice(0, 10),
    hardInquiriesFrom: inquiries.from.toISOString(),
    hardInquiriesTo: inquiries.to.toISOString(),
    excludeInquiryId: options.excludeInquiryId ?? null,
    purpose: options.purpose ?? null,
    businessId: options.businessId ?? null,
  });
}

/**
 * The statement of one read variant, built once (compiledStatement): drizzle's building of this
 * long statement was 5% of a report's server CPU. Every value is a placeholder that
 * readReportSourcesRows fills.
 */
function reportSourcesSql({ audience, consent, along }: ReadVariant): SQL {
  const isBusiness = audience === 'business';
  const at = (name: string): SQL => sql`${sql.placeholder(name)}`;
  const subjectId = sql`${at('subjectId')}::uuid`;
  const asOf = sql`${at('asOf')}::timestamptz`;
  const businessId = sql`${at('businessId')}::uuid`;
  const hardWindow = { from: at('hardInquiriesFrom'), to: at('hardInquiriesTo'), excludeInquiryId: sql`${at('excludeInquiryId')}::uuid` };
  // The person's identifiers, and the verified consumers holding their NIN, read once: the
  // identifiers column, the fraud alert and the withdrawn consent all start from them.
  return sql`WITH ids AS MATERIALIZED (SELECT i.type, i.value FROM credit_subject_identifiers i WHERE i.subject_id = ${subjectId}),
      holders AS MATERIALIZED (SELECT cp.user_id FROM ids
        JOIN consumer_profiles cp ON cp.national_id = ids.value AND cp.identity_verified_at IS NOT NULL WHERE ids.type = 'nin')
    SELECT ${along ? sql`${along.column(businessId)} AS along, ` : sql``}s.id, s.first_name, s.middle_name, s.last_name, s.date_of_birth::text AS date_of_birth, s.district, s.frozen_at,
      COALESCE((SELECT json_agg(json_build_object('type', ids.type::text, 'value', ids.value) ORDER BY ids.type, ids.value)
        FROM ids), '[]'::json) AS identifiers,
      COALESCE((SELECT json_agg(n) FROM (SELECT DISTINCT first_name, middle_name, last_name FROM credit_subject_names WHERE subject_id = s.id) n), '[]'::json) AS names,
      COALESCE((SELECT json_agg(p.phone ORDER BY p.last_reported_at DESC) FROM credit_subject_phones p WHERE p.subject_id = s.id), '[]'::json) AS phones,
      COALESCE((SELECT json_agg(json_build_object('line', ad.line, 'district', ad.district, 'last_reported_at', ad.last_reported_at) ORDER BY ad.last_reported_at DESC)
        FROM credit_subject_addresses ad WHERE ad.subject_id = s.id), '[]'::json) AS addresses,
      COALESCE((SELECT json_agg(json_build_object(
          'id', a.id, 'business_id', a.business_id, 'lender', COALESCE(b.business_name, 'Unknown lender'), 'account_number', a.account_number,
          'type', a.type, 'type_name', COALESCE(t.name, a.type), 'category', COALESCE(t.category, 'credit'), 'currency', a.currency,
          'principal', a.principal::text, 'balance', a.balance::text, 'opened_at', a.opened_at::text, 'status', a.status,
          'status_name', COALESCE(st.name, a.status), 'default_amount', a.default_amount::text, 'default_date', a.default_date::text,
          'payment_history', a.payment_history, 'last_reported_at', a.last_reported_at, 'is_disputed', a.is_disputed,
          'is_default_past_retention', ${isDefaultPastRetentionSql(sql`a`, sql`r.cutoff`)},
          'amount_past_due', a.amount_past_due::text, 'first_delinquency_date', a.first_delinquency_date::text,
          'last_payment_date', a.last_payment_date::text, 'last_payment_amount', a.last_payment_amount::text,
          'scheduled_payment_amount', a.scheduled_payment_amount::text, 'term_months', a.term_months,
          'payment_frequency', a.payment_frequency, 'closed_at', a.closed_at::text, 'role', a.role,
          'parties', (SELECT COALESCE(json_agg(json_build_object('role', x.role, 'first_name', ps.first_name, 'middle_name', ps.middle_name,
              'last_name', ps.last_name) ORDER BY x.rank, ps.last_name, ps.first_name, ps.id), '[]'::json)
            FROM (SELECT a.subject_id AS subject_id, 'borrower'::text AS role, 0 AS rank WHERE a.subject_id <> s.id
              UNION ALL SELECT p.subject_id, p.role, CASE p.role WHEN 'co_borrower' THEN 1 ELSE 2 END
              FROM credit_account_parties p WHERE p.account_id = a.id AND p.subject_id <> s.id) x
            JOIN credit_subjects ps ON ps.id = x.subject_id),
              -- Read once for the report's balance history and the score's inputs (withScoringInputs).
          'months', (SELECT COALESCE(json_agg(json_build_object('month', m.month::text, 'balance', m.balance::text,
              'amount_past_due', m.amount_past_due::text, 'status', m.status) ORDER BY m.month DESC), '[]'::json)
            FROM credit_account_months m WHERE m.account_id = a.id AND m.month >= ${at('historySince')}::date))
          ORDER BY a.opened_at DESC, a.id)
        -- The person's accounts: those they borrowed, and those they are a co-borrower or guarantor of.
        -- Read whole from the subject's index (a borrower's account needs no second look-up by id).
        FROM (SELECT a0.*, 'borrower'::text AS role FROM credit_accounts a0 WHERE a0.subject_id = s.id
          UNION ALL SELECT a1.*, p0.role FROM credit_account_parties p0 JOIN credit_accounts a1 ON a1.id = p0.account_id
          WHERE p0.subject_id = s.id) a
        CROSS JOIN (SELECT ${retentionCutoffSql(asOf)} AS cutoff) r
        LEFT JOIN credit_account_types t ON t.code = a.type
        LEFT JOIN credit_account_statuses st ON st.code = a.status
        LEFT JOIN business_profiles b ON b.user_id = a.business_id
        WHERE true
          -- Retention (db/retention.ts): a default or write-off past it is no longer reported at all.
          AND NOT ${isDroppedByRetentionSql(sql`a`, sql`r.cutoff`)}
          -- Disputes (issue 7): an entry whose dispute passed its deadline unanswered is left out of
          -- business reports until the lender answers; the person still sees it, marked disputed.
          ${isBusiness ? sql`AND NOT ${isHiddenFromLendersSql(sql`a.id`, asOf)}` : sql``}), '[]'::json) AS accounts,
      -- The year's searches and reports that showed the person, and the score's hard inquiries
      -- (scoring's rule, isHardInquirySql): one read for both. Newest first, the id breaking ties,
      -- so the hard ones reversed are in scoringInquiriesColumn's order (created_at, id).
      COALESCE((SELECT json_agg(json_build_object('created_at', q.created_at, 'business_name', b.business_name, 'purpose', q.purpose,
          'purpose_name', pp.name, 'kind', q.kind::text, 'business_id', q.business_id,
          'is_listed', q.created_at >= ${at('inquirySince')}::timestamptz,
          'is_hard', ${isHardInquirySql({ inquiry: sql`q`, subject: sql`s.id`, ...hardWindow })}) ORDER BY q.created_at DESC, q.id DESC)
        FROM credit_inquiry_subjects qs
        JOIN credit_inquiries q ON q.id = qs.inquiry_id
        JOIN permissible_purposes pp ON pp.code = q.purpose
        LEFT JOIN business_profiles b ON b.user_id = q.business_id
        WHERE qs.subject_id = s.id
          AND q.created_at >= LEAST(${at('inquirySince')}::timestamptz, ${hardWindow.from}::timestamptz)), '[]'::json) AS inquiries,
      -- A fraud alert the person placed (consumers/fraud-alert.ts): it belongs to the verified consumer holding the NIN.
      (SELECT json_build_object('placed_at', fa.placed_at, 'contact_phone', fa.contact_phone)
        FROM holders h JOIN consumer_fraud_alerts fa ON fa.consumer_user_id = h.user_id LIMIT 1) AS fraud_alert,
      (SELECT name FROM permissible_purposes WHERE code = ${at('purpose')}::text) AS purpose_name,
      ${
        consent === 'none'
          ? sql`NULL::json`
          : withdrawnConsentColumn(
              sql`s.id`,
              businessId,
              { code: at('purpose'), isAccountReview: consent === 'account_review' },
              asOf,
              sql`holders`,
            )
      } AS withdrawn_consent
    FROM credit_subjects s WHERE s.id = ${subjectId}`;
}
