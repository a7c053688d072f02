import { describe, expect, it } from 'vitest';
import { planCharge, type RunningSubscription } from '../../src/server/modules/billing/proration';

const PRO = { code: 'professional', priceUsdCents: 25_000 };
const ENT = { code: 'enterprise', priceUsdCents: 100_000 };
const START = new Date('2026-11-01T00:00:00Z');
const END = new Date('2026-12-01T00:00:00Z');
const at = (day: number) => new Date(Date.UTC(2026, 10, day));
const running = (plan = PRO, creditUsdCents = 0): RunningSubscription => ({ plan, isRunning: true, periodEnd: END, creditUsdCents });

describe('planCharge (decisions/036)', () => {
  it('a first payment, or one after the period ended, is a whole month from now', () => {
    const first = planCharge(PRO, { plan: null, isRunning: false, periodEnd: null, creditUsdCents: 0 }, START);
    expect(first).toMatchObject({ kind: 'new_period', dueUsdCents: 25_000, periodStart: START, periodEnd: END });
    expect(planCharge(PRO, { ...running(), periodEnd: at(1) }, at(2)).kind).toBe('new_period');
  });

  it('paying for the running plan extends it by a month from its end', () => {
    expect(planCharge(PRO, running(), at(20))).toMatchObject({ kind: 'renewal', dueUsdCents: 25_000, periodStart: END });
  });

  it('an upgrade half-way charges half the difference and keeps the period end', () => {
    expect(planCharge(ENT, running(), at(16))).toMatchObject({ kind: 'upgrade', dueUsdCents: 37_500, periodStart: at(16), periodEnd: END });
  });

  it('a downgrade charges nothing and keeps the unused difference as credit', () => {
    expect(planCharge(PRO, running(ENT), at(16))).toMatchObject({ kind: 'downgrade', dueUsdCents: 0, creditAfterUsdCents: 37_500 });
  });

  it('switching back and forth three times in one period costs about one prorated difference, never a month each time', () => {
    // Professional paid on the 1st; Enterprise on the 16th, back on the 17th, Enterprise again on the 18th.
    const up = planCharge(ENT, running(PRO), at(16));
    const down = planCharge(PRO, running(ENT, up.creditAfterUsdCents), at(17));
    const upAgain = planCharge(ENT, running(PRO, down.creditAfterUsdCents), at(18));
    const charged = up.dueUsdCents + down.dueUsdCents + upAgain.dueUsdCents;
    // 37,500 on the 16th; the 17th leaves 14/30 of 75,000 (35,000) as credit; the 18th costs 13/30 (32,500), paid from it.
    expect([up.dueUsdCents, down.dueUsdCents, upAgain.dueUsdCents]).toEqual([37_500, 0, 0]);
    expect(charged).toBeLessThan(ENT.priceUsdCents);
    expect(upAgain.creditAfterUsdCents).toBe(2_500);
  });

  it('credit is taken off the next payment, the renewal included, and never below zero', () => {
    expect(planCharge(PRO, running(PRO, 10_000), at(20))).toMatchObject({
      dueUsdCents: 15_000,
      creditAfterUsdCents: 0,
      creditUsedUsdCents: 10_000,
    });
    expect(planCharge(PRO, running(PRO, 40_000), at(20))).toMatchObject({ dueUsdCents: 0, creditAfterUsdCents: 15_000 });
  });
});
