import { DEMO_ENTERPRISE, DEMO_PASSWORD } from '@shared/demo';
import { hashPassword } from '../../modules/accounts';
import type { Database } from '../client';
import { businessProfiles, users } from '../schema/index';

/** Demo mode only: a verified Enterprise business, to try API keys and white-label reports. */
export async function seedDemoEnterprise(db: Database) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const nextMonth = new Date();
  nextMonth.setMonth(nextMonth.getMonth() + 1);
  await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ role: 'business', username: DEMO_ENTERPRISE.username, email: DEMO_ENTERPRISE.email, phone: '+23222000002', passwordHash })
      .returning({ id: users.id });
    await tx.insert(businessProfiles).values({
      userId: user.id,
      businessName: DEMO_ENTERPRISE.businessName,
      businessType: 'financial',
      registrationNumber: 'SL-CAC-2015-0042',
      taxId: 'TIN-1000042',
      address: '30 Charlotte Street, Freetown',
      contactName: 'Fatmata Conteh',
      contactPosition: 'Head of Credit Risk',
      phone: '+23222000002',
      email: DEMO_ENTERPRISE.email,
      verificationStatus: 'verified',
      verifiedAt: new Date(),
      planCode: 'enterprise',
      subscriptionStatus: 'active',
      nextBillingDate: nextMonth,
      autoRenew: true,
    });
  });
}
