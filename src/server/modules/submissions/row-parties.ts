import type { IdentifierOwners } from '../matching';
import type { PreparedRow } from './chunk-lookup';
import { decideRow } from './match-decisions';
import type { ReportedRow } from './reported-rows';
import { attach, type RoundRecords } from './row-attach';
import type { RoundPeople } from './round-people';

// Co-borrowers and guarantors (group and solidarity loans) are matched like the borrower: each party
// is one more row of the round's look-ups (name codes, identifier owners, candidates: all
// set-based with the rest), decided and attached to its person as a borrower's row is, after the
// row whose account it is on.

/**
 * The round's rows followed by one row per party, and for each row the positions of its parties.
 * A party's row carries the account of its row but is matched as if that account were new
 * (moveAccount): the account belongs to the borrower, not to them.
 */
export function withPartyRows(rows: ReportedRow[]): { all: ReportedRow[]; partiesOfRow: number[][] } {
  const all = [...rows];
  const partiesOfRow = rows.map((row) =>
    (row.report.parties ?? []).map((party) => {
      all.push({ rowNumber: row.rowNumber, report: { subject: party.subject, account: row.report.account }, moveAccount: true });
      return all.length - 1;
    }),
  );
  return { all, partiesOfRow };
}

/**
 * Decides the persons of a row's parties and records them on the account. A row naming parties
 * (an empty list too) replaces the account's; a row without them leaves them as they are. A party
 * found to be the borrower, or named twice, counts once (the borrower not at all).
 */
export async function decideParties(
  round: RoundRecords,
  people: RoundPeople,
  owners: IdentifierOwners,
  prepared: PreparedRow[],
  row: PreparedRow,
  partyIndexes: number[],
  account: { id: string; borrowerId: string; isKnown: boolean },
) {
  const { parties } = row.report;
  if (parties === undefined) return;
  if (account.isKnown) round.batch.partiesReplaced.push(account.id);
  const onAccount = new Set([account.borrowerId]);
  for (let k = 0; k < partyIndexes.length; k++) {
    const idx = partyIndexes[k];
    const partyRow = prepared[idx];
    // Without an account of its own a party's row is never refused: it is someone, found or new.
    const decision = await decideRow(round, people, owners, partyRow, idx, undefined);
    if (decision.reject || onAccount.has(decision.subjectId)) continue;
    onAccount.add(decision.subjectId);
    attach(round, people, owners, decision.subjectId, partyRow, decision.attachFacts);
    round.batch.parties.push({ accountId: account.id, subjectId: decision.subjectId, role: parties[k].role });
  }
}
