import type { TIdentifierType } from '@shared/credit-reference';
import type { Tx } from './batch-planner';
import {
  insertAccounts,
  insertIdentifiers,
  insertNames,
  insertReviews,
  insertSubjects,
  replaceParties,
  touchSubjects,
  updateAccounts,
  upsertAccountMonths,
  upsertAddresses,
  upsertPhones,
  type AccountRow,
  type NameRow,
  type NewSubjectRow,
  type PartyRow,
  type ReviewRow,
} from './bulk-writes';
import type { ApplyContext } from './reported-rows';

/** Rows decided per write batch, and how often the decision loop lets queued writes go out. */
export const WRITE_BATCH_ROWS = 2_500;
export const YIELD_EVERY_ROWS = 250;

/** What a run of decided rows writes. */
export interface WriteBatch {
  rows: number;
  newSubjects: NewSubjectRow[];
  newIdentifiers: { subjectId: string; type: TIdentifierType; value: string }[];
  names: NameRow[];
  phones: { subjectId: string; phone: string }[];
  addresses: { subjectId: string; line: string; district: string | null }[];
  touched: Map<string, { subjectId: string; district: string | null }>;
  newAccounts: AccountRow[];
  knownAccounts: AccountRow[];
  accountIdByNumber: Map<string, string>;
  /** Known accounts whose rows named their parties (an empty list too): their parties are replaced. */
  partiesReplaced: string[];
  parties: PartyRow[];
  reviews: ReviewRow[];
}

export const newWriteBatch = (): WriteBatch => ({
  rows: 0,
  newSubjects: [],
  newIdentifiers: [],
  names: [],
  phones: [],
  addresses: [],
  touched: new Map(),
  newAccounts: [],
  knownAccounts: [],
  accountIdByNumber: new Map(),
  partiesReplaced: [],
  parties: [],
  reviews: [],
});

/**
 * Writes a round's batches in order, one statement after another on the transaction's connection,
 * while the caller goes on deciding the next rows: PostgreSQL writes while Node decides. The first
 * failure stops the chain and is thrown by done() (the caller's transaction then rolls back).
 */
export class RoundWriter {
  private tail: Promise<void> = Promise.resolve();
  private failed = false;

  constructor(
    private readonly tx: Tx,
    private readonly context: ApplyContext,
    /** The first day of the month the round's reports belong to (credit_account_months). */
    private readonly month: string,
  ) {}

  write(batch: WriteBatch) {
    if (batch.rows === 0) return;
    this.tail = this.tail.then(() => writeBatch(this.tx, this.context, batch, this.month));
    // Seen at once (no unhandled rejection while the loop runs), thrown by done().
    this.tail.catch(() => {
      this.failed = true;
    });
  }

  /** Gives the event loop a turn, so the driver can take a finished statement's answer and send the next. */
  async yield() {
    if (this.failed) await this.tail;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }

  done(): Promise<void> {
    return this.tail;
  }
}

/** One batch's rows, set-based: people first (the rest refers to them), then accounts, their months and parties, and reviews. */
async function writeBatch(tx: Tx, context: ApplyContext, batch: WriteBatch, month: string) {
  await insertSubjects(tx, batch.newSubjects);
  await insertIdentifiers(tx, batch.newIdentifiers);
  await insertNames(tx, batch.names);
  await upsertPhones(tx, batch.phones);
  await upsertAddresses(tx, batch.addresses);
  await touchSubjects(tx, [...batch.touched.values()]);
  await insertAccounts(tx, context.businessId, context.submissionId, batch.newAccounts);
  await updateAccounts(tx, context.submissionId, batch.knownAccounts);
  await upsertAccountMonths(tx, month, [...batch.newAccounts, ...batch.knownAccounts]);
  await replaceParties(tx, batch.partiesReplaced, batch.parties);
  await insertReviews(
    tx,
    context.businessId,
    context.submissionId,
    batch.reviews.map((r) => ({ ...r, accountId: batch.accountIdByNumber.get(r.accountNumber) ?? null })),
  );
}
