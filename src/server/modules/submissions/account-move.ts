import { ACCOUNT_STATUS_CODES, ACCOUNT_TYPE_CODES, CURRENCIES, PAYMENT_FREQUENCIES } from '@shared/credit-reference';
import { formatMinorAmount } from '@shared/format';
import { type TAccountCorrectionResult, type TCreditAccountReport, type TCreditSubjectInput } from '@shared/schemas/credit';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { numberColumn, queryParsedRows } from '../../db/query';
import { HttpError, notFound } from '../../lib/http-error';
import { recordAuditEvents } from '../audit';
import { type InquiryMeta } from '../credit-file';
import { closeDisputeOfRemovedAccount } from '../disputes';
import { notifyPeopleOnFiles, type NewNotification } from '../notifications';
import { lockOwnAccount } from './account-removal';
import { applyAccountReports } from './apply-reports';

const ZAccountValuesRow = z.object({
  account_number: z.string(),
  type: z.enum(ACCOUNT_TYPE_CODES),
  currency: z.enum(CURRENCIES),
  principal: numberColumn,
  balance: numberColumn,
  opened_at: z.string(),
  status: z.enum(ACCOUNT_STATUS_CODES),
  default_amount: numberColumn.nullable(),
  default_date: z.string().nullable(),
  payment_history: z.string(),
  amount_past_due: numberColumn.nullable(),
  first_delinquency_date: z.string().nullable(),
  last_payment_date: z.string().nullable(),
  last_payment_amount: numberColumn.nullable(),
  scheduled_payment_amount: numberColumn.nullable(),
  term_months: numberColumn.nullable(),
  payment_frequency: z.enum(PAYMENT_FREQUENCIES).nullable(),
  closed_at: z.string().nullable(),
});

/**
 * The account as it stands, in the shape of a report's account: a move changes the person only, so
 * the values go through the write path unchanged (the history verbatim).
 */
async function accountAsReported(tx: Database, accountId: string): Promise<TCreditAccountReport['account']> {
  const [a] = await queryParsedRows(
    tx,
    ZAccountValuesRow,
    sql`SELECT account_number, type, currency, principal, balance, opened_at::text AS opened_at, status, default_amount,
          default_date::text AS default_date, payment_history, amount_past_due, first_delinquency_date::text AS first_delinquency_date,
          last_payment_date::text AS last_payment_date, last_payment_amount, scheduled_payment_amount, term_months, payment_frequency,
          closed_at::text AS closed_at
        FROM credit_accounts WHERE id = ${accountId}::uuid`,
  );
  return {
    accountNumber: a.account_number,
    type: a.type,
    currency: a.currency,
    principal: a.principal,
    balance: a.balance,
    openedAt: a.opened_at,
    status: a.status,
    defaultAmount: a.default_amount ?? undefined,
    defaultDate: a.default_date ?? undefined,
    paymentHistory: a.payment_history,
    amountPastDue: a.amount_past_due ?? undefined,
    firstDelinquencyDate: a.first_delinquency_date ?? undefined,
    lastPaymentDate: a.last_payment_date ?? undefined,
    lastPaymentAmount: a.last_payment_amount ?? undefined,
    scheduledPaymentAmount: a.scheduled_payment_amount ?? undefined,
    termMonths: a.term_months ?? undefined,
    paymentFrequency: a.payment_frequency ?? undefined,
    closedAt: a.closed_at ?? undefined,
  };
}

/**
 * Moves an account its business reported under the wrong person to the person `subject` names,
 * matched as a report's subject is (identifiers, then candidates; a doubtful match is a new person
 * queued for review, as for any report). The account keeps its id, values and history; the phone
 * the wrong identity brought stops counting for anyone. An open dispute of the first person is
 * closed (the account is off their file), both people are told, and both files' audit trails say so.
 */
export async function moveOwnAccount(
  db: Database,
  meta: InquiryMeta,
  accountId: string,
  subject: TCreditSubjectInput,
): Promise<TAccountCorrectionResult> {
  return db.transaction(async (tx) => {
    const account = await lockOwnAccount(tx, meta.businessId, { accountId });
    // Another business's account is as absent as one that never was.
    if (!account) throw notFound('No such account');
    const values = await accountAsReported(tx, account.id);
    await tx.execute(sql`DELETE FROM credit_account_phones WHERE account_id = ${account.id}::uuid`);
    const audit = { actorUserId: meta.userId, actorRole: 'business', ip: meta.ip ?? null, requestId: meta.requestId ?? null };
    const { applied, rejects } = await applyAccountReports(tx, { businessId: meta.businessId, submissionId: null, audit }, [
      { rowNumber: 1, report: { subject, account: values }, moveAccount: true },
    ]);
    if (rejects.length > 0 || applied.length === 0) {
      const reject = rejects[0];
      throw new HttpError(409, reject?.message ?? 'The account could not be moved', {
        field: reject?.field ?? 'subject',
        code: reject?.code,
      });
    }
    const [row] = applied;
    const result: TAccountCorrectionResult = {
      accountId: account.id,
      accountNumber: account.account_number,
      outcome: row.subjectId === account.subject_id ? 'unchanged' : 'moved',
      subjectId: row.subjectId,
      previousSubjectId: account.subject_id,
      match: row.match,
    };
    if (result.outcome === 'unchanged') return result;

    const note = `The account was reported under the wrong person and moved to the right person's file.`;
    const disputeId = await closeDisputeOfRemovedAccount(tx, {
      accountId: account.id,
      lender: account.lender,
      accountNumber: account.account_number,
      note,
      actorUserId: meta.userId,
    });
    if (disputeId) await tx.execute(sql`UPDATE credit_accounts SET is_disputed = false WHERE id = ${account.id}::uuid`);
    const event = { ...audit, businessId: meta.businessId, targetType: 'credit_account', targetId: account.id };
    const details = { accountNumber: account.account_number, from: account.subject_id, to: row.subjectId, match: row.match, disputeId };
    await recordAuditEvents(tx, [
      { ...event, action: 'credit.account_moved_away', subjectId: account.subject_id, details },
      { ...event, action: 'credit.account_moved_here', subjectId: row.subjectId, details },
    ]);
    await notifyPeopleOnFiles(tx, [account.subject_id, row.subjectId], (subjectId): Omit<NewNotification, 'userId'> =>
      subjectId === account.subject_id
        ? {
            kind: 'account_corrected',
            title: 'An account was taken off your file',
            body: `${account.lender} had reported account ${account.account_number} under your name by mistake and moved it to the right person.`,
            params: { variant: 'movedAway', lender: account.lender, accountNumber: account.account_number },
            link: '/consumer/reports',
            dedupeKey: `account_moved_away:${account.id}:${row.subjectId}`,
          }
        : {
            kind: 'account_corrected',
            title: 'An account was added to your file',
            body: `${account.lender} had reported account ${account.account_number} under another person by mistake and moved it to your file (balance ${formatMinorAmount(values.balance)} ${values.currency}). Check it is yours.`,
            params: {
              variant: 'movedHere',
              lender: account.lender,
              accountNumber: account.account_number,
              balance: values.balance,
              currency: values.currency,
            },
            link: '/consumer/reports',
            dedupeKey: `account_moved_here:${account.id}:${row.subjectId}`,
          },
    );
    return result;
  });
}
