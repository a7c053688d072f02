import { sql } from 'drizzle-orm';
import type { TCreditReport, TCreditReportRequest } from '@shared/schemas/credit';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/query';
import { forbidden, notFound } from '../../lib/http-error';
import { assertCanInquire, countReportsThisMonth, loadBusinessAccess, quotaExhausted } from './access';
import { recordInquiry, type InquiryMeta } from './inquiries';
import { storeReportCopy } from '../business-workspace/report-copies';
import { buildCreditReport } from './report';

/** Any fixed number, paired with the business: two reports racing for the last unit of quota take turns. */
const QUOTA_LOCK = 7_232_105;

export const FROZEN_FILE_MESSAGE =
  'This person has frozen their credit file. Reports are released only to lenders reviewing an account they already hold with the person.';

/**
 * A business pulls a report: verified, subscribed, within its monthly quota, for a permissible
 * purpose with the person's consent. The inquiry that counts against the quota and the report are
 * one transaction, so a failed report costs no quota and no report goes unrecorded.
 */
export async function pullCreditReport(db: Database, meta: InquiryMeta, request: TCreditReportRequest): Promise<TCreditReport> {
  const access = await loadBusinessAccess(db, meta.businessId);
  assertCanInquire(access);
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${QUOTA_LOCK}, hashtext(${meta.businessId}))`);
    const [subject] = await queryRows<{ id: string; frozen_at: Date | null; has_own_account: boolean }>(
      tx,
      sql`SELECT s.id, s.frozen_at,
            EXISTS (SELECT 1 FROM credit_accounts a WHERE a.subject_id = s.id AND a.business_id = ${meta.businessId}::uuid) AS has_own_account
          FROM credit_subjects s WHERE s.id = ${request.subjectId}::uuid`,
    );
    if (!subject) throw notFound('No such person in the registry');
    if (subject.frozen_at && !(request.purpose === 'account_review' && subject.has_own_account)) throw forbidden(FROZEN_FILE_MESSAGE);
    if ((await countReportsThisMonth(tx, meta.businessId)) >= access.monthlyQuota) throw quotaExhausted(access);
    const reportId = await recordInquiry(tx, {
      ...meta,
      kind: 'report',
      purpose: request.purpose,
      subjectId: subject.id,
      consentGiven: request.consent,
      shown: [{ subjectId: subject.id, matchScore: 100 }],
    });
    const report = await buildCreditReport(tx, subject.id, { audience: 'business', viewerBusinessId: meta.businessId, purpose: request.purpose, reportId });
    // The copy the business may read again and print (GET /api/credit/reports/:id) without a second inquiry.
    await storeReportCopy(tx, meta.businessId, report);
    return report;
  });
}
