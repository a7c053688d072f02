import type { TCreditAccountReport, TCreditAccountReportResult } from '@shared/schemas/credit';
import type { Database } from '../../../db/client';
import { conflict } from '../../../lib/http-error';
import { assertVerified, loadBusinessAccess } from '../access';
import { applyAccountReports } from './apply-reports';

/** One account (or defaulter) reported from the web form or the API: the same path as one row of a file. */
export async function reportAccount(db: Database, businessId: string, report: TCreditAccountReport): Promise<TCreditAccountReportResult> {
  assertVerified(await loadBusinessAccess(db, businessId));
  const { applied, rejects } = await db.transaction((tx) =>
    applyAccountReports(tx as unknown as Database, { businessId, submissionId: null }, [{ rowNumber: 1, report }]),
  );
  if (rejects.length > 0) throw conflict(rejects[0].field, rejects[0].message);
  const [row] = applied;
  return { accountId: row.accountId, subjectId: row.subjectId, match: row.match, created: row.created };
}
