import type { TAccountStatus, TCurrency } from '@shared/credit-reference';
import type { TFraudAlert } from '@shared/schemas/consumer';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryPreparedRows } from '../../db/prepared';
import { jsonColumn } from '../../db/query';
import { isHiddenFromLendersSql } from '../disputes';
import { parseScoringInputs, scoringInputsColumns, type ScoringInputs, type ScoringInputsRow } from '../scoring';
import { SETTING_DEFAULTS } from '../settings';
import { FRAUD_ALERT_TEXT } from './fraud-alert';
import { withdrawnConsentColumn, type WithdrawnConsent } from './withdrawn-consent';

const INQUIRY_WINDOW_MONTHS = 12;

export interface SourceAccount {
  id: string;
  business_id: string;
  lender: string;
  account_number: string;
  type: string;
  type_name: string;
  category: 'credit' | 'alternative';
  currency: TCurrency;
  principal: string;
  balance: string;
  opened_at: string;
  status: TAccountStatus;
  status_name: string;
  default_amount: string | null;
  default_date: string | null;
  payment_history: string;
  last_reported_at: string;
  is_disputed: boolean;
}

export interface SourceInquiry {
  created_at: string;
  business_name: string | null;
  purpose: string;
  purpose_name: string;
  kind: 'search' | 'report';
}

/** Everything a credit report and its score are made from, read in one round trip. */
export interface ReportSources {
  subject: {
    id: string;
    first_name: string;
    middle_name: string | null;
    last_name: string;
    date_of_birth: string | null;
    district: string | null;
    frozen_at: string | null;
  };
  retentionYears: number;
  identifiers: { type: string; value: string }[];
  names: { first_name: string; middle_name: string; last_name: string }[];
  phones: string[];
  addresses: { line: string; district: string | null; last_reported_at: string }[];
  /** For a business report, without the entries hidden from lenders (an overdue dispute). */
  accounts: SourceAccount[];
  /** Searches and reports of the 12 months before asOf. */
  inquiries: SourceInquiry[];
  fraudAlert: TFraudAlert | null;
  /** The score's inputs, read by the same SQL as scoring/queries.ts readScoringInputs. */
  scoringInputs: ScoringInputs;
  /** The name of the purpose asked for, when one was given. */
  purposeName: string | null;
  /** A business report: the consent the person withdrew from this business for this purpose (decisions/017). */
  withdrawnConsent: WithdrawnConsent | string | null;
}

interface SourcesRow extends ScoringInputsRow {
  id: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  date_of_birth: string | null;
  district: string | null;
  frozen_at: string | null;
  retention_years: number;
  identifiers: ReportSources['identifiers'] | string;
  names: ReportSources['names'] | string;
  phones: string[] | string;
  addresses: ReportSources['addresses'] | string;
  accounts: SourceAccount[] | string;
  inquiries: SourceInquiry[] | string;
  fraud_alert: { placed_at: string; contact_phone: string } | string | null;
  purpose_name: string | null;
  withdrawn_consent: WithdrawnConsent | string | null;
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
  const { asOf } = options;
  const isBusiness = options.audience === 'business';
  const inquirySince = new Date(Date.UTC(asOf.getUTCFullYear(), asOf.getUTCMonth() - INQUIRY_WINDOW_MONTHS, asOf.getUTCDate()));
  const [row] = await queryPreparedRows<SourcesRow>(
    db,
    `credit-report-sources-${options.audience}${options.businessId && options.purpose ? (options.purpose === 'account_review' ? '-consent-review' : '-consent') : ''}`,
    sql`SELECT s.id, s.first_name, s.middle_name, s.last_name, s.date_of_birth::text AS date_of_birth, s.district, s.frozen_at,
      COALESCE((SELECT (value #>> '{}')::int FROM settings WHERE key = 'retention_years'), ${SETTING_DEFAULTS.retention_years}) AS retention_years,
      COALESCE((SELECT json_agg(json_build_object('type', i.type::text, 'value', i.value) ORDER BY i.type, i.value)
        FROM credit_subject_identifiers i WHERE i.subject_id = s.id), '[]'::json) AS identifiers,
      COALESCE((SELECT json_agg(n) FROM (SELECT DISTINCT first_name, middle_name, last_name FROM credit_subject_names WHERE subject_id = s.id) n), '[]'::json) AS names,
      COALESCE((SELECT json_agg(p.phone ORDER BY p.last_reported_at DESC) FROM credit_subject_phones p WHERE p.subject_id = s.id), '[]'::json) AS phones,
      COALESCE((SELECT json_agg(json_build_object('line', ad.line, 'district', ad.district, 'last_reported_at', ad.last_reported_at) ORDER BY ad.last_reported_at DESC)
        FROM credit_subject_addresses ad WHERE ad.subject_id = s.id), '[]'::json) AS addresses,
      COALESCE((SELECT json_agg(json_build_object(
          'id', a.id, 'business_id', a.business_id, 'lender', COALESCE(b.business_name, 'Unknown lender'), 'account_number', a.account_number,
          'type', a.type, 'type_name', COALESCE(t.name, a.type), 'category', COALESCE(t.category, 'credit'), 'currency', a.currency,
          'principal', a.principal::text, 'balance', a.balance::text, 'opened_at', a.opened_at::text, 'status', a.status,
          'status_name', COALESCE(st.name, a.status), 'default_amount', a.default_amount::text, 'default_date', a.default_date::text,
          'payment_history', a.payment_history, 'last_reported_at', a.last_reported_at, 'is_disputed', a.is_disputed)
          ORDER BY a.opened_at DESC, a.id)
        FROM credit_accounts a
        LEFT JOIN credit_account_types t ON t.code = a.type
        LEFT JOIN credit_account_statuses st ON st.code = a.status
        LEFT JOIN business_profiles b ON b.user_id = a.business_id
        WHERE a.subject_id = s.id
          -- Disputes (issue 7): an entry whose dispute passed its deadline unanswered is left out of
          -- business reports until the lender answers; the person still sees it, marked disputed.
          ${isBusiness ? sql`AND NOT ${isHiddenFromLendersSql(sql`a.id`, asOf)}` : sql``}), '[]'::json) AS accounts,
      COALESCE((SELECT json_agg(json_build_object('created_at', q.created_at, 'business_name', b.business_name, 'purpose', q.purpose,
          'purpose_name', pp.name, 'kind', q.kind::text) ORDER BY q.created_at DESC)
        FROM credit_inquiry_subjects qs
        JOIN credit_inquiries q ON q.id = qs.inquiry_id
        JOIN permissible_purposes pp ON pp.code = q.purpose
        LEFT JOIN business_profiles b ON b.user_id = q.business_id
        WHERE qs.subject_id = s.id AND q.created_at >= ${inquirySince.toISOString()}::timestamptz), '[]'::json) AS inquiries,
      -- A fraud alert the person placed (consumers/fraud-alert.ts): it belongs to the verified consumer holding the NIN.
      (SELECT json_build_object('placed_at', fa.placed_at, 'contact_phone', fa.contact_phone)
        FROM credit_subject_identifiers fi
        JOIN consumer_profiles cp ON cp.national_id = fi.value AND cp.identity_verified_at IS NOT NULL
        JOIN consumer_fraud_alerts fa ON fa.consumer_user_id = cp.user_id
        WHERE fi.subject_id = s.id AND fi.type = 'nin' LIMIT 1) AS fraud_alert,
      (SELECT name FROM permissible_purposes WHERE code = ${options.purpose ?? null}::text) AS purpose_name,
      ${options.businessId && options.purpose ? withdrawnConsentColumn(sql`s.id`, options.businessId, options.purpose, asOf) : sql`NULL::json`} AS withdrawn_consent,
      ${scoringInputsColumns(subjectId, asOf, options.excludeInquiryId, options.audience)}
    FROM credit_subjects s WHERE s.id = ${subjectId}::uuid`,
  );
  if (!row) return null;
  const alert = row.fraud_alert === null ? null : jsonColumn(row.fraud_alert);
  return {
    subject: {
      id: row.id,
      first_name: row.first_name,
      middle_name: row.middle_name,
      last_name: row.last_name,
      date_of_birth: row.date_of_birth,
      district: row.district,
      frozen_at: row.frozen_at === null ? null : new Date(row.frozen_at).toISOString(),
    },
    retentionYears: Number(row.retention_years),
    identifiers: jsonColumn(row.identifiers),
    names: jsonColumn(row.names),
    phones: jsonColumn(row.phones),
    addresses: jsonColumn(row.addresses),
    accounts: jsonColumn(row.accounts),
    inquiries: jsonColumn(row.inquiries),
    fraudAlert: alert
      ? { placedAt: new Date(alert.placed_at).toISOString(), contactPhone: alert.contact_phone, text: FRAUD_ALERT_TEXT }
      : null,
    scoringInputs: parseScoringInputs(row),
    purposeName: row.purpose_name,
    withdrawnConsent: row.withdrawn_consent,
  };
}
