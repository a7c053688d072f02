import { historyCodeOfStatus, PAYMENT_HISTORY_MONTHS } from '@shared/credit-reference';
import type { TCreditAccountReport, TSubmissionReject } from '@shared/schemas/credit';
import { timeOrderedId } from '../../db/ordered-ids';
import type { Tx } from './batch-planner';
import { lookUpChunk, type ExistingAccount } from './chunk-lookup';
import { decideRow } from './match-decisions';
import { phaseClock } from './phase-clock';
import { duplicateAccountMessage, type AppliedRow, type ApplyContext, type ReportedRow } from './reported-rows';
import { attach, type RoundRecords } from './row-attach';
import { decideParties, withPartyRows } from './row-parties';
import { RoundPeople } from './round-people';
import { newWriteBatch, RoundWriter, WRITE_BATCH_ROWS, YIELD_EVERY_ROWS } from './round-writer';

function nextPaymentHistory(report: TCreditAccountReport, existing: ExistingAccount | undefined, thisMonth: string): string {
  if (report.account.paymentHistory !== undefined) return report.account.paymentHistory;
  const code = historyCodeOfStatus(report.account.status);
  if (!existing) return code;
  const sameMonth = existing.lastReportedMonth === thisMonth;
  // A second report in the same month corrects that month; a new month adds one.
  const history = sameMonth ? code + existing.paymentHistory.slice(1) : code + existing.paymentHistory;
  return history.slice(0, PAYMENT_HISTORY_MONTHS);
}

/**
 * One round of rows, in three phases: the look-ups (chunk-lookup.ts), then each row's decision
 * (match-decisions.ts) and what it adds to its person (row-attach.ts), then the writes, which go
 * out in batches while later rows are still being decided (round-writer.ts).
 */
export async function applyChunk(tx: Tx, context: ApplyContext, rows: ReportedRow[], blockingPlanner: Record<string, string>) {
  const thisMonth = new Date().toISOString().slice(0, 7);
  const lap = phaseClock(context.timings);
  // Co-borrowers and guarantors are looked up with the rows, as rows of their own after them.
  const { all, partiesOfRow } = withPartyRows(rows);
  const lookup = await lookUpChunk(tx, context.businessId, all, blockingPlanner, lap);
  const { prepared, existingAccounts, owners } = lookup;
  const people = new RoundPeople(tx, lookup);
  // As loaded (the round's people grow and the sketches shrink as rows are decided).
  const candidatesLoaded = { whole: lookup.identities.size, sketched: lookup.sketches.size };

  // What the round writes goes to PostgreSQL in parts while the rows after them are decided
  // (RoundWriter): the decisions need nothing of those writes, and the next round's look-ups wait
  // for all of them.
  const writer = new RoundWriter(tx, context, `${thisMonth}-01`);
  const round: RoundRecords = { batch: newWriteBatch(), createdIds: new Set(), touchedDistrict: new Map() };
  const applied: AppliedRow[] = [];
  const rejects: TSubmissionReject[] = [];

  const seenAccountNumbers = new Map<string, number>();
  for (let idx = 0; idx < rows.length; idx++) {
    const row = prepared[idx];
    const { report } = row;
    const firstRow = seenAccountNumbers.get(report.account.accountNumber);
    if (firstRow !== undefined) {
      rejects.push({ row: row.rowNumber, field: 'account.accountNumber', message: duplicateAccountMessage(firstRow) });
      continue;
    }
    seenAccountNumbers.set(report.account.accountNumber, row.rowNumber);
    const existing = existingAccounts.get(report.account.accountNumber);
    const decision = await decideRow(round, people, owners, row, idx, row.moveAccount ? undefined : existing);
    if (decision.reject) {
      rejects.push(decision.reject);
      continue;
    }
    const { subjectId, match } = decision;

    attach(round, people, owners, subjectId, row, decision.attachFacts);
    const accountId = existing?.id ?? timeOrderedId();
    const a = report.account;
    const { batch } = round;
    (existing ? batch.knownAccounts : batch.newAccounts).push({
      id: accountId,
      subjectId,
      accountNumber: a.accountNumber,
      type: a.type,
      currency: a.currency,
      principal: a.principal,
      balance: a.balance,
      openedAt: a.openedAt,
      status: a.status,
      defaultAmount: a.defaultAmount ?? null,
      defaultDate: a.defaultDate ?? null,
      paymentHistory: nextPaymentHistory(report, existing, thisMonth),
      amountPastDue: a.amountPastDue ?? null,
      firstDelinquencyDate: a.firstDelinquencyDate ?? null,
      lastPaymentDate: a.lastPaymentDate ?? null,
      lastPaymentAmount: a.lastPaymentAmount ?? null,
      scheduledPaymentAmount: a.scheduledPaymentAmount ?? null,
      termMonths: a.termMonths ?? null,
      paymentFrequency: a.paymentFrequency ?? null,
      closedAt: a.closedAt ?? null,
    });
    batch.accountIdByNumber.set(a.accountNumber, accountId);
    await decideParties(round, people, owners, prepared, row, partiesOfRow[idx], {
      id: accountId,
      borrowerId: subjectId,
      isKnown: !!existing,
    });
    applied.push({ rowNumber: row.rowNumber, accountId, subjectId, match, created: !existing });
    if (++batch.rows >= WRITE_BATCH_ROWS) {
      writer.write(batch);
      round.batch = newWriteBatch();
    }
    // Let the driver send the next queued write while this loop runs.
    if (idx % YIELD_EVERY_ROWS === 0) await writer.yield();
  }
  writer.write(round.batch);

  lap('decisions');
  if (context.timings) {
    const count = (what: string, n: number) => (context.timings![`count ${what}`] = (context.timings![`count ${what}`] ?? 0) + n);
    count('candidates scored', people.candidatesScored);
    count('candidates whole', candidatesLoaded.whole);
    count('candidates sketched', candidatesLoaded.sketched);
    count('candidates completed late', people.candidatesCompletedLate);
  }
  await writer.done();
  lap('writes');
  return { applied, rejects };
}
