import { toE164 } from '@shared/identity';
import type { TBusinessPortalRegistration, TBusinessRegistrationScreenPayload } from '@shared/schemas/auth';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { businessProfiles, users } from '../../db/schema/index';
import { uniqueViolationConstraint } from '../../lib/db-errors';
import { conflict, notFound } from '../../lib/http-error';
import { hashPassword } from '../accounts';

type BusinessRegistration = TBusinessRegistrationScreenPayload | TBusinessPortalRegistration;

const CONFLICT_MESSAGES = {
  username: 'This username is already taken',
  email: 'An account with this email already exists',
  phone: 'An account with this phone number already exists',
} as const;

/**
 * Creates the business user and its profile in one transaction. The registration screen sends no
 * username, so its email is the username (docs/decisions/004-business-username.md).
 */
export async function registerBusiness(db: Database, input: BusinessRegistration): Promise<{ id: string }> {
  const username = 'username' in input ? input.username.toLowerCase() : input.email;
  const phone = toE164(input.phone)!;
  await assertBusinessIdentityFree(db, { username, email: input.email, phone });
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ role: 'business', username, email: input.email, phone, passwordHash })
        .returning({ id: users.id });
      await tx.insert(businessProfiles).values({
        userId: user.id,
        businessName: input.businessName,
        businessType: 'businessType' in input ? input.businessType : null,
        registrationNumber: input.registrationNumber,
        taxId: 'taxId' in input ? input.taxId : null,
        address: 'address' in input ? input.address : null,
        contactName: input.contactName,
        contactPosition: 'contactPosition' in input ? input.contactPosition : null,
        phone,
        email: input.email,
      });
      return { id: user.id };
    });
  } catch (error) {
    // Two registrations racing past the check above: the unique index decides.
    const constraint = uniqueViolationConstraint(error);
    if (constraint?.includes('username')) throw conflict('username', CONFLICT_MESSAGES.username);
    if (constraint?.includes('email')) throw conflict('email', CONFLICT_MESSAGES.email);
    if (constraint?.includes('phone')) throw conflict('phone', CONFLICT_MESSAGES.phone);
    throw error;
  }
}

async function assertBusinessIdentityFree(db: Database, identity: { username: string; email: string; phone: string }) {
  for (const field of ['email', 'username', 'phone'] as const) {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'business'), eq(users[field], identity[field])))
      .limit(1);
    if (rows.length > 0) {
      // The registration screen has no username field: its clash is reported on the email it came from.
      throw conflict(field, CONFLICT_MESSAGES[field]);
    }
  }
}

/** The signed-in business user: the business's profile, with the user's own sign-in names (owner or team member). */
export async function getBusinessMe(db: Database, userId: string, businessId = userId) {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      businessName: businessProfiles.businessName,
      businessType: businessProfiles.businessType,
      contactName: businessProfiles.contactName,
      verificationStatus: businessProfiles.verificationStatus,
      planCode: businessProfiles.planCode,
      subscriptionStatus: businessProfiles.subscriptionStatus,
      nextBillingDate: businessProfiles.nextBillingDate,
    })
    .from(users)
    .innerJoin(businessProfiles, eq(businessProfiles.userId, businessId))
    .where(eq(users.id, userId))
    .limit(1);
  const row = rows[0];
  if (!row) throw notFound('Business profile not found');
  // id is the business's id (what payments and every business-scoped call take), also for a team member.
  return {
    ...row,
    id: businessId,
    role: 'business' as const,
    isOwner: userId === businessId,
    nextBillingDate: row.nextBillingDate?.toISOString() ?? null,
  };
}
