import type { CandidateIdentity, ProbeIdentity } from '../matching';

/**
 * Most namesakes holding another NIN that are scored against a row with a NIN of its own (issue
 * 22). Such a candidate can never be linked automatically (a different NIN blocks it) and is worth
 * a review only with the row's phone or address on file (isWorthReview); otherwise it only ranks
 * below the others. So past this many, the rest of them are scored only when they have the row's
 * phone or address line: a file of 20,000 Mohamed Kamaras born on 1 January, each with a NIN of
 * his own, costs the same per row as a varied file, where every row used to be scored against
 * every namesake before it (decisions/052).
 */
export const NAMESAKES_SCORED = 40;

/** Decides, candidate by candidate, which namesakes holding another NIN a row still scores. */
export class NamesakeLimit {
  private readonly nins: string[];
  private ninHoldersAdmitted = 0;

  constructor(
    private readonly probe: ProbeIdentity,
    private readonly identities: Map<string, CandidateIdentity>,
  ) {
    this.nins = probe.identifiers.filter((i) => i.type === 'nin').map((i) => i.value);
  }

  /** Whether a block holding this many NIN holders is read only in part for this row. */
  appliesTo(ninHolders: number): boolean {
    return this.nins.length > 0 && ninHolders > NAMESAKES_SCORED;
  }

  /** Whether a registry candidate is scored against the row. */
  admits(subjectId: string): boolean {
    if (this.nins.length === 0) return true;
    const candidate = this.identities.get(subjectId);
    const held = candidate?.identifiers.get('nin');
    if (!candidate || !held || held.size === 0 || this.nins.some((nin) => held.has(nin))) return true;
    if (++this.ninHoldersAdmitted <= NAMESAKES_SCORED) return true;
    const { phone, addressLine } = this.probe;
    return (phone !== null && candidate.phones.has(phone)) || (!!addressLine && candidate.addresses.has(addressLine));
  }
}
