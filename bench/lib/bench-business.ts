// The benchmark's own lender: a verified Enterprise business whose monthly report quota and
// request rate limits are raised for the run (both are per-business settings a bureau agrees with
// a large lender). The run prints that it raised them; no other business is touched.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';
import { businessProfiles, users } from '../../src/server/db/schema/index';
import { hashPassword } from '../../src/server/modules/accounts/passwords';

export const BENCH_USERNAME = 'bench-lender';
export const BENCH_PASSWORD = 'Bench-lender-password-1';
export const BENCH_QUOTA = 100_000_000;
export const BENCH_RATE_PER_MINUTE = 100_000_000;

export async function ensureBenchBusiness(db: Database): Promise<string> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.username, BENCH_USERNAME)).limit(1);
  const nextMonth = new Date(Date.now() + 31 * 24 * 3600 * 1000);
  if (existing) {
    await db
      .update(businessProfiles)
      .set({ subscriptionStatus: 'active', nextBillingDate: nextMonth, verificationStatus: 'verified' })
      .where(eq(businessProfiles.userId, existing.id));
    return existing.id;
  }
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ role: 'business', username: BENCH_USERNAME, email: 'bench@lender.example.sl', phone: '+23222999999', passwordHash })
      .returning({ id: users.id });
    await tx.insert(businessProfiles).values({
      userId: user.id,
      businessName: 'Benchmark Lender Ltd',
      businessType: 'financial',
      registrationNumber: 'SL-BENCH-0001',
      address: '1 Bench Street, Freetown',
      contactName: 'Bench Runner',
      phone: '+23222999999',
      email: 'bench@lender.example.sl',
      verificationStatus: 'verified',
      verifiedAt: new Date(),
      planCode: 'enterprise',
      subscriptionStatus: 'active',
      nextBillingDate: nextMonth,
    });
    return user.id;
  });
}

/** Raises the lender's monthly report quota and request rate limits; returns what it did. */
export async function raiseBenchLimits(db: Database, businessId: string): Promise<string> {
  await db.update(businessProfiles).set({ monthlyQuotaOverride: BENCH_QUOTA }).where(eq(businessProfiles.userId, businessId));
  await db.execute(
    sql`INSERT INTO business_rate_limits (business_id, per_minute, per_user_per_minute) VALUES (${businessId}::uuid, ${BENCH_RATE_PER_MINUTE}, ${BENCH_RATE_PER_MINUTE})
        ON CONFLICT (business_id) DO UPDATE SET per_minute = EXCLUDED.per_minute, per_user_per_minute = EXCLUDED.per_user_per_minute`,
  );
  return `monthly report quota raised to ${BENCH_QUOTA.toLocaleString('en')} and search/report rate limits to ${BENCH_RATE_PER_MINUTE.toLocaleString('en')} a minute, for this business only`;
}
