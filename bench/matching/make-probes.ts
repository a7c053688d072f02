import type { TCreditAccountReportInput } from '../../src/shared/schemas/credit';
import { reportedSubjectOf, type GeneratedPerson } from '../../src/server/db/seed/registry/generate';
import { phoneOf } from '../../src/server/db/seed/registry/identity-numbers';
import { Rng } from '../../src/server/db/seed/registry/prng';
import { NAME_VARIANTS, STREETS } from '../../src/server/db/seed/registry/sierra-leone-data';

/**
 * A labelled set of reports to match against a generated registry. Each probe is a report a second
 * lender might send: of a person already in the registry (with the errors lenders make) or of a new
 * person who looks like one (a namesake, a relative sharing a phone). The label says who it is.
 */

export type Perturbation = 'spelling_variant' | 'typo' | 'transposed_names' | 'swapped_day_month' | 'middle_name_changed' | 'phone_changed';
export type ProbeKind = 'same_nin' | 'missing_identifiers' | 'namesake' | 'relative_sharing_phone';

export interface Probe {
  id: number;
  kind: ProbeKind;
  /** The registry person this report is about, or null for someone new. */
  truthSubjectId: string | null;
  /** For new people: the registry person they resemble. */
  lookalikeSubjectId: string | null;
  perturbations: Perturbation[];
  report: TCreditAccountReportInput;
}

function typo(rng: Rng, word: string): string {
  if (word.length < 4) return word + rng.pick(['h', 'a', 'e']);
  const i = rng.int(1, word.length - 2);
  switch (rng.int(0, 3)) {
    case 0: // substitution
      return word.slice(0, i) + rng.pick([...'aeioumnrslt']) + word.slice(i + 1);
    case 1: // deletion
      return word.slice(0, i) + word.slice(i + 1);
    case 2: // insertion (a doubled letter)
      return word.slice(0, i) + word[i] + word.slice(i);
    default: // adjacent transposition
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
  }
}

function variantOf(rng: Rng, name: string): string | null {
  const options = NAME_VARIANTS[name.toLowerCase()];
  return options ? rng.pick(options) : null;
}

function swapDayMonth(dob: string): string | null {
  const [y, m, d] = dob.split('-');
  if (m === d || Number(d) > 12) return null;
  return `${y}-${d}-${m}`;
}

/** Numbers no generated person holds: other formats than the generator's, and the unused +232 35 range. */
const newNin = (i: number) => `PRB${String(i).padStart(7, '0')}`;
const newPassport = (i: number) => `X${String(i).padStart(7, '0')}`;
const newPhone = (i: number) => `+23235${String(100000 + i).padStart(6, '0')}`;

function baseReport(p: GeneratedPerson, accountNumber: string): TCreditAccountReportInput {
  return {
    subject: reportedSubjectOf(p),
    account: {
      accountNumber,
      type: 'personal_loan',
      currency: 'SLE',
      principal: '5000',
      balance: '2500',
      openedAt: '2025-01-15',
      status: 'current',
    },
  };
}

/** Applies one to three of the errors lenders make to a report of a known person. */
function perturbIdentity(rng: Rng, report: TCreditAccountReportInput, p: GeneratedPerson, wanted: number): Perturbation[] {
  const s = report.subject as Record<string, any>;
  const applied: Perturbation[] = [];
  const candidates: Perturbation[] = ['spelling_variant', 'typo', 'transposed_names', 'swapped_day_month', 'middle_name_changed'];
  for (let tries = 0; applied.length < wanted && tries < 12; tries++) {
    const kind = rng.pick(candidates);
    if (applied.includes(kind)) continue;
    if (kind === 'spelling_variant') {
      const first = variantOf(rng, p.firstName);
      const last = variantOf(rng, p.lastName);
      if (!first && !last) continue;
      if (first && (!last || rng.chance(0.5))) s.firstName = first;
      else s.lastName = last;
    } else if (kind === 'typo') {
      if (rng.chance(0.5)) s.firstName = typo(rng, s.firstName);
      else s.lastName = typo(rng, s.lastName);
    } else if (kind === 'transposed_names') {
      [s.firstName, s.lastName] = [s.lastName, s.firstName];
    } else if (kind === 'swapped_day_month') {
      const swapped = p.dateOfBirth ? swapDayMonth(p.dateOfBirth) : null;
      if (!swapped) continue;
      s.dateOfBirth = swapped;
    } else if (kind === 'middle_name_changed') {
      s.middleName = p.middleName ? undefined : 'Lamin';
    }
    applied.push(kind);
  }
  return applied;
}

export interface ProbeSetOptions {
  seed: number;
  positives: number;
  negatives: number;
}

/**
 * Builds the labelled probes from registry people (each person is used by at most one probe).
 * `personAt(i)` regenerates person i, so a registry of millions never has to sit in memory.
 */
export function makeProbes(peopleCount: number, personAt: (index: number) => GeneratedPerson, options: ProbeSetOptions): Probe[] {
  const rng = new Rng(options.seed, 0x5eed);
  const chosen = new Set<number>();
  const probes: Probe[] = [];
  const take = () => {
    let i: number;
    do i = rng.int(0, peopleCount - 1);
    while (chosen.has(i));
    chosen.add(i);
    return personAt(i);
  };

  for (let i = 0; i < options.positives; i++) {
    const p = take();
    const report = baseReport(p, `PROBE-${i}`);
    const s = report.subject as Record<string, any>;
    let kind: ProbeKind;
    const perturbations: Perturbation[] = [];
    if (p.nin && rng.chance(0.3)) {
      kind = 'same_nin';
      s.passportNumber = undefined;
      s.driversLicense = undefined;
      perturbations.push(...perturbIdentity(rng, report, p, rng.int(1, 2)));
    } else {
      // The lender knows the person by an identifier the registry has never seen.
      kind = 'missing_identifiers';
      s.nationalId = undefined;
      s.driversLicense = undefined;
      s.passportNumber = newPassport(i);
      perturbations.push(...perturbIdentity(rng, report, p, rng.int(0, 2)));
    }
    if (rng.chance(0.25)) {
      s.phone = newPhone(i);
      perturbations.push('phone_changed');
    }
    probes.push({ id: probes.length, kind, truthSubjectId: p.id, lookalikeSubjectId: null, perturbations, report });
  }

  for (let i = 0; i < options.negatives; i++) {
    const p = take();
    const report = baseReport(p, `PROBE-N-${i}`);
    const s = report.subject as Record<string, any>;
    let kind: ProbeKind;
    s.nationalId = newNin(i);
    s.passportNumber = undefined;
    s.driversLicense = undefined;
    if (rng.chance(0.7)) {
      // Another person with the same name; half of them born the same day (1 January is common).
      kind = 'namesake';
      s.phone = newPhone(50_000 + i);
      s.middleName = undefined;
      s.address = { line: `${rng.int(121, 400)} ${rng.pick(STREETS)}, ${p.addressLine.split(', ').pop()}`, district: p.district };
      if (rng.chance(0.5) && p.dateOfBirth) {
        const d = new Date(`${p.dateOfBirth}T00:00:00Z`);
        d.setUTCDate(d.getUTCDate() + rng.int(1, 400) * (rng.chance(0.5) ? 1 : -1));
        s.dateOfBirth = d.toISOString().slice(0, 10);
      }
    } else {
      // A relative reported with the family phone: same surname, another first name and birth date.
      kind = 'relative_sharing_phone';
      s.firstName =
        p.gender === 'female' ? rng.pick(['Mohamed', 'Ibrahim', 'Abu', 'John']) : rng.pick(['Fatmata', 'Isatu', 'Mariama', 'Christiana']);
      s.middleName = undefined;
      s.dateOfBirth = `${2026 - rng.int(18, 70)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
      s.phone = p.phone ?? phoneOf(p.index);
    }
    probes.push({ id: probes.length, kind, truthSubjectId: null, lookalikeSubjectId: p.id, perturbations: [], report });
  }
  return probes;
}
