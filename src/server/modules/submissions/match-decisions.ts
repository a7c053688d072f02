import type { TCreditAccountReport, TMatchOutcome, TSubmissionReject } from '@shared/schemas/credit';
import type { IdentifierOwners, KnownFacts } from '../matching';
import { decideAmongCandidates } from './candidate-decision';
import type { ExistingAccount, PreparedRow } from './chunk-lookup';
import { ownersOf, pickPrimaryOwner } from './identifier-owners';
import { ACCOUNT_OF_ANOTHER_PERSON } from './reported-rows';
import { createSubject, type RoundRecords } from './row-attach';
import type { RoundPeople } from './round-people';

/** The person a row's account goes to, how it was found, and the facts gathered for that person; or the row's reject. */
export type RowDecision =
  { reject: TSubmissionReject } | { reject?: undefined; subjectId: string; match: TMatchOutcome; attachFacts: KnownFacts | undefined };

/** The identity a lender reported, kept on a review item for the administrator who resolves it. */
function reportedIdentity(report: TCreditAccountReport): Record<string, unknown> {
  const s = report.subject;
  return {
    firstName: s.firstName,
    middleName: s.middleName ?? null,
    lastName: s.lastName,
    dateOfBirth: s.dateOfBirth ?? null,
    phone: s.phone,
    nationalId: s.nationalId ?? null,
    passportNumber: s.passportNumber ?? null,
    driversLicense: s.driversLicense ?? null,
    address: s.address.line,
  };
}

/**
 * Decides a row's person: the account's holder when the account is known (a reject if the row
 * names someone else), else the holder of its identifiers (a review when they disagree), else the
 * best candidate (probable), a new person queued for review beside the close ones, or a new person.
 */
export async function decideRow(
  round: RoundRecords,
  people: RoundPeople,
  owners: IdentifierOwners,
  row: PreparedRow,
  idx: number,
  existing: ExistingAccount | undefined,
): Promise<RowDecision> {
  const { probe, report } = row;
  const rowOwners = ownersOf(probe.identifiers, owners);
  const queue = (subject: string, candidate: string, reason: string, score: number) =>
    round.batch.reviews.push({
      subjectId: subject,
      candidateSubjectId: candidate,
      reason,
      score,
      accountNumber: report.account.accountNumber,
      reported: reportedIdentity(report),
    });

  if (existing) {
    // The account already belongs to someone: it may be re-reported, not moved to another person.
    const subjectId = existing.subjectId;
    const attachFacts = people.factsFor(idx, subjectId);
    await people.ensureKnown(subjectId, attachFacts);
    const pointsElsewhere = rowOwners.some((o) => o !== subjectId);
    const isLinkedById = rowOwners.includes(subjectId);
    if (pointsElsewhere || (!isLinkedById && !people.agreementWith(subjectId, probe, attachFacts).agrees))
      return { reject: { row: row.rowNumber, field: 'account.accountNumber', message: ACCOUNT_OF_ANOTHER_PERSON } };
    return { subjectId, match: 'exact', attachFacts };
  }
  if (rowOwners.length > 0) {
    const primary = pickPrimaryOwner(probe.identifiers, owners);
    // The facts were gathered for the primary owner as the round began; an identifier an
    // earlier row of this round gave to someone can make another person primary now.
    const primaryFacts = people.factsFor(idx, primary);
    await people.ensureKnown(primary, primaryFacts);
    const agreement = people.agreementWith(primary, probe, primaryFacts);
    if (!agreement.agrees) {
      // The number belongs to someone whose name or birth date is far from this one: keep them apart.
      const subjectId = createSubject(round, people, row);
      for (const owner of rowOwners) queue(subjectId, owner, agreement.reason, agreement.score);
      return { subjectId, match: 'review', attachFacts: undefined };
    }
    if (rowOwners.length > 1) {
      for (const owner of rowOwners) if (owner !== primary) queue(primary, owner, 'identifiers_of_different_people', 1);
      return { subjectId: primary, match: 'review', attachFacts: primaryFacts };
    }
    return { subjectId: primary, match: 'exact', attachFacts: primaryFacts };
  }
  const decision = await decideAmongCandidates(people, idx, probe, people.candidatesOf(idx, probe));
  if (decision.outcome === 'probable') return { subjectId: decision.best.subjectId, match: 'probable', attachFacts: undefined };
  if (decision.outcome === 'review') {
    const subjectId = createSubject(round, people, row);
    queue(subjectId, decision.best.subjectId, decision.reason, decision.best.score);
    if (decision.second) queue(subjectId, decision.second.subjectId, decision.reason, decision.second.score);
    return { subjectId, match: 'review', attachFacts: undefined };
  }
  return { subjectId: createSubject(round, people, row), match: 'new', attachFacts: undefined };
}
