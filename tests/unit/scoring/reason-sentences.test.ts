import { describe, expect, it } from 'vitest';
import type { FeatureVector } from '../../../src/server/modules/scoring/feature-definitions';
import { reasonParams, reasonSentence } from '../../../src/server/modules/scoring/reason-sentences';
import { translatorFor } from '../../../src/shared/i18n';
import { reasonSentenceOptions } from '../../../src/shared/score-reason-text';
import type { TScoreReasonCode } from '../../../src/shared/scoring';

// Issue 21: a reason's figures travel with it (params); the English sentence the server stores is the
// catalogue's English entry filled with them, exactly as i18next fills it on the web, and the Krio
// entry carries the same figures.

const CODES: TScoreReasonCode[] = [
  'DEFAULTS',
  'FEW_ON_TIME_MONTHS',
  'LATE_ACCOUNTS',
  'AMOUNT_PAST_DUE',
  'RECENT_DELINQUENCY',
  'RECENT_LATE_PAYMENT',
  'LATE_MONTHS',
  'HIGH_BALANCES',
  'LOAN_BALANCES',
  'BALANCES_RISING',
  'OPEN_ACCOUNTS',
  'SHORT_HISTORY',
  'INQUIRIES',
  'NEW_ACCOUNT',
  'ALTERNATIVE_DATA',
];

function files(): FeatureVector[] {
  const out: FeatureVector[] = [];
  for (const n of [0, 1, 2, 7, 1234])
    for (const worst of [0, 1, 2, 3])
      out.push({
        lateAccountsNow: n,
        onTimeMonths12m: n,
        amountPastDueSle: n * 100,
        worstLate12m: worst,
        monthsSinceLastLate: n,
        lateMonths12m: n,
        openAccountsNow: n,
        oldestAccountMonths: n,
        hardInquiries12m: n,
        monthsSinceNewestAccount: n,
        creditUtilisation: n / 10,
        instalmentBalanceShare: n / 9,
        balanceTrend6m: n / 20,
        alternativeOnTimeShare12m: n / 8,
      } as unknown as FeatureVector);
  return out;
}

describe('score reason sentences from the catalogue', () => {
  it('the English sentence is i18next’s filling of the English entry, and the Krio one carries the same figures', () => {
    const en = translatorFor('en');
    const kri = translatorFor('kri');
    for (const f of files())
      for (const code of CODES) {
        const params = reasonParams(code, f);
        const options = reasonSentenceOptions(params);
        expect(reasonSentence(code, params), code).toBe(en(`scoring:sentences.${code}`, options));
        const krio = kri(`scoring:sentences.${code}`, options);
        expect(krio).not.toBe(reasonSentence(code, params));
        for (const figure of [options.formatted, options.amount, options.percent].filter((v) => v !== undefined))
          expect(krio, code).toContain(String(figure));
      }
  });

  it('says the count’s plural form: one account, two accounts', () => {
    expect(reasonSentence('LATE_ACCOUNTS', { count: 1 })).toMatch(/^Bring the 1 account behind/);
    expect(reasonSentence('LATE_ACCOUNTS', { count: 2 })).toMatch(/^Bring the 2 accounts behind/);
    expect(reasonSentence('RECENT_DELINQUENCY', { variant: 'late3' })).toMatch(/^A payment 90 or more days late/);
  });
});
