import type { TAccountStatus, TAccountType, TCurrency } from '@shared/credit-reference';
import { accountLife, type GeneratedAccountLife } from './account-life';
import type { TDistrict } from '@shared/districts';
import { Rng, WeightedPicker, sigmoid } from './prng';
import { DISTRICT_DATA, STREETS } from './sierra-leone-data';
import { TYPE_PROFILES } from './account-types';
import { pickFirstName, surnamePickers } from './names';
import type { LenderProfile } from './lenders';
import { licenceOf, ninOf, passportOf, phoneOf } from './identity-numbers';

/**
 * A synthetic Sierra Leonean credit registry, deterministic from a seed. Person i depends only on
 * (seed, i), so any slice can be generated alone and in parallel.
 *
 * Behaviour follows a latent risk per person (a standard normal): it drives the monthly chance of
 * falling behind (more plainly on bills and mobile money loans), how far arrears roll
 * (30 -> 60 -> 90 -> default) and how often they cure, how much of a credit line is used, and how
 * many credit applications the person makes. Some people meet a life shock; in the months before
 * it they draw more on their credit lines and apply for more credit. Account-level noise keeps the
 * link loose, so a scorecard reaches a holdout AUC near 0.78 rather than a perfect one. Histories
 * cover 36 months (monthly balances and statuses; payment_history keeps the lenders' 24 codes) and
 * inquiries the same 36 months, so a model can be fitted at one date and validated a year later.
 */

export interface GeneratorOptions {
  seed: number;
  /** The date the registry is as of: histories end in this month. */
  asOf: Date;
}

/** An account with its simulated life (registry/account-life.ts). */
export interface GeneratedAccount extends GeneratedAccountLife {
  id: string;
  /** Index into the lender list. */
  lender: number;
  accountNumber: string;
  type: TAccountType;
  currency: TCurrency;
  /** Minor units. */
  principal: number;
  balance: number;
  openedAt: string;
  status: TAccountStatus;
  defaultAmount: number | null;
  defaultDate: string | null;
  /** Most recent month first, at most 24 codes. */
  paymentHistory: string;
}

export interface GeneratedInquiry {
  id: string;
  lender: number;
  purpose: string;
  createdAt: Date;
}

export interface GeneratedPerson {
  index: number;
  id: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  gender: 'female' | 'male';
  dateOfBirth: string | null;
  district: TDistrict;
  addressLine: string;
  phone: string;
  nin: string | null;
  passport: string | null;
  driversLicense: string | null;
  /** The hidden driver of behaviour (exported only for benchmarks and model checks). */
  latentRisk: number;
  segment: 'thin' | 'alternative_only' | 'regular';
  accounts: GeneratedAccount[];
  inquiries: GeneratedInquiry[];
}

const districtPicker = new WeightedPicker(DISTRICT_DATA.map((d) => [d, d.population] as const));
const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1));
const monthEnd = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0));

/**
 * A generated person as a lender reports them in a monthly file: every identifier the person
 * holds, names, birth date, phone and address (the subject half of one file row).
 */
export function reportedSubjectOf(p: GeneratedPerson) {
  return {
    nationalId: p.nin ?? undefined,
    passportNumber: p.passport ?? undefined,
    driversLicense: p.driversLicense ?? undefined,
    firstName: p.firstName,
    middleName: p.middleName ?? undefined,
    lastName: p.lastName,
    dateOfBirth: p.dateOfBirth ?? undefined,
    phone: p.phone,
    address: { line: p.addressLine, district: p.district },
  };
}

/** Months of behaviour simulated before the 36 kept, so histories do not all start clean. */
const BURN_IN_MONTHS = 12;
/** Monthly codes in payment_history (the lenders' file format carries 24). */
const VISIBLE_MONTHS = 24;
/**
 * Months of monthly balance and status kept (credit_account_months): 36, so a scorecard can be
 * fitted at one date and validated out of time on the following year (issue 19).
 */
const HISTORY_MONTHS = 36;
/** Months over which inquiries are generated: the same 36. */
const INQUIRY_MONTHS = 36;

/** The monthly chance of falling behind on an account, for a person and an account effect. */
const BASE_LATE = -3.7;
const RISK_LATE = 0.35;
const ACCOUNT_NOISE = 0.3;
/**
 * Lives change: some people meet a shock (a lost job, an illness, a failed harvest) at some month,
 * after which they fall behind far more often. Nothing in earlier behaviour foretells it.
 */
const LIFE_SHOCK_CHANCE = 0.45;
const LIFE_SHOCK = 2.2;
/**
 * Trouble rarely arrives unannounced: in the months before a shock people draw more on their
 * credit lines and apply for more credit. These lead months are the only part of a future shock a
 * score can see.
 */
const SHOCK_LEAD_MONTHS = 6;
const SHOCK_LEAD_UTILISATION = 0.3;
const SHOCK_LEAD_INQUIRIES = 1.2;

function simulateAccount(
  rng: Rng,
  person: { z: number; index: number; shockMonthsAgo: number | null },
  lenderIndex: number,
  type: TAccountType,
  openMonthsAgo: number,
  asOf: Date,
  accountSeq: number,
  isBank: boolean,
): GeneratedAccount {
  const profile = TYPE_PROFILES[type];
  const z = person.z;
  const accountEffect = ACCOUNT_NOISE * rng.normal();
  const lateLogit = BASE_LATE + RISK_LATE * (profile.riskWeight ?? 1) * z + profile.riskShift + accountEffect;
  const roll = sigmoid(-1.0 + 0.3 * z + 0.3 * accountEffect);
  const toDefault = sigmoid(-0.8 + 0.5 * z);
  const cure = sigmoid(1.8 - 0.3 * z);

  const currency: TCurrency = isBank && rng.chance(0.05) ? 'USD' : 'SLE';
  const [lo, hi] = profile.amount;
  const major = Math.round(lo * Math.exp(rng.next() * Math.log(hi / lo)));
  const principalMajor = currency === 'USD' ? Math.max(50, Math.round(major / 23)) : major;
  const principal = principalMajor * 100;
  const term = profile.termMonths ? rng.int(profile.termMonths[0], profile.termMonths[1]) : null;

  const asOfYear = asOf.getUTCFullYear();
  const asOfMonth = asOf.getUTCMonth();
  const opened = monthStart(asOfYear, asOfMonth - openMonthsAgo);
  opened.setUTCDate(rng.int(1, 28));
  const simulatedMonths = Math.min(openMonthsAgo, HISTORY_MONTHS + BURN_IN_MONTHS);

  // State per month: 0 current, 1..3 months behind, 4 default, 5 closed.
  let state = 0;
  let defaultMonthsAgo: number | null = null;
  const codes: string[] = [];
  let closedVoluntarily = false;
  const statesByAgo: number[] = [];
  for (let ago = simulatedMonths; ago >= 0; ago--) {
    const age = openMonthsAgo - ago;
    if (state === 5) {
      // stays closed
    } else if (state === 4) {
      // default is absorbing
    } else if (term !== null && age >= term && state === 0) {
      state = 5;
    } else if (term === null && state === 0 && age > 6 && rng.chance(0.012)) {
      state = 5;
      closedVoluntarily = true;
    } else if (state === 0) {
      const shock = person.shockMonthsAgo !== null && ago <= person.shockMonthsAgo ? LIFE_SHOCK : 0;
      if (age > 0 && rng.chance(sigmoid(lateLogit + shock))) state = 1;
    } else if (state === 3) {
      if (rng.chance(toDefault)) {
        state = 4;
        defaultMonthsAgo = ago;
      } else if (rng.chance(cure * 0.5)) state = 0;
    } else if (rng.chance(roll)) {
      state += 1;
    } else if (rng.chance(cure)) {
      state = 0;
    }
    if (ago < VISIBLE_MONTHS) codes.push(state === 5 ? 'C' : state === 4 ? 'D' : String(state));
    statesByAgo[ago] = state;
  }
  const paymentHistory = codes.reverse().join('').slice(0, VISIBLE_MONTHS);

  let status: TAccountStatus;
  if (state === 4) status = defaultMonthsAgo !== null && defaultMonthsAgo >= 12 && isBank && rng.chance(0.5) ? 'written_off' : 'default';
  else if (state === 5) status = closedVoluntarily ? 'closed' : 'paid';
  else status = (['current', 'late_30', 'late_60', 'late_90'] as const)[state];

  // A credit line's drawn share: the person's habit (their risk and the account's own draw), more
  // when behind, and more in the months before a shock. The same rule gives every month's balance.
  const habit = sigmoid(-0.6 + 0.7 * z + 0.8 * rng.normal());
  const lineBalanceAt = (ago: number, monthState: number) => {
    const isLead = person.shockMonthsAgo !== null && ago > person.shockMonthsAgo && ago <= person.shockMonthsAgo + SHOCK_LEAD_MONTHS;
    const wiggle = 0.04 * ((((ago * 37 + person.index + accountSeq) % 7) - 3) / 3);
    const drawn = habit + wiggle + 0.15 * Math.min(monthState, 4) + (isLead ? SHOCK_LEAD_UTILISATION : 0);
    return Math.round(principal * Math.min(1.15, Math.max(0.02, drawn)));
  };
  let balance: number;
  if (state === 5) balance = 0;
  else if (term !== null) {
    const remaining = Math.max(0.05, 1 - openMonthsAgo / term);
    balance = Math.round(principal * remaining * (1 + 0.04 * Math.min(state, 4)));
  } else {
    balance = lineBalanceAt(0, state);
  }
  let defaultAmount: number | null = null;
  let defaultDate: string | null = null;
  if (state === 4) {
    defaultAmount = Math.max(100, balance);
    const dm = defaultMonthsAgo ?? 0;
    const date = monthEnd(asOfYear, asOfMonth - dm);
    defaultDate = isoDate(date.getTime() > asOf.getTime() ? asOf : date);
  }

  return {
    id: rng.uuid(),
    lender: lenderIndex,
    accountNumber: `${type.slice(0, 2).toUpperCase()}-${person.index.toString(36).toUpperCase()}-${accountSeq}`,
    type,
    currency,
    principal,
    balance,
    openedAt: isoDate(opened),
    status,
    defaultAmount,
    defaultDate,
    paymentHistory,
    ...accountLife({
      type,
      term,
      principal,
      balance,
      status,
      openMonthsAgo,
      statesByAgo,
      asOf,
      salt: person.index + accountSeq,
      lineBalanceAt: term === null ? lineBalanceAt : undefined,
    }),
  };
}

const INQUIRY_PURPOSES = new WeightedPicker<string>([
  ['credit_application', 85],
  ['account_review', 10],
  ['guarantor_assessment', 3],
  ['employment_screening', 2],
]);

export interface LenderIndex {
  lenders: readonly LenderProfile[];
  byKind: Map<string, WeightedPicker<number>>;
  creditLenders: WeightedPicker<number>;
}

export function indexLenders(lenders: readonly LenderProfile[]): LenderIndex {
  const byKind = new Map<string, WeightedPicker<number>>();
  for (const kind of new Set(lenders.map((l) => l.kind))) {
    byKind.set(kind, new WeightedPicker(lenders.map((l, i) => [i, l.kind === kind ? l.weight : 0] as const).filter(([, w]) => w > 0)));
  }
  const creditLenders = new WeightedPicker(
    lenders
      .map((l, i) => [i, ['bank', 'mfi', 'mobile', 'retail', 'cooperative'].includes(l.kind) ? l.weight : 0] as const)
      .filter(([, w]) => w > 0),
  );
  return { lenders, byKind, creditLenders };
}

function pickKind(rng: Rng, segment: GeneratedPerson['segment'], isUrban: boolean, age: number): string {
  if (segment === 'alternative_only') return rng.pick(['mobile', 'mobile', 'utility', 'utility', 'telecom']);
  const weights: [string, number][] = [
    ['bank', isUrban ? 3 + age / 20 : 1],
    ['mfi', 4],
    ['mobile', 4],
    ['utility', isUrban ? 3 : 1],
    ['telecom', 0.7],
    ['retail', 1],
    ['cooperative', isUrban ? 0.3 : 1.5],
  ];
  return new WeightedPicker(weights).pick(rng);
}

/**
 * How long ago an account opened (2 to 72 months, less for the young): people who handle credit
 * well have kept their accounts longer, so the draw leans older the lower the latent risk. One
 * uniform draw, so the person's random stream stays in step.
 */
function openingMonthsAgo(u: number, z: number, age: number): number {
  const span = Math.max(1, Math.min(72, (age - 17) * 12) - 2);
  return 2 + Math.min(span, Math.floor(Math.pow(u, Math.exp(1.2 * z)) * (span + 1)));
}

export function generatePerson(options: GeneratorOptions, index: number, lenderIndex: LenderIndex): GeneratedPerson {
  const rng = new Rng(options.seed, index);
  const place = districtPicker.pick(rng);
  const isUrban = place.region === 'west' || ['Bo', 'Kenema', 'Bombali'].includes(place.district);
  const gender = rng.chance(0.5) ? 'female' : 'male';
  const firstName = pickFirstName(rng, gender, place.region);
  let middleName: string | null = null;
  if (rng.chance(0.3)) {
    const m = pickFirstName(rng, gender, place.region);
    if (m !== firstName) middleName = m;
  }
  const lastName = surnamePickers[place.region].pick(rng);
  const age = Math.min(78, 18 + Math.floor(Math.abs(rng.normal()) * 16) + rng.int(0, 4));
  let dateOfBirth: string | null = null;
  if (!rng.chance(0.02)) {
    const year = options.asOf.getUTCFullYear() - age;
    // Many people without a birth certificate carry 1 January.
    dateOfBirth = rng.chance(0.12) ? `${year}-01-01` : isoDate(new Date(Date.UTC(year, rng.int(0, 11), rng.int(1, 28))));
  }
  const town = rng.pick(place.towns);
  const addressLine = `${rng.int(1, 120)} ${rng.pick(STREETS)}, ${town}`;

  let nin = rng.chance(0.8) ? ninOf(index) : null;
  const passport = rng.chance(isUrban ? 0.12 : 0.04) ? passportOf(index) : null;
  const driversLicense = rng.chance(isUrban ? 0.12 : 0.05) ? licenceOf(index) : null;
  if (!nin && !passport && !driversLicense) nin = ninOf(index);

  const z = rng.normal();
  // A shock may fall anywhere in the kept history or in the year before it (the burn-in).
  const shockMonthsAgo = rng.chance(LIFE_SHOCK_CHANCE) ? rng.int(0, HISTORY_MONTHS + BURN_IN_MONTHS - 1) : null;
  const segmentDraw = rng.next();
  const segment: GeneratedPerson['segment'] = segmentDraw < 0.08 ? 'thin' : segmentDraw < 0.28 ? 'alternative_only' : 'regular';
  const count = segment === 'thin' ? 1 : segment === 'alternative_only' ? 1 + rng.poisson(0.6) : 1 + rng.poisson(1.3);
  const accounts: GeneratedAccount[] = [];
  for (let a = 0; a < count; a++) {
    const kind = pickKind(rng, segment, isUrban, age);
    const picker = lenderIndex.byKind.get(kind) ?? lenderIndex.creditLenders;
    const lender = picker.pick(rng);
    const profile = lenderIndex.lenders[lender];
    const type = rng.pick(profile.accountTypes);
    const openMonthsAgo = segment === 'thin' ? rng.int(1, 5) : openingMonthsAgo(rng.next(), z, age);
    accounts.push(
      simulateAccount(rng, { z, index, shockMonthsAgo }, lender, type, openMonthsAgo, options.asOf, a + 1, profile.kind === 'bank'),
    );
  }

  // Inquiries over the 36 months (the same yearly rate as before), and a burst of credit
  // applications in the months before a shock.
  const inquiryCount = rng.poisson((INQUIRY_MONTHS / 12) * (0.35 + 1.1 * sigmoid(1.1 * z - 0.8)));
  const leadInquiries = shockMonthsAgo !== null && shockMonthsAgo < HISTORY_MONTHS ? rng.poisson(SHOCK_LEAD_INQUIRIES) : 0;
  const inquiries: GeneratedInquiry[] = [];
  for (let q = 0; q < inquiryCount + leadInquiries; q++) {
    const isLead = q >= inquiryCount;
    const daysAgo = isLead
      ? Math.max(1, (shockMonthsAgo! + 1) * 30 + rng.int(0, SHOCK_LEAD_MONTHS * 30 - 1))
      : rng.int(1, INQUIRY_MONTHS * 30 + 4);
    inquiries.push({
      id: rng.uuid(),
      lender: lenderIndex.creditLenders.pick(rng),
      purpose: isLead ? 'credit_application' : INQUIRY_PURPOSES.pick(rng),
      createdAt: new Date(options.asOf.getTime() - daysAgo * 86_400_000 - rng.int(0, 86_399) * 1000),
    });
  }

  return {
    index,
    id: rng.uuid(),
    firstName,
    middleName,
    lastName,
    gender,
    dateOfBirth,
    district: place.district,
    addressLine,
    phone: phoneOf(index),
    nin,
    passport,
    driversLicense,
    latentRisk: z,
    segment,
    accounts,
    inquiries,
  };
}
