import { ZAccountDeletionRowSchema, type TSubmissionReject } from '@shared/schemas/credit';
import type { Database } from '../../db/client';
import { fieldErrorsOf } from '../../lib/http-error';
import { type InquiryMeta } from '../credit-file';
import { removeOwnAccount } from './account-removal';

// A monthly file's rows that remove an account reported in error ({correction: 'delete',
// account: {accountNumber}, reason}; in CSV the correction, account_number and reason columns).

export interface DeletionRow {
  rowNumber: number;
  accountNumber: string;
  reason: string;
}

export const NO_SUCH_OWN_ACCOUNT = 'Your business has not reported an account with this number';

/** The row as a deletion, or its rejects (each field named as the file names it). */
export function parseDeletionRow(
  raw: unknown,
  rowNumber: number,
  fieldName: (field: string) => string,
): { deletion: DeletionRow } | { rejects: TSubmissionReject[] } {
  const parsed = ZAccountDeletionRowSchema.safeParse(raw);
  if (!parsed.success)
    return {
      rejects: fieldErrorsOf(parsed.error.issues).map((e) => ({
        row: rowNumber,
        field: e.field === 'body' ? 'row' : fieldName(e.field),
        message: e.message,
      })),
    };
  return { deletion: { rowNumber, accountNumber: parsed.data.account.accountNumber, reason: parsed.data.reason } };
}

/** Removes each row's account in the file's transaction; a number the business never reported is that row's reject. */
export async function applyDeletionRows(
  tx: Database,
  meta: InquiryMeta,
  deletions: DeletionRow[],
  fieldName: (field: string) => string,
): Promise<{ removed: number; rejects: TSubmissionReject[] }> {
  let removed = 0;
  const rejects: TSubmissionReject[] = [];
  for (const d of deletions) {
    const result = await removeOwnAccount(tx, meta, { accountNumber: d.accountNumber }, d.reason);
    if (result) removed++;
    else rejects.push({ row: d.rowNumber, field: fieldName('account.accountNumber'), message: NO_SUCH_OWN_ACCOUNT });
  }
  return { removed, rejects };
}
