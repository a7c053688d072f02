import { describe, expect, it } from 'vitest';
import { LANGUAGES, RESOURCES, translatorFor } from '../../src/shared/i18n';
import { PERMISSIBLE_PURPOSES } from '../../src/shared/credit-reference';
import { consentStatusLabel, PAYMENT_MONTH_LABELS } from '../../src/shared/labels';
import { CONSENT_ALL_PURPOSES_NAME } from '../../src/shared/schemas/consumer';
import { SCORE_REASON_TEXTS } from '../../src/shared/scoring';
import { FEATURE_DEFINITIONS } from '../../src/server/modules/scoring/feature-definitions';
import { HISTORY_FEATURE_DEFINITIONS } from '../../src/server/modules/scoring/history-feature-definitions';

// The consumer portal's catalogues (decisions/047) against their sources of truth: every reason
// code the scorer can give has a text in every language, and the labels namespace's English is
// the English of src/shared/labels.ts.

describe('portal catalogues', () => {
  it('scoring: every reason code the scorecards can give has a text in every language; English is the scorer’s own text', () => {
    const codes = new Set([...FEATURE_DEFINITIONS, ...HISTORY_FEATURE_DEFINITIONS].map((f) => f.reasonCode));
    expect(codes.size).toBeGreaterThan(10);
    for (const code of [...codes, ...Object.keys(SCORE_REASON_TEXTS)])
      for (const language of LANGUAGES)
        expect((RESOURCES[language].scoring.reasons as Record<string, string>)[code], `${language}: ${code}`).toBeTruthy();
    expect(RESOURCES.en.scoring.reasons).toEqual(SCORE_REASON_TEXTS);
  });

  it('labels: the English entries are labels.ts, word for word', () => {
    expect(RESOURCES.en.labels.paymentMonth).toEqual(PAYMENT_MONTH_LABELS);
    for (const [code, text] of Object.entries(RESOURCES.en.labels.consentStatus)) expect(text).toBe(consentStatusLabel(code));
    expect(RESOURCES.en.labels.purpose).toEqual({
      ...Object.fromEntries(PERMISSIBLE_PURPOSES.map((p) => [p.code, p.name])),
      all: CONSENT_ALL_PURPOSES_NAME,
    });
  });

  it('plurals: i18next picks one or other by {{count}}, the number formatted by the caller', () => {
    expect(translatorFor('en')('dashboard:summary.accountsOnFile', { count: 1, formatted: '1', disputed: '0' })).toBe(
      '1 account on file, 0 marked disputed',
    );
    expect(translatorFor('en')('dashboard:summary.accountsOnFile', { count: 3, formatted: '3', disputed: '1' })).toBe(
      '3 accounts on file, 1 marked disputed',
    );
    expect(translatorFor('kri')('dashboard:summary.accountsOnFile', { count: 3, formatted: '3', disputed: '1' })).toBe(
      '3 akawnt dem na fayl, 1 get kompleyn',
    );
  });
});
