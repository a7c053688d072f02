import { ACCESSORS, type TAccessLog, type TAccessLogEntry, type TAccessor } from '@shared/schemas/consumer';
import { labelFromAuditAction } from '@shared/format';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';
import { resolveOwnFile, type OwnFile } from '../consumers';
import { hashSearchTerm } from './inquiries';

const LOG_LIMIT = 500;

/** What a business (or the bureau's staff) did that touched the person, in the person's words. */
const AUDIT_DESCRIPTIONS: Record<string, string> = {
  'dispute.answered': 'Answered your dispute',
  'dispute.overdue': 'Missed the deadline to answer your dispute',
  'credit.account_removed': 'Removed an account it had reported on your file in error',
  'credit.account_moved_away': 'Moved an account it had reported on your file to the right person',
  'credit.account_moved_here': 'Moved an account it had reported under another person to your file',
  'credit.reinsertion_certified': 'Put back a value a dispute had corrected, certifying it is accurate',
  'credit.report_pdf_downloaded': 'Downloaded the PDF of a credit report it had pulled on you',
  'credit.report_refused': 'Asked for your credit report after you withdrew your consent: refused, nothing was released',
  'consumer.identity_code_sent': 'Another account, registered with your National ID, asked for a code to open your file',
  'consumer.identity_code_wrong': 'Another account entered a wrong code for your file',
  'consumer.identity_code_voided': 'Another account entered too many wrong codes for your file',
  'consumer.identity_verified': 'Another account confirmed a code sent to a phone on your file',
  'certificate.issued': 'Issued you a clearance certificate of your file',
  'certificate.revoked': 'Revoked your clearance certificate, as you asked',
  'certificate.checked': 'Checked your clearance certificate: they saw your name, the last 4 digits of your NIN and your standing',
};

/** The person's own actions that are still accesses to their file: a certificate tells anyone with the link about it (decisions/045). */
const OWN_ACTIONS_LOGGED = ['certificate.issued', 'certificate.revoked'];

/**
 * Who did it when it was not a business, by code (the portal says it in the reader's language,
 * `privacy:accessLog.accessors.<code>`), with the English the answer's `businessName` carries.
 */
const ACCESSOR_NAMES: Record<Exclude<TAccessor, 'business'>, string> = {
  link_holder: 'Someone with the link',
  bureau: 'CreditCheck SL',
  consumer_account: 'Another consumer account',
  bureau_staff: 'CreditCheck SL staff',
  unknown: 'Unknown business',
};

const ZAccessLogRow = z.object({
  at: z.union([z.date(), z.string()]),
  kind: z.string(),
  business_name: z.string().nullable(),
  purpose: z.string().nullable(),
  purpose_name: z.string().nullable(),
  action: z.string().nullable(),
  actor_role: z.string().nullable(),
  accessor: z.enum(ACCESSORS).nullable(),
});
type Row = z.infer<typeof ZAccessLogRow>;

/**
 * Every search and report that touched the person, and what businesses and staff did with their
 * file, from the records the regulator audits: the registry's inquiries (reports, searches that
 * listed them, and searches by one of their identifiers that found nothing at the time, tied to
 * them through the keyed hash of the terms) and the audit log's events on their file. The person's
 * own actions are not listed; their own reports never are inquiries.
 */
export async function getAccessLog(
  db: Database,
  userId: string,
  hashKey: string,
  options: { limit?: number; file?: OwnFile } = {},
): Promise<TAccessLog> {
  const file = options.file ?? (await resolveOwnFile(db, userId));
  if (file.state !== 'verified' || !file.subjectId) return { state: file.state, entries: [] };
  const subjectId = file.subjectId;
  const ids = await queryParsedRows(
    db,
    z.object({ type: z.string(), value: z.string() }),
    sql`SELECT type::text AS type, value FROM credit_subject_identifiers WHERE subject_id = ${subjectId}::uuid`,
  );
  const phones = await queryParsedRows(
    db,
    z.object({ phone: z.string() }),
    sql`SELECT phone FROM credit_subject_phones WHERE subject_id = ${subjectId}::uuid`,
  );
  const hashes = [
    ...ids.map((i) => hashSearchTerm(`${i.type}:${i.value}`, hashKey)),
    ...phones.map((p) => hashSearchTerm(`phone:${p.phone}`, hashKey)),
  ];
  const hashList = hashes.length
    ? sql.join(
        hashes.map((h) => sql`${h}`),
        sql`, `,
      )
    : sql`NULL`;
  const limit = options.limit ?? LOG_LIMIT;

  const rows = await queryParsedRows(
    db,
    ZAccessLogRow,
    sql`(SELECT q.created_at AS at, q.kind::text AS kind, b.business_name, q.purpose, p.name AS purpose_name, NULL AS action, NULL AS actor_role, NULL AS accessor
          FROM credit_inquiry_subjects qs
          JOIN credit_inquiries q ON q.id = qs.inquiry_id
          JOIN permissible_purposes p ON p.code = q.purpose
          LEFT JOIN business_profiles b ON b.user_id = q.business_id
          WHERE qs.subject_id = ${subjectId}::uuid
          ORDER BY q.created_at DESC LIMIT ${limit})
        UNION ALL
        (SELECT q.created_at, 'search_no_hit', b.business_name, q.purpose, p.name, NULL, NULL, NULL
          FROM credit_inquiries q
          JOIN permissible_purposes p ON p.code = q.purpose
          LEFT JOIN business_profiles b ON b.user_id = q.business_id
          WHERE q.terms_hash IN (${hashList}) AND q.result_count = 0
          ORDER BY q.created_at DESC LIMIT ${limit})
        UNION ALL
        (SELECT e.occurred_at, 'event', b.business_name, NULL, NULL, e.action, e.actor_role,
                CASE WHEN b.business_name IS NOT NULL THEN 'business' WHEN e.action = 'certificate.checked' THEN 'link_holder'
                     WHEN e.actor_role = 'system' OR e.action LIKE 'certificate.%' THEN 'bureau' WHEN e.actor_role = 'consumer' THEN 'consumer_account'
                     WHEN e.actor_role IN ('system_admin', 'regulator') THEN 'bureau_staff' END
          FROM audit_events e
          LEFT JOIN business_profiles b ON b.user_id = e.business_id
          WHERE e.subject_id = ${subjectId}::uuid
            -- The person's own actions are theirs to know; another account's attempts on the file are shown.
            AND (e.actor_user_id IS DISTINCT FROM ${userId}::uuid OR e.action IN (${sql.join(
              OWN_ACTIONS_LOGGED.map((a) => sql`${a}`),
              sql`, `,
            )}))
            -- Searches and reports are read from the inquiries above (their audit events would list each twice);
            -- an account a lender reports is on the person's report, not an access to their data.
            AND e.action NOT IN ('credit.search', 'credit.report', 'credit.report_pulled', 'credit.account_reported')
          ORDER BY e.occurred_at DESC LIMIT ${limit})
        ORDER BY at DESC
        LIMIT ${limit}`,
  );
  return { state: 'verified', entries: rows.map(toEntry) };
}

function toEntry(r: Row): TAccessLogEntry {
  const accessor: TAccessor = r.business_name ? 'business' : (r.accessor ?? 'unknown');
  const businessName = accessor === 'business' ? r.business_name! : ACCESSOR_NAMES[accessor];
  const base = { at: new Date(r.at).toISOString(), accessor, businessName, purpose: r.purpose, purposeName: r.purpose_name };
  switch (r.kind) {
    case 'report':
      return { ...base, kind: 'report', description: 'Pulled your credit report' };
    case 'search':
      return { ...base, kind: 'search', description: 'Searched the registry and saw you in the results' };
    case 'search_no_hit':
      return { ...base, kind: 'search_no_hit', description: 'Searched for one of your identifiers (no file matched then)' };
    default:
      return {
        ...base,
        kind: r.action ?? 'event',
        description: AUDIT_DESCRIPTIONS[r.action ?? ''] ?? (r.action ? labelFromAuditAction(r.action) : 'Activity on your file'),
      };
  }
}
