import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { instantSql } from '../../db/instant';
import { forbidden } from '../../lib/http-error';
import { recordAuditEvent, type AuditContext } from '../audit';

// The consent rule of a business report (decisions/017 and 022) in SQL, read with the rest of the
// file, and the refusal it leads to.

export const CONSENT_WITHDRAWN_MESSAGE =
  'This person has withdrawn their consent for your business to obtain their credit report for this purpose. A report can be released again once they grant consent in their CreditCheck SL account.';

/** The consent a person withdrew from this business for this purpose, as json, or null. */
export interface WithdrawnConsent {
  consent_id: string;
  revoked_at: string;
  /** The purpose of the row that decided: the one asked for, or ALL_PURPOSES. */
  purpose?: string;
}

/** withdrawnConsentColumn's json (timestamps inside json arrive as text). */
export const ZWithdrawnConsent = z.object({
  consent_id: z.string(),
  revoked_at: z.string(),
  purpose: z.string().optional(),
}) satisfies z.ZodType<WithdrawnConsent>;

/**
 * The purpose of a withdrawal from a business as a whole (`DELETE /api/consumers/me/consents` with
 * `{businessId}` and no purpose): it covers every purpose the person did not grant again since.
 */
export const ALL_PURPOSES = '*';

/** Statuses of an account that is still open: a lender reviewing it has something to manage. */
export const OPEN_ACCOUNT_STATUSES = ['current', 'late_30', 'late_60', 'late_90', 'default'] as const;

/**
 * An open account this business reported on the file before the instant given (SQL boolean): what
 * lets a lender review an account despite a freeze or a withdrawal. An account it reported after,
 * or one that is paid, closed or written off, is a pretext, not an account to review.
 */
export function openAccountReportedBeforeSql(subjectId: SQL, businessId: SQL, before: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM credit_accounts a WHERE a.subject_id = ${subjectId} AND a.business_id = ${businessId}
    AND a.created_at < ${before} AND a.status IN (${sql.join(
      OPEN_ACCOUNT_STATUSES.map((s) => sql`${s}`),
      sql`, `,
    )}))`;
}

/**
 * THE rule of decisions/017 and 022 as a scalar subquery (json or null), so the business report can
 * read it with the rest of the file in one round trip (credit/report-sources.ts). `subjectId` and
 * `businessId` are SQL expressions (a parameter, a placeholder or a column).
 *
 * - The latest consent the person recorded for this business and this purpose, or for every purpose
 *   (ALL_PURPOSES), decides: revoked is a withdrawal.
 * - `account_review` rests on an account the lender already holds, so a withdrawal of the business
 *   as a whole, or of another purpose, lets it through only for an open account the business
 *   reported before the (earliest standing) withdrawal. A withdrawal of `account_review` itself is
 *   honoured whatever accounts exist; a live consent the person gave for `account_review` is too.
 */
export function withdrawnConsentColumn(
  subjectId: SQL,
  businessId: SQL,
  // The purpose's code as SQL (a placeholder); whether it is account_review decides the statement's shape.
  purpose: { code: SQL; isAccountReview: boolean },
  now: Date | SQL,
  // The verified consumers holding the person's NIN (report-sources.ts, its `holders`), a relation with
  // the column user_id: the report's read finds them once for this and for the fraud alert.
  holders: SQL,
): SQL {
  const at = instantSql(now);
  const latestFor = (purposes: SQL) => sql`SELECT id, purpose, revoked_at, expires_at FROM consumer_consents
          WHERE consumer_user_id = cp.user_id AND business_id = ${businessId}::uuid AND purpose IN (${purposes})
          ORDER BY granted_at DESC, (revoked_at IS NULL) DESC
          LIMIT 1`;
  const holder = sql`FROM ${holders} cp`;
  if (!purpose.isAccountReview) {
    return sql`(SELECT json_build_object('consent_id', c.id, 'revoked_at', c.revoked_at, 'purpose', c.purpose)
        ${holder}
        JOIN LATERAL (${latestFor(sql`${purpose.code}::text, ${ALL_PURPOSES}::text`)}) c ON true
        WHERE c.revoked_at IS NOT NULL AND c.revoked_at <= ${at}
        LIMIT 1)`;
  }
  const allRow = sql`SELECT 1 FROM consumer_consents x WHERE x.consumer_user_id = cp.user_id AND x.business_id = ${businessId}::uuid
            AND x.purpose = ${ALL_PURPOSES}::text AND x.granted_at = r.revoked_at`;
  const explicit = sql`(r.revoked_at IS NOT NULL AND r.revoked_at <= ${at} AND NOT EXISTS (${allRow}))`;
  return sql`(SELECT CASE WHEN ${explicit}
            THEN json_build_object('consent_id', r.id, 'revoked_at', r.revoked_at, 'purpose', r.purpose)
            ELSE json_build_object('consent_id', w.id, 'revoked_at', w.revoked_at, 'purpose', w.purpose) END
        ${holder}
        -- The latest account_review consent. Revoked by the person (not stamped by a withdrawal from
        -- the business as a whole, whose row is granted at that instant) it is an explicit withdrawal.
        LEFT JOIN LATERAL (${latestFor(sql`'account_review'::text`)}) r ON true
        -- The earliest withdrawal still standing, of any purpose (the latest row of its purpose is revoked).
        LEFT JOIN LATERAL (
          SELECT id, purpose, revoked_at FROM (
            SELECT DISTINCT ON (purpose) id, purpose, revoked_at FROM consumer_consents
            WHERE consumer_user_id = cp.user_id AND business_id = ${businessId}::uuid
            ORDER BY purpose, granted_at DESC, (revoked_at IS NULL) DESC
          ) latest
          WHERE revoked_at IS NOT NULL AND revoked_at <= ${at}
          ORDER BY revoked_at
          LIMIT 1
        ) w ON true
        -- A live account_review consent the person gave stands.
        WHERE NOT COALESCE(r.revoked_at IS NULL AND r.expires_at > ${at}, false)
          AND (${explicit} OR (w.id IS NOT NULL AND NOT ${openAccountReportedBeforeSql(subjectId, sql`${businessId}::uuid`, sql`w.revoked_at`)}))
        LIMIT 1)`;
}

/**
 * The consent rule of a business report (decisions/017). The report's read (report-sources.ts)
 * reads the withdrawn consent in the same statement (`withdrawnConsentColumn`), and the report route
 * calls this when there is one, before the report is made. The business attests the person's consent with each request (`consent: true`);
 * the person's own records can only take that away: when the latest consent they recorded for this
 * business and purpose is revoked, the report is refused (403) and the refusal is audited. No record,
 * or an expired one, leaves the business's attestation standing, as before. A withdrawal from the
 * business as a whole (or of another purpose) still lets the lender review an open account it
 * reported before the withdrawal (`account_review`); an explicit withdrawal of `account_review` does
 * not (decisions/022). This audits the refused report and answers 403.
 */
export async function refuseForWithdrawnConsent(
  db: Database,
  input: { subjectId: string; businessId: string; purpose: string; audit: AuditContext },
  withdrawn: WithdrawnConsent,
): Promise<never> {
  await recordAuditEvent(db, {
    ...input.audit,
    action: 'credit.report_refused',
    subjectId: input.subjectId,
    businessId: input.businessId,
    targetType: 'consent',
    targetId: withdrawn.consent_id,
    details: { reason: 'consent_withdrawn', purpose: input.purpose, revokedAt: new Date(withdrawn.revoked_at).toISOString() },
  });
  throw forbidden(CONSENT_WITHDRAWN_MESSAGE, 'CONSENT_WITHDRAWN');
}
