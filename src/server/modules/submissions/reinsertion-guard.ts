import { CORRECTION_MESSAGES, type TCreditAccountReport, type TSubmissionReject } from '@shared/schemas/credit';
import type { TErrorCode } from '@shared/error-codes';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { jsonColumnOf, queryParsedRows } from '../../db/query';
import { recordAuditEvents } from '../audit';
import { notifyPeopleOnFiles } from '../notifications';
import type { ApplyContext, ReportedRow } from './reported-rows';

// No silent reinsertion (FCRA 611(a)(5)(B)): a value a dispute's correction took off an account, or
// an account removed while a dispute on it was open, comes back only when the lender certifies it
// is accurate (certifyReinsertion with a note), and then the person is told at once (the law's
// limit is 5 working days). Otherwise the row is refused with DISPUTED_VALUE_REINSERTION.

export const REINSERTION_CODE = 'DISPUTED_VALUE_REINSERTION' satisfies TErrorCode;

/** Fields a dispute can correct, and how a reported account gives each as stored (minor units, ISO dates). */
const GUARDED_FIELDS = {
  status: (a: TCreditAccountReport['account']) => a.status,
  balance: (a: TCreditAccountReport['account']) => a.balance,
  principal: (a: TCreditAccountReport['account']) => a.principal,
  defaultAmount: (a: TCreditAccountReport['account']) => a.defaultAmount ?? null,
  defaultDate: (a: TCreditAccountReport['account']) => a.defaultDate ?? null,
  // A history the lender does not send is built from the stored one, never a reinsertion.
  paymentHistory: (a: TCreditAccountReport['account']) => a.paymentHistory,
} as const satisfies Record<string, (a: TCreditAccountReport['account']) => unknown>;
type GuardedField = keyof typeof GUARDED_FIELDS;
const isGuardedField = (field: string): field is GuardedField => field in GUARDED_FIELDS;

const ZGuardRow = z.object({
  account_number: z.string(),
  kind: z.enum(['values', 'removal']),
  id: z.string(),
  subject_id: z.string(),
  removed_values: jsonColumnOf(
    z.record(z.string(), z.object({ value: z.union([z.string(), z.number(), z.null()]), disputeId: z.string() })),
  ).nullable(),
  lender: z.string(),
});
type GuardRow = z.infer<typeof ZGuardRow>;

/** What a certified row puts back, for the audit event and the person's notice. */
interface Certification {
  row: ReportedRow;
  guard: GuardRow;
  fields: string[];
}

/** The fields of an account a row would put back (empty when it puts back none). */
function reinsertedFields(report: TCreditAccountReport, guard: GuardRow): string[] {
  if (guard.kind === 'removal') return ['account'];
  const fields: string[] = [];
  for (const [field, removed] of Object.entries(guard.removed_values ?? {})) {
    if (!isGuardedField(field)) continue;
    const reported = GUARDED_FIELDS[field](report.account);
    if (reported !== undefined && reported === removed.value) fields.push(field);
  }
  return fields;
}

const FIELD_WORDS: Record<string, string> = {
  account: 'the account',
  status: 'the status',
  balance: 'the balance',
  principal: 'the amount borrowed',
  defaultAmount: 'the default amount',
  defaultDate: 'the default date',
  paymentHistory: 'the payment history',
};

/**
 * Splits a business's rows into those that may be applied and those refused for putting back what
 * a dispute took off. Certified rows are applied; their guards are lifted for what they put back,
 * each is audited (`credit.reinsertion_certified`, with the note) and the person is notified. The
 * guards of a business are few (one per corrected dispute), so they are read whole, by index.
 */
export async function guardReinsertions(
  tx: Database,
  context: ApplyContext,
  rows: ReportedRow[],
): Promise<{ rows: ReportedRow[]; rejects: TSubmissionReject[] }> {
  const guards = await queryParsedRows(
    tx,
    ZGuardRow,
    sql`SELECT a.account_number, 'values' AS kind, a.id, a.subject_id, a.dispute_removed_values AS removed_values, COALESCE(b.business_name, 'Your lender') AS lender
        FROM credit_accounts a LEFT JOIN business_profiles b ON b.user_id = a.business_id
        WHERE a.business_id = ${context.businessId}::uuid AND a.dispute_removed_values IS NOT NULL
        UNION ALL
        SELECT r.account_number, 'removal', r.id, r.subject_id, NULL, COALESCE(b.business_name, 'Your lender')
        FROM credit_account_removals r LEFT JOIN business_profiles b ON b.user_id = r.business_id
        WHERE r.business_id = ${context.businessId}::uuid AND r.dispute_id IS NOT NULL AND r.reinsertion_certified_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM credit_accounts a WHERE a.business_id = r.business_id AND a.account_number = r.account_number)`,
  );
  if (guards.length === 0) return { rows, rejects: [] };
  const guardOf = new Map(guards.map((g) => [g.account_number, g]));

  const allowed: ReportedRow[] = [];
  const rejects: TSubmissionReject[] = [];
  const certifications: Certification[] = [];
  for (const row of rows) {
    const guard = guardOf.get(row.report.account.accountNumber);
    const fields = guard ? reinsertedFields(row.report, guard) : [];
    if (!guard || fields.length === 0) {
      allowed.push(row);
    } else if (row.report.certifyReinsertion && row.report.note) {
      allowed.push(row);
      certifications.push({ row, guard, fields });
    } else {
      for (const field of fields)
        rejects.push({
          row: row.rowNumber,
          field: field === 'account' ? 'account.accountNumber' : `account.${field}`,
          message: CORRECTION_MESSAGES.reinsertion,
          code: REINSERTION_CODE,
        });
    }
  }
  if (certifications.length > 0) await recordCertifications(tx, context, certifications);
  return { rows: allowed, rejects };
}

async function recordCertifications(tx: Database, context: ApplyContext, certifications: Certification[]) {
  const now = new Date();
  for (const { row, guard, fields } of certifications) {
    if (guard.kind === 'removal')
      await tx.execute(
        sql`UPDATE credit_account_removals SET reinsertion_certified_at = ${now.toISOString()}::timestamptz, reinsertion_note = ${row.report.note ?? null}
            WHERE id = ${guard.id}::uuid`,
      );
    else
      await tx.execute(
        sql`UPDATE credit_accounts SET dispute_removed_values = NULLIF(dispute_removed_values - ${sql.param(fields)}::text[], '{}'::jsonb)
            WHERE id = ${guard.id}::uuid`,
      );
  }
  await recordAuditEvents(
    tx,
    certifications.map(({ row, guard, fields }) => ({
      action: 'credit.reinsertion_certified',
      actorUserId: context.audit?.actorUserId ?? null,
      actorRole: 'business',
      businessId: context.businessId,
      subjectId: guard.subject_id,
      targetType: guard.kind === 'removal' ? 'credit_account_removal' : 'credit_account',
      targetId: guard.id,
      ip: context.audit?.ip ?? null,
      requestId: context.audit?.requestId ?? null,
      details: { accountNumber: row.report.account.accountNumber, fields, note: row.report.note, submissionId: context.submissionId },
    })),
  );
  const bySubject = new Map(certifications.map((c) => [c.guard.subject_id, c]));
  await notifyPeopleOnFiles(tx, [...bySubject.keys()], (subjectId) => {
    const { row, guard, fields } = bySubject.get(subjectId)!;
    const what = fields.map((f) => FIELD_WORDS[f] ?? f).join(', ');
    return {
      kind: 'account_corrected',
      title: 'A lender put back an entry a dispute had changed',
      body: `${guard.lender} put back ${what} of account ${row.report.account.accountNumber}, which a dispute had corrected or removed. They certified it is accurate: "${row.report.note}". If it is wrong, you can dispute it again.`,
      params: {
        variant: 'reinserted',
        lender: guard.lender,
        fields,
        accountNumber: row.report.account.accountNumber,
        note: row.report.note ?? '',
      },
      link: '/consumer/disputes',
      dedupeKey: `reinsertion:${guard.id}:${now.getTime()}`,
    };
  });
}
