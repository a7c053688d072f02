import { reasonSentenceOptions, type TScoreReasonParams } from '@shared/score-reason-text';
import { RESOURCES } from '@shared/i18n';
import { SCORE_REASON_TEXTS, type TScoreReasonCode } from '@shared/scoring';
import type { FeatureVector } from './feature-definitions';

/**
 * Scorecard 2's reasons as a person reads them: what the file shows, with its counts, and what
 * would help. None says to borrow more: a missing value (no open credit, no bill reported) is
 * neutral and gives no reason, and there is no "credit mix" reason.
 *
 * The words are the catalogue's (`scoring:sentences.<CODE>`, issue 21): the figures go with the
 * reason as `params`, and the English `text` is the English entry filled with them, so the portal
 * says the same sentence in Krio from the same figures.
 */
export function reasonParams(code: TScoreReasonCode, f: FeatureVector): TScoreReasonParams {
  const n = (key: keyof FeatureVector) => f[key] ?? 0;
  const late = n('lateAccountsNow');
  switch (code) {
    case 'DEFAULTS':
      return late > 0 ? { variant: 'late', count: late } : {};
    case 'FEW_ON_TIME_MONTHS':
      return { count: n('onTimeMonths12m') };
    case 'LATE_ACCOUNTS':
      return { count: late };
    case 'AMOUNT_PAST_DUE':
      return late > 0 ? { variant: 'late', count: late, amount: n('amountPastDueSle') } : { amount: n('amountPastDueSle') };
    case 'RECENT_DELINQUENCY':
      return { variant: `late${Math.min(3, n('worstLate12m'))}` };
    case 'RECENT_LATE_PAYMENT':
      return n('monthsSinceLastLate') === 0 ? { variant: 'now' } : { count: n('monthsSinceLastLate') };
    case 'LATE_MONTHS':
      return { count: n('lateMonths12m') };
    case 'HIGH_BALANCES':
      return { percent: Math.min(2, n('creditUtilisation')) };
    case 'LOAN_BALANCES':
      return { percent: Math.min(2, n('instalmentBalanceShare')) };
    case 'BALANCES_RISING':
      return { percent: n('balanceTrend6m') };
    case 'OPEN_ACCOUNTS':
      return { count: n('openAccountsNow') };
    case 'SHORT_HISTORY':
      return { count: n('oldestAccountMonths') };
    case 'INQUIRIES':
      return { count: n('hardInquiries12m') };
    case 'NEW_ACCOUNT':
      return { count: n('monthsSinceNewestAccount') };
    case 'ALTERNATIVE_DATA':
      return { percent: n('alternativeOnTimeShare12m') };
    default:
      throw new Error(`no sentence for reason ${code}`);
  }
}

const SENTENCES: Record<string, string> = RESOURCES.en.scoring.sentences;
const PLURAL = new Intl.PluralRules('en');

/**
 * The reason's English sentence from its figures: the catalogue's English entry picked and filled
 * as i18next would (context, then plural form, then the plain key), without i18next's cost on the
 * report path (about 0.2 ms of CPU a score; tests/api/scoring/report-scores.test.ts checks the
 * result equals i18next's).
 */
export function reasonSentence(code: TScoreReasonCode, params: TScoreReasonParams): string {
  const options = reasonSentenceOptions(params);
  const bases = options.context ? [`${code}_${options.context}`, code] : [code];
  const keys = bases.flatMap((base) => (typeof options.count === 'number' ? [`${base}_${PLURAL.select(options.count)}`, base] : [base]));
  const text = keys.map((key) => SENTENCES[key]).find((found) => found !== undefined) ?? SCORE_REASON_TEXTS[code];
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name] ?? ''));
}
