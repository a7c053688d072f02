import { ACCOUNT_ROLE_NAMES, PAYMENT_FREQUENCY_NAMES } from './credit-reference';
import { formatDate, formatMoney, formatMonth, formatNumber, formatShortMonth } from './format';
import type { TReportAccount } from './schemas/credit';

// An account's life (issue 17) as the report pages and the report PDF say it: the same labels and
// values in both, every value through @shared/format. The words are English by default (the
// business report, the PDFs); the consumer portal passes a `say` over its catalogue
// (`reports:life.<key>`, decisions/047), whose English entries are ACCOUNT_LIFE_ENGLISH below,
// word for word (tests/unit/i18n-catalogues.test.ts compares them).

/** The English words, keyed as in the catalogue's `life` object (`_one`/`_other` are i18next plurals). */
export const ACCOUNT_LIFE_ENGLISH = {
  amountPastDue: 'Amount past due',
  firstLatePayment: 'First late payment',
  lastPayment: 'Last payment',
  amountOnDate: '{{amount}} on {{date}}',
  scheduledPayment: 'Scheduled payment',
  payments: 'Payments',
  term: 'Term',
  termMonths_one: '{{formatted}} month',
  termMonths_other: '{{formatted}} months',
  closed: 'Closed',
  othersOnAccount: 'Others on this account: ',
  party: '{{name}} ({{role}})',
  chartCaption_one: 'Balance by month, as reported ({{formatted}} month), highest {{amount}}',
  chartCaption_other: 'Balance by month, as reported ({{formatted}} months), highest {{amount}}',
  legendBalance: 'balance',
  legendPastDue: 'past due',
  chartFrom: 'from {{month}}',
  chartTo: 'to {{month}}',
  chartList: 'Balance by month, newest first',
  month: '{{month}}: {{balance}}',
  monthPastDue: '{{month}}: {{balance}}, {{pastDue}} past due',
  role: { ...ACCOUNT_ROLE_NAMES },
  frequency: { ...PAYMENT_FREQUENCY_NAMES },
} as const;

type TWords = Record<string, string | Record<string, string>>;
/** A word by key ('term', 'role.guarantor'), its {{placeholders}} filled; `count` picks `_one`/`_other`. */
export type TAccountLifeSay = (key: string, params?: Record<string, string | number>) => string;

/** The nested word groups of ACCOUNT_LIFE_ENGLISH, by the key's first part ('role.guarantor'). */
const ENGLISH_GROUPS: Partial<Record<string, TWords>> = { role: ACCOUNT_LIFE_ENGLISH.role, frequency: ACCOUNT_LIFE_ENGLISH.frequency };

/** The default: English from ACCOUNT_LIFE_ENGLISH (no i18n code, for the business pages and the server). */
export const sayEnglish: TAccountLifeSay = (key, params = {}) => {
  const [group, name] = key.includes('.') ? key.split('.') : [null, key];
  const words: TWords | undefined = group ? ENGLISH_GROUPS[group] : ACCOUNT_LIFE_ENGLISH;
  if (!words) return key;
  const plural = typeof params.count === 'number' ? `${name}_${params.count === 1 ? 'one' : 'other'}` : name;
  const text = words[plural] ?? words[name];
  return typeof text === 'string' ? text.replace(/\{\{(\w+)\}\}/g, (_, p: string) => String(params[p] ?? '')) : key;
};

export interface TAccountFact {
  label: string;
  value: string;
}

/** What the lender reported of the account's life beyond balance and status; only what was reported. */
export function accountLifeFacts(account: TReportAccount, say: TAccountLifeSay = sayEnglish): TAccountFact[] {
  const money = (amount: string) => formatMoney(account.currency, amount);
  const facts: TAccountFact[] = [];
  if (account.amountPastDue !== null) facts.push({ label: say('amountPastDue'), value: money(account.amountPastDue) });
  if (account.firstDelinquencyDate) facts.push({ label: say('firstLatePayment'), value: formatDate(account.firstDelinquencyDate) });
  if (account.lastPaymentAmount !== null || account.lastPaymentDate) {
    const amount = account.lastPaymentAmount !== null ? money(account.lastPaymentAmount) : null;
    const date = account.lastPaymentDate ? formatDate(account.lastPaymentDate) : null;
    facts.push({ label: say('lastPayment'), value: amount && date ? say('amountOnDate', { amount, date }) : (amount ?? date ?? '') });
  }
  const frequency = account.paymentFrequency ? say(`frequency.${account.paymentFrequency}`) : null;
  if (account.scheduledPaymentAmount !== null)
    facts.push({
      label: say('scheduledPayment'),
      value: [money(account.scheduledPaymentAmount), frequency?.toLowerCase()].filter(Boolean).join(', '),
    });
  else if (frequency) facts.push({ label: say('payments'), value: frequency });
  if (account.termMonths !== null)
    facts.push({
      label: say('term'),
      value: say('termMonths', { count: account.termMonths, formatted: formatNumber(account.termMonths) }),
    });
  if (account.closedAt) facts.push({ label: say('closed'), value: formatDate(account.closedAt) });
  return facts;
}

/** "Co-borrower" for a person's place on an account. */
export const accountRoleName = (role: TReportAccount['role'], say: TAccountLifeSay = sayEnglish) => say(`role.${role}`);

/** The other people on the account: "Aminata Kamara (borrower), Sahr Komba (guarantor)"; null when none. */
export function accountPartiesText(account: TReportAccount, say: TAccountLifeSay = sayEnglish): string | null {
  if (account.parties.length === 0) return null;
  return account.parties.map((p) => say('party', { name: p.name, role: say(`role.${p.role}`).toLowerCase() })).join(', ');
}

/** A month of the balance history as text: "Nov 2026: SLE 4,000.00, SLE 150.00 past due". */
export function balanceMonthText(
  account: TReportAccount,
  month: TReportAccount['balanceHistory'][number],
  say: TAccountLifeSay = sayEnglish,
): string {
  const balance = formatMoney(account.currency, month.balance);
  if (month.amountPastDue !== null && month.amountPastDue !== '0.00')
    return say('monthPastDue', { month: formatMonth(month.month), balance, pastDue: formatMoney(account.currency, month.amountPastDue) });
  return say('month', { month: formatMonth(month.month), balance });
}

/** The chart's caption and axis words. */
export function balanceChartWords(account: TReportAccount, say: TAccountLifeSay = sayEnglish) {
  const months = account.balanceHistory;
  const highest = months.reduce((a, m) => (Number(m.balance) > Number(a.balance) ? m : a), months[0]);
  const oldest = months[months.length - 1];
  return {
    caption: say('chartCaption', {
      count: months.length,
      formatted: formatNumber(months.length),
      amount: highest ? formatMoney(account.currency, highest.balance) : '',
    }),
    balance: say('legendBalance'),
    pastDue: say('legendPastDue'),
    from: oldest ? say('chartFrom', { month: formatShortMonth(oldest.month) }) : '',
    to: months[0] ? say('chartTo', { month: formatShortMonth(months[0].month) }) : '',
    list: say('chartList'),
  };
}
