import type { TCreditAccountReport, TCreditAccountReportResult } from '@shared/schemas/credit';
import type { Database } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { recordAuditEvent } from '../audit';
import { type InquiryMeta } from '../credit-file';
import { assertVerified, loadBusinessAccess } from '../reports';
import { applyAccountReports } from './apply-reports';

/**
 * One account (or defaulter) reported from the web form or the API: the same path as one row of a
 * file. Audited in the same transaction (`credit.account_reported`: who, for which person and
 * account, created or updated, how the person was matched, the status reported).
 */
export async function reportAccount(db: Database, meta: InquiryMeta, report: TCreditAccountReport): Promise<TCreditAccountReportResult> {
  assertVerified(await loadBusinessAccess(db, meta.businessId));
  const { applied, rejects } = await db.transaction(async (tx) => {
    const audit = { actorUserId: meta.userId, actorRole: 'business', ip: meta.ip ?? null, requestId: meta.requestId ?? null };
    const result = await applyAccountReports(tx, { businessId: meta.businessId, submissionId: null, audit }, [
      { rowNumber: 1, report, moveAccount: report.correction === 'move' },
    ]);
    const [row] = result.applied;
    if (row) {
      await recordAuditEvent(tx, {
        action: 'credit.account_reported',
        actorUserId: meta.userId,
        actorRole: 'business',
        businessId: meta.businessId,
        subjectId: row.subjectId,
        targetType: 'credit_account',
        targetId: row.accountId,
        ip: meta.ip ?? null,
        requestId: meta.requestId ?? null,
        details: { created: row.created, match: row.match, status: report.account.status },
      });
    }
    return result;
  });
  if (rejects.length > 0) {
    // Every field refused, the first one named as the conflict (a reinsertion may refuse several).
    const errors = rejects.map((r) => ({ field: r.field, message: r.message }));
    throw new HttpError(409, rejects[0].message, { field: rejects[0].field, errors, code: rejects[0].code });
  }
  const [row] = applied;
  return { accountId: row.accountId, subjectId: row.subjectId, match: row.match, created: row.created };
}
