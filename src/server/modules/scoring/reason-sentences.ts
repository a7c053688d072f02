import { formatNumber, formatPercent, plural } from '@shared/format';
import type { TScoreReasonCode } from '@shared/scoring';
import type { FeatureVector } from './feature-definitions';

/**
 * Scorecard 2's reasons as a person reads them: what the file shows, with its counts, and what
 * would help. None says to borrow more: a missing value (no open credit, no bill reported) is
 * neutral and gives no reason, and there is no "credit mix" reason.
 */
export function reasonSentence(code: TScoreReasonCode, f: FeatureVector): string {
  const n = (key: keyof FeatureVector) => f[key] ?? 0;
  const accounts = (count: number) => plural(count, { one: 'account', other: 'accounts' });
  const months = (count: number) => plural(count, { one: 'month', other: 'months' });
  switch (code) {
    case 'DEFAULTS':
      return n('lateAccountsNow') > 0
        ? `Bring the ${accounts(n('lateAccountsNow'))} behind on payments up to date or agree a repayment plan with the lender; while a default or a payment 90 days late shows, the score stays between 300 and 349.`
        : 'A default shows on the file; while it shows, the score stays between 300 and 349, and it leaves the file after the retention period.';
    case 'FEW_ON_TIME_MONTHS':
      return `${months(n('onTimeMonths12m'))} of payments on time in the last 12 months: each month paid on time adds to the evidence.`;
    case 'LATE_ACCOUNTS':
      return `Bring the ${accounts(n('lateAccountsNow'))} behind on payments up to date; late payments weigh less as they age.`;
    case 'AMOUNT_PAST_DUE':
      return n('lateAccountsNow') > 0
        ? `SLE ${formatNumber(n('amountPastDueSle'))} is past due: bring the ${accounts(n('lateAccountsNow'))} behind on payments up to date; late payments weigh less as they age.`
        : `SLE ${formatNumber(n('amountPastDueSle'))} is past due: paying it brings the accounts up to date.`;
    case 'RECENT_DELINQUENCY':
      return `A payment ${['', '30', '60', '90 or more'][Math.min(3, n('worstLate12m'))]} days late in the last 12 months: keep every account paid on time; late payments weigh less as they age and stop counting after 12 months.`;
    case 'RECENT_LATE_PAYMENT':
      return n('monthsSinceLastLate') === 0
        ? 'A payment is late this month: paying on time from now on helps a little more each month.'
        : `The last late payment was ${months(n('monthsSinceLastLate'))} ago: it weighs less each month it ages, and stops counting after 12 months paid on time.`;
    case 'LATE_MONTHS':
      return `${months(n('lateMonths12m'))} late across the accounts in the last 12 months: each month paid on time replaces a late one as the old months drop off.`;
    case 'HIGH_BALANCES':
      return `Balances are ${formatPercent(Math.min(2, n('creditUtilisation')))} of the limits on cards, overdrafts, mobile money and bills: paying them down helps.`;
    case 'LOAN_BALANCES':
      return `The loans still owe ${formatPercent(Math.min(2, n('instalmentBalanceShare')))} of the amounts borrowed: each instalment paid brings it down.`;
    case 'BALANCES_RISING':
      return `Balances grew by ${formatPercent(n('balanceTrend6m'))} of the limits in the last 6 months: paying them down helps.`;
    case 'OPEN_ACCOUNTS':
      return `${accounts(n('openAccountsNow'))} open: paying off accounts no longer needed helps; open new ones only when needed.`;
    case 'SHORT_HISTORY':
      return `The oldest account in good standing is ${months(n('oldestAccountMonths'))} old: the history counts for more as it lengthens, with the accounts kept in good standing.`;
    case 'INQUIRIES':
      return `${plural(n('hardInquiries12m'), { one: 'lender', other: 'lenders' })} pulled the report for a credit application in the last 12 months: apply only for credit that is needed; an application stops counting after 12 months.`;
    case 'NEW_ACCOUNT':
      return `The newest account was opened ${months(n('monthsSinceNewestAccount'))} ago: a new account weighs less as it ages; open new ones only when needed.`;
    case 'ALTERNATIVE_DATA':
      return `${formatPercent(n('alternativeOnTimeShare12m'))} of bill and mobile money payments were on time in the last 12 months: paying them on time every month helps.`;
    default:
      throw new Error(`no sentence for reason ${code}`);
  }
}
