import { DEMO_ACCOUNTS, DEMO_CLEAN_CONSUMER, DEMO_PASSWORD, DEMO_USSD_PIN } from '@shared/demo';
import { hashPassword } from '../../modules/accounts';
import type { Database } from '../client';
import { businessProfiles, consumerProfiles, consumerUssdPins, staffProfiles, users } from '../schema/index';

/** One account per role, sharing the demo password. Only called in demo mode. */
export async function seedDemoUsers(db: Database) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [admin] = await tx
      .insert(users)
      .values({ role: 'system_admin', username: DEMO_ACCOUNTS.system_admin.username, email: 'admin@demo.creditcheck.sl', passwordHash })
      .returning({ id: users.id });
    await tx
      .insert(staffProfiles)
      .values({ userId: admin.id, fullName: 'Demo Administrator', organisation: 'CreditCheck SL', position: 'System administrator' });

    const [regulator] = await tx
      .insert(users)
      .values({ role: 'regulator', username: DEMO_ACCOUNTS.regulator.username, email: 'regulator@demo.bsl.gov.sl', passwordHash })
      .returning({ id: users.id });
    await tx.insert(staffProfiles).values({
      userId: regulator.id,
      fullName: 'Demo Regulator',
      organisation: 'Bank of Sierra Leone',
      position: 'Credit Reference Unit',
    });

    const [business] = await tx
      .insert(users)
      .values({
        role: 'business',
        username: DEMO_ACCOUNTS.business.username,
        email: 'info@demo-microfinance.sl',
        phone: '+23222000001',
        passwordHash,
      })
      .returning({ id: users.id });
    const nextMonth = new Date();
    nextMonth.setMonth(nextMonth.getMonth() + 1);
    await tx.insert(businessProfiles).values({
      userId: business.id,
      businessName: DEMO_ACCOUNTS.business.businessName,
      businessType: 'financial',
      registrationNumber: 'SL-CAC-2019-0001',
      taxId: 'TIN-1000001',
      address: '12 Siaka Stevens Street, Freetown',
      contactName: 'Mohamed Sesay',
      contactPosition: 'Credit Manager',
      phone: '+23222000001',
      email: 'info@demo-microfinance.sl',
      verificationStatus: 'verified',
      verifiedAt: new Date(),
      planCode: 'professional',
      subscriptionStatus: 'active',
      nextBillingDate: nextMonth,
      autoRenew: true,
    });

    const consumer = DEMO_ACCOUNTS.consumer;
    const consumerUserId = await insertVerifiedConsumer(tx, passwordHash, {
      ...consumer,
      dateOfBirth: '1988-04-12',
      email: 'aminata.kamara@example.sl',
    });
    await tx.insert(consumerUssdPins).values({ userId: consumerUserId, pinHash: await hashPassword(DEMO_USSD_PIN) });
    await insertVerifiedConsumer(tx, passwordHash, { ...DEMO_CLEAN_CONSUMER, email: 'fatmata.conteh@example.sl' });
  });
}

/** A demo consumer whose identity is already confirmed (the demo skips the SMS code). */
async function insertVerifiedConsumer(
  tx: Pick<Database, 'insert'>,
  passwordHash: string,
  person: { nationalId: string; phone: string; firstName: string; lastName: string; dateOfBirth: string; email: string },
): Promise<string> {
  const [user] = await tx
    .insert(users)
    .values({ role: 'consumer', phone: person.phone, email: person.email, passwordHash })
    .returning({ id: users.id });
  await tx.insert(consumerProfiles).values({
    userId: user.id,
    nationalId: person.nationalId,
    firstName: person.firstName,
    lastName: person.lastName,
    dateOfBirth: person.dateOfBirth,
    consentToDataProcessing: true,
    identityVerifiedAt: new Date(),
  });
  return user.id;
}
