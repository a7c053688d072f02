import { describe, expect, it } from 'vitest';
import { translatorFor } from '@shared/i18n/translate';
import { SCORE_REASON_GROUP } from '@shared/score-factors';
import { SCORE_FACTOR_GROUPS, SCORE_REASON_TEXTS } from '@shared/scoring';
import { factorCards } from '@web/features/consumer/dashboard/factor-grades';
import { trendDomain, trendPoints } from '@web/features/consumer/dashboard/score-trend-points';
import { FEATURE_DEFINITIONS } from '../../../src/server/modules/scoring/feature-definitions';

/** The English translate function, as the dashboard passes the reader's. */
const english = translatorFor('en');

describe('the reason-to-group map the dashboard uses', () => {
  it('gives every reason code the group of the scorecard feature that gives it', () => {
    for (const d of FEATURE_DEFINITIONS) {
      expect(SCORE_REASON_GROUP[d.reasonCode], d.key).toBe(d.group);
      if (d.missingReasonCode) expect(SCORE_REASON_GROUP[d.missingReasonCode], d.key).toBe(d.group);
    }
    expect(Object.keys(SCORE_REASON_GROUP).sort()).toEqual(Object.keys(SCORE_REASON_TEXTS).sort());
  });
});

describe('factor cards', () => {
  const reason = (code: keyof typeof SCORE_REASON_TEXTS, text = `${code} sentence`) => ({ code, text });

  it('one card per factor group, in order; all strong when no reason', () => {
    const cards = factorCards([], english);
    expect(cards.map((c) => c.group)).toEqual([...SCORE_FACTOR_GROUPS]);
    expect(cards.map((c) => c.grade)).toEqual(['Strong', 'Strong', 'Strong', 'Strong', 'Strong']);
    expect(cards.map((c) => c.title)).toEqual([
      'Payment history',
      'Amounts owed',
      'Length of history',
      'New credit',
      'Bills and mobile money',
    ]);
    for (const card of cards) expect(card.text).toMatch(/^Nothing here is lowering your score\. /);
  });

  it('the reason costing most needs attention, the others could be better, each with its own sentence of what would help', () => {
    const cards = factorCards([reason('HIGH_BALANCES'), reason('LATE_ACCOUNTS'), reason('INQUIRIES')], english);
    const byGroup = Object.fromEntries(cards.map((c) => [c.group, c]));
    expect(byGroup.amounts_owed).toMatchObject({ grade: 'Needs attention', text: 'HIGH_BALANCES sentence' });
    expect(byGroup.payment_history).toMatchObject({ grade: 'Could be better', text: 'LATE_ACCOUNTS sentence' });
    expect(byGroup.new_credit).toMatchObject({ grade: 'Could be better', text: 'INQUIRIES sentence' });
    expect(byGroup.length_of_history.grade).toBe('Strong');
    expect(byGroup.alternative_data.grade).toBe('Strong');
  });

  it('a default always needs attention; a group keeps its first reason; "few kinds of credit" and unknown codes make no card', () => {
    const cards = factorCards(
      [reason('SHORT_HISTORY'), reason('DEFAULTS'), reason('RECENT_DELINQUENCY'), reason('ACCOUNT_MIX'), { code: 'NEW_CODE', text: 'x' }],
      english,
    );
    const byGroup = Object.fromEntries(cards.map((c) => [c.group, c]));
    expect(byGroup.payment_history).toMatchObject({ grade: 'Needs attention', text: 'DEFAULTS sentence' });
    expect(byGroup.length_of_history.grade).toBe('Needs attention');
    expect(cards).toHaveLength(5);
    expect(cards.some((c) => c.text.includes('ACCOUNT_MIX') || c.text === 'x')).toBe(false);
  });
});

describe('trend points', () => {
  it('one point per Freetown day (its last score), oldest first, no score left out', () => {
    const points = trendPoints([
      { computedAt: '2026-11-20T18:00:00Z', value: 612 },
      { computedAt: '2026-11-20T09:00:00Z', value: 600 },
      { computedAt: '2026-10-31T12:00:00Z', value: null },
      { computedAt: '2026-10-01T12:00:00Z', value: 580 },
    ]);
    expect(points.map((p) => p.score)).toEqual([580, 612]);
    expect(new Set(points.map((p) => p.label)).size).toBe(points.length);
    expect(points[0].label).toBe('1 Oct');
  });

  it('dates carry the year when the points span two years; the axis frames the values, within 300 to 850', () => {
    const points = trendPoints([
      { computedAt: '2026-01-05T12:00:00Z', value: 320 },
      { computedAt: '2025-12-05T12:00:00Z', value: 840 },
    ]);
    expect(points.map((p) => p.label)).toEqual(['5 Dec 2025', '5 Jan 2026']);
    expect(trendDomain(points)).toEqual([300, 850]);
    expect(
      trendDomain([
        { date: '', label: '', score: 600 },
        { date: '', label: '', score: 640 },
      ]),
    ).toEqual([570, 670]);
  });
});
