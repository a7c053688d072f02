import type { TAccountStatus, TAccountType, TPaymentFrequency } from '@shared/credit-reference';

// What a generated account's monthly simulation implies of its life, as lenders report it (issue
// 17): the instalment and its frequency, what is past due and since when, the last payment, the
// closing date and each month's balance. Derived from the simulated months without drawing from
// the person's random stream, so every person, account and history stays what it was.

export interface GeneratedAccountLife {
  amountPastDue: number | null;
  firstDelinquencyDate: string | null;
  lastPaymentDate: string | null;
  lastPaymentAmount: number | null;
  scheduledPaymentAmount: number | null;
  termMonths: number | null;
  paymentFrequency: TPaymentFrequency;
  closedAt: string | null;
  /** months[k] is k months before the as-of month, back to the opening or 36 months; minor units. */
  months: { balance: number; amountPastDue: number; status: TAccountStatus }[];
}

const FREQUENCY_OF_TYPE: Partial<Record<TAccountType, TPaymentFrequency>> = {
  microfinance_loan: 'weekly',
  group_loan: 'fortnightly',
  mobile_money_loan: 'single_payment',
  trade_credit: 'irregular',
};
const PAYMENTS_A_MONTH: Record<TPaymentFrequency, number> = {
  weekly: 52 / 12,
  fortnightly: 26 / 12,
  monthly: 1,
  quarterly: 1 / 3,
  irregular: 1,
  single_payment: 1,
};
/** Simulated states: 0 current, 1..3 months behind, 4 default, 5 closed. */
const STATUS_OF_STATE: TAccountStatus[] = ['current', 'late_30', 'late_60', 'late_90', 'default', 'paid'];
const HISTORY_MONTHS = 36;

const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const wholeSle = (minor: number) => Math.max(100, Math.round(minor / 100) * 100);

export interface SimulatedAccount {
  type: TAccountType;
  term: number | null;
  principal: number;
  /** The balance and status reported this month. */
  balance: number;
  status: TAccountStatus;
  openMonthsAgo: number;
  /** statesByAgo[k]: the state k months before the as-of month (as far back as simulated). */
  statesByAgo: number[];
  asOf: Date;
  /** Varies the credit lines' monthly balances from one account to the next. */
  salt: number;
  /** A credit line's balance k months ago in a given state (generate.ts), when it is one. */
  lineBalanceAt?: (ago: number, state: number) => number;
}

export function accountLife(a: SimulatedAccount): GeneratedAccountLife {
  const frequency = FREQUENCY_OF_TYPE[a.type] ?? 'monthly';
  // What falls due in a month: an instalment of a term loan (principal and 20% charges), a credit
  // line's minimum, a bill, or a mobile money loan repaid whole.
  const monthlyDue =
    a.term !== null
      ? (a.principal * 1.2) / a.term
      : a.type === 'credit_card' || a.type === 'overdraft'
        ? a.principal * 0.05
        : a.type === 'mobile_money_loan'
          ? a.principal * 1.1
          : a.principal;
  const scheduled = wholeSle(monthlyDue / PAYMENTS_A_MONTH[frequency]);
  const year = a.asOf.getUTCFullYear();
  const month = a.asOf.getUTCMonth();
  const dayIn = (ago: number, day: number) => {
    const date = new Date(Date.UTC(year, month - ago, day));
    return isoDate(date.getTime() > a.asOf.getTime() ? a.asOf : date);
  };
  const monthEndOf = (ago: number) => dayIn(ago, new Date(Date.UTC(year, month - ago + 1, 0)).getUTCDate());

  const finalState = a.statesByAgo[0] ?? 0;
  const months: GeneratedAccountLife['months'] = [];
  for (let ago = 0; ago < Math.min(HISTORY_MONTHS, a.statesByAgo.length); ago++) {
    const state = a.statesByAgo[ago];
    let balance: number;
    if (ago === 0) balance = a.balance;
    else if (state === 5) balance = 0;
    else if (a.term !== null)
      balance = Math.round(a.principal * Math.max(0.05, 1 - (a.openMonthsAgo - ago) / a.term) * (1 + 0.04 * Math.min(state, 4)));
    else if (a.lineBalanceAt) balance = a.lineBalanceAt(ago, state);
    else balance = Math.max(0, Math.round(a.balance * (1 + 0.06 * ((((ago * 37 + a.salt) % 7) - 3) / 3))));
    const pastDue = state === 4 ? balance : state >= 1 && state <= 3 ? Math.min(balance, wholeSle(monthlyDue) * state) : 0;
    const status = ago === 0 ? a.status : state === 5 ? (a.status === 'closed' ? 'closed' : 'paid') : STATUS_OF_STATE[state];
    months.push({ balance, amountPastDue: pastDue, status });
  }

  // The months the present state has lasted: a delinquency (or a closing) began at the oldest of them.
  const isSame = (s: number) => (finalState === 5 ? s === 5 : finalState >= 1 && finalState <= 4 ? s >= 1 && s <= 4 : false);
  let since = -1;
  while (since + 1 < a.statesByAgo.length && isSame(a.statesByAgo[since + 1])) since++;
  // The last month paid as due (not the opening month itself).
  let paidAgo = -1;
  for (let ago = 0; ago < a.statesByAgo.length && ago < a.openMonthsAgo; ago++)
    if (a.statesByAgo[ago] === 0 || (a.statesByAgo[ago] === 5 && a.statesByAgo[ago + 1] !== 5)) {
      paidAgo = ago;
      break;
    }
  const isClosed = finalState === 5;
  return {
    amountPastDue: isClosed ? 0 : (months[0]?.amountPastDue ?? 0),
    firstDelinquencyDate: !isClosed && since >= 0 ? monthEndOf(since) : null,
    lastPaymentDate: paidAgo >= 0 ? dayIn(paidAgo, 5 + ((a.salt + paidAgo) % 20)) : null,
    lastPaymentAmount: paidAgo >= 0 ? scheduled : null,
    scheduledPaymentAmount: isClosed ? null : scheduled,
    termMonths: a.term,
    paymentFrequency: frequency,
    closedAt: isClosed && since >= 0 ? monthEndOf(since) : null,
    months,
  };
}
