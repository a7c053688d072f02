import { ACCOUNT_ROLE_NAMES, PAYMENT_FREQUENCY_NAMES } from './credit-reference';
import { formatDate, formatMoney, formatMonth, plural } from './format';
import type { TReportAccount } from './schemas/credit';

// An account's life (issue 17) as the report pages and the report PDF say it: the same labels and
// values in both, every value through @shared/format.

export interface TAccountFact {
  label: string;
  value: string;
}

/** What the lender reported of the account's life beyond balance and status; only what was reported. */
export function accountLifeFacts(account: TReportAccount): TAccountFact[] {
  const money = (amount: string) => formatMoney(account.currency, amount);
  const facts: TAccountFact[] = [];
  if (account.amountPastDue !== null) facts.push({ label: 'Amount past due', value: money(account.amountPastDue) });
  if (account.firstDelinquencyDate) facts.push({ label: 'First late payment', value: formatDate(account.firstDelinquencyDate) });
  if (account.lastPaymentAmount !== null || account.lastPaymentDate) {
    const parts = [
      account.lastPaymentAmount !== null ? money(account.lastPaymentAmount) : null,
      account.lastPaymentDate ? formatDate(account.lastPaymentDate) : null,
    ];
    facts.push({ label: 'Last payment', value: parts.filter(Boolean).join(' on ') });
  }
  const frequency = account.paymentFrequency ? PAYMENT_FREQUENCY_NAMES[account.paymentFrequency] : null;
  if (account.scheduledPaymentAmount !== null)
    facts.push({
      label: 'Scheduled payment',
      value: [money(account.scheduledPaymentAmount), frequency?.toLowerCase()].filter(Boolean).join(', '),
    });
  else if (frequency) facts.push({ label: 'Payments', value: frequency });
  if (account.termMonths !== null) facts.push({ label: 'Term', value: plural(account.termMonths, { one: 'month', other: 'months' }) });
  if (account.closedAt) facts.push({ label: 'Closed', value: formatDate(account.closedAt) });
  return facts;
}

/** "Co-borrower" for a person's place on an account. */
export const accountRoleName = (role: TReportAccount['role']) => ACCOUNT_ROLE_NAMES[role];

/** The other people on the account: "Aminata Kamara (borrower), Sahr Komba (guarantor)"; null when none. */
export function accountPartiesText(account: TReportAccount): string | null {
  if (account.parties.length === 0) return null;
  return account.parties.map((p) => `${p.name} (${ACCOUNT_ROLE_NAMES[p.role].toLowerCase()})`).join(', ');
}

/** A month of the balance history as text: "Nov 2026: SLE 4,000.00, SLE 150.00 past due". */
export function balanceMonthText(account: TReportAccount, month: TReportAccount['balanceHistory'][number]): string {
  const pastDue =
    month.amountPastDue !== null && month.amountPastDue !== '0.00'
      ? `, ${formatMoney(account.currency, month.amountPastDue)} past due`
      : '';
  return `${formatMonth(month.month)}: ${formatMoney(account.currency, month.balance)}${pastDue}`;
}
