import type { Language } from '@shared/i18n/languages';
import { maskIdentifier } from '@shared/identity';
import type { TConsumerSettings, TNotificationPreferences } from '@shared/schemas/consumer';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { consumerProfiles, notificationPreferences, users } from '../../db/schema/index';
import { uniqueViolationConstraint } from '../../lib/db-errors';
import { conflict } from '../../lib/http-error';
import { recordAuditEvent, type AuditContext } from '../audit';

export const DEFAULT_PREFERENCES: TNotificationPreferences = { emailNewAccounts: true, emailInquiries: true, emailDisputes: true };

export async function readPreferences(db: Database, userId: string): Promise<TNotificationPreferences> {
  const [row] = await db
    .select({
      emailNewAccounts: notificationPreferences.emailNewAccounts,
      emailInquiries: notificationPreferences.emailInquiries,
      emailDisputes: notificationPreferences.emailDisputes,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
    .limit(1);
  return row ?? DEFAULT_PREFERENCES;
}

export async function getConsumerSettings(db: Database, userId: string, isEmailAvailable: boolean): Promise<TConsumerSettings> {
  const [row] = await db
    .select({
      firstName: consumerProfiles.firstName,
      lastName: consumerProfiles.lastName,
      nationalId: consumerProfiles.nationalId,
      dateOfBirth: consumerProfiles.dateOfBirth,
      phone: users.phone,
      email: users.email,
    })
    .from(users)
    .innerJoin(consumerProfiles, eq(consumerProfiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    maskedNationalId: maskIdentifier(row.nationalId),
    dateOfBirth: row.dateOfBirth,
    phone: row.phone ?? '',
    email: row.email,
    preferences: await readPreferences(db, userId),
    isEmailAvailable,
  };
}

const PHONE_TAKEN = 'An account with this phone number already exists';
const EMAIL_TAKEN = 'An account with this email already exists';

/** The sign-in phone and email. The registry's phones are the lenders' to report: they do not change here. */
export async function updateContactDetails(
  db: Database,
  userId: string,
  input: { phone: string; email: string | null },
  audit: AuditContext,
) {
  // The per-role unique indexes on phone and email decide; their violation names the field.
  try {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ phone: input.phone, email: input.email, updatedAt: new Date() }).where(eq(users.id, userId));
      await recordAuditEvent(tx, {
        ...audit,
        action: 'consumer.contact_changed',
        targetType: 'user',
        targetId: userId,
        details: { emailSet: input.email !== null },
      });
    });
  } catch (error) {
    const constraint = uniqueViolationConstraint(error);
    if (constraint?.includes('phone')) throw conflict('phone', PHONE_TAKEN);
    if (constraint?.includes('email')) throw conflict('email', EMAIL_TAKEN);
    throw error;
  }
}

export async function updatePreferences(db: Database, userId: string, input: TNotificationPreferences): Promise<TNotificationPreferences> {
  await db
    .insert(notificationPreferences)
    .values({ userId, ...input })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...input, updatedAt: new Date() } });
  return input;
}

/** The person's language for the portal, USSD, SMS and certificates; kept on the profile so every channel uses it. */
export async function updateLanguage(db: Database, userId: string, language: Language, audit: AuditContext): Promise<void> {
  await db.update(consumerProfiles).set({ language }).where(eq(consumerProfiles.userId, userId));
  await recordAuditEvent(db, {
    action: 'consumer.language_changed',
    ...audit,
    targetType: 'user',
    targetId: userId,
    details: { language },
  });
}
