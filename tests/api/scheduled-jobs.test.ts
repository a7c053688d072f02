import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/query';
import { businessProfiles, invoices, jobRuns, users } from '../../src/server/db/schema/index';
import { runOncePerPeriod } from '../../src/server/jobs/run-once-per-period';
import { runSubscriptionRenewals } from '../../src/server/jobs/subscription-renewals';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let businessId: string;
beforeAll(async () => {
  t = await createTestApp();
  [{ id: businessId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo-business'));
});
afterAll(() => t.close());

const DAY = 86_400_000;
const setBilling = (nextBillingDate: Date, subscriptionStatus: 'active' | 'past_due' = 'active') =>
  t.db
    .update(businessProfiles)
    .set({ nextBillingDate, subscriptionStatus, planCode: 'professional' })
    .where(eq(businessProfiles.userId, businessId));
const profile = async () => (await t.db.select().from(businessProfiles).where(eq(businessProfiles.userId, businessId)))[0];

describe('runOncePerPeriod', () => {
  it('runs the work once per period however many callers race', async () => {
    let runs = 0;
    const work = async () => ({ n: ++runs });
    const outcomes = await Promise.all([1, 2, 3, 4].map(() => runOncePerPeriod(t.db, 'test.job', '2026-11-22', work)));
    expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
    expect(runs).toBe(1);
    expect((await runOncePerPeriod(t.db, 'test.job', '2026-11-22', work)).ran).toBe(false);
    expect((await runOncePerPeriod(t.db, 'test.job', '2026-11-23', work)).ran).toBe(true);
  });

  it('leaves no claim behind when the work fails, so the next tick retries', async () => {
    await expect(
      runOncePerPeriod(t.db, 'test.failing', 'p1', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await t.db.select().from(jobRuns).where(eq(jobRuns.jobName, 'test.failing'))).toHaveLength(0);
    expect((await runOncePerPeriod(t.db, 'test.failing', 'p1', async () => ({ ok: true }))).ran).toBe(true);
  });
});

describe('subscription renewals', () => {
  it('issues one open invoice a week before renewal, and only one', async () => {
    const renewal = new Date(Date.now() + 3 * DAY);
    await setBilling(renewal);
    const first = await runSubscriptionRenewals(t.db);
    expect(first.invoicesIssued).toBe(1);
    expect((await runSubscriptionRenewals(t.db)).invoicesIssued).toBe(0);
    const open = await t.db.select().from(invoices).where(eq(invoices.businessId, businessId));
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ status: 'open', planCode: 'professional', amountUsdCents: 25000, amountSleCents: 568_750 });
    expect(open[0].periodStart.getTime()).toBe(renewal.getTime());
  });

  it('marks an unpaid ended period past_due, then falls back to Starter after the grace period', async () => {
    await setBilling(new Date(Date.now() - DAY));
    expect((await runSubscriptionRenewals(t.db)).markedPastDue).toBe(1);
    expect(await profile()).toMatchObject({ subscriptionStatus: 'past_due', planCode: 'professional' });
    await setBilling(new Date(Date.now() - 8 * DAY), 'past_due');
    expect((await runSubscriptionRenewals(t.db)).downgradedToStarter).toBe(1);
    expect(await profile()).toMatchObject({ subscriptionStatus: 'inactive', planCode: 'starter' });
    const [{ n }] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM business_profiles WHERE plan_code = 'starter'`);
    expect(n).toBeGreaterThan(0);
  });
});
