import { languageOf } from '@shared/i18n/languages';
import { maskIdentifier, toE164 } from '@shared/identity';
import type { TConsumerRegistration } from '@shared/schemas/auth';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { consumerProfiles, users } from '../../db/schema/index';
import { uniqueViolationConstraint } from '../../lib/db-errors';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { looksLikePhoneNumber } from '../../lib/identifiers';
import { hashPassword } from '../accounts';

const NATIONAL_ID_TAKEN = 'This National ID is already registered';
const PHONE_TAKEN = 'An account with this phone number already exists';
const EMAIL_TAKEN = 'An account with this email already exists';

export const NIN_LOOKS_LIKE_PHONE = 'This is a phone number, not a National ID. Enter the National ID printed on your ID card.';

export async function registerConsumer(db: Database, input: TConsumerRegistration): Promise<{ id: string }> {
  if (looksLikePhoneNumber(input.nationalId)) throw badRequest([{ field: 'nationalId', message: NIN_LOOKS_LIKE_PHONE }]);
  const phone = toE164(input.phone)!;
  await assertConsumerIdentityFree(db, input.nationalId, phone, input.email);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ role: 'consumer', email: input.email ?? null, phone, passwordHash })
        .returning({ id: users.id });
      await tx.insert(consumerProfiles).values({
        userId: user.id,
        nationalId: input.nationalId,
        firstName: input.firstName,
        lastName: input.lastName,
        dateOfBirth: input.dateOfBirth,
        consentToDataProcessing: input.consentToDataProcessing,
      });
      return { id: user.id };
    });
  } catch (error) {
    const constraint = uniqueViolationConstraint(error);
    if (constraint?.includes('national_id')) throw conflict('nationalId', NATIONAL_ID_TAKEN);
    if (constraint?.includes('phone')) throw conflict('phone', PHONE_TAKEN);
    if (constraint?.includes('email')) throw conflict('email', EMAIL_TAKEN);
    throw error;
  }
}

/**
 * An account that has not confirmed its identity holds its NIN and phone only for a day: otherwise
 * anyone could block a person from the bureau by registering their NIN first (decisions/015).
 */
export const UNCONFIRMED_CLAIM_HOURS = 24;

async function assertConsumerIdentityFree(db: Database, nationalId: string, phone: string, email?: string) {
  const staleBefore = new Date(Date.now() - UNCONFIRMED_CLAIM_HOURS * 3600_000);
  const holders = await db
    .select({
      id: users.id,
      nationalId: consumerProfiles.nationalId,
      phone: users.phone,
      email: users.email,
      verifiedAt: consumerProfiles.identityVerifiedAt,
      createdAt: users.createdAt,
      // An administrator undid its linking (decisions/021): its claim is released at once.
      wasUnlinked: sql<boolean>`EXISTS (SELECT 1 FROM consumer_identity_unlinks u WHERE u.user_id = ${users.id})`,
    })
    .from(users)
    .innerJoin(consumerProfiles, eq(consumerProfiles.userId, users.id))
    .where(
      and(
        eq(users.role, 'consumer'),
        or(eq(consumerProfiles.nationalId, nationalId), eq(users.phone, phone), email ? eq(users.email, email) : undefined),
      ),
    );
  const live = [];
  for (const holder of holders) {
    const isStaleClaim =
      holder.verifiedAt === null &&
      (holder.createdAt < staleBefore || holder.wasUnlinked === true) &&
      (holder.nationalId === nationalId || holder.phone === phone);
    if (!isStaleClaim) {
      live.push(holder);
      continue;
    }
    // Never confirmed, so it never saw a file: nothing of the person's is lost.
    await db.execute(
      sql`DELETE FROM users WHERE id = ${holder.id}::uuid AND NOT EXISTS (SELECT 1 FROM consumer_profiles cp WHERE cp.user_id = ${holder.id}::uuid AND cp.identity_verified_at IS NOT NULL)`,
    );
  }
  if (live.some((h) => h.nationalId === nationalId)) throw conflict('nationalId', NATIONAL_ID_TAKEN);
  if (live.some((h) => h.phone === phone)) throw conflict('phone', PHONE_TAKEN);
  if (email && live.some((h) => h.email === email)) throw conflict('email', EMAIL_TAKEN);
}

export async function getConsumerMe(db: Database, userId: string) {
  const rows = await db
    .select({
      id: users.id,
      phone: users.phone,
      email: users.email,
      firstName: consumerProfiles.firstName,
      lastName: consumerProfiles.lastName,
      nationalId: consumerProfiles.nationalId,
      identityVerifiedAt: consumerProfiles.identityVerifiedAt,
      language: consumerProfiles.language,
    })
    .from(users)
    .innerJoin(consumerProfiles, eq(consumerProfiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  const row = rows[0];
  if (!row) throw notFound('Consumer profile not found');
  return {
    id: row.id,
    role: 'consumer' as const,
    firstName: row.firstName,
    lastName: row.lastName,
    maskedNationalId: maskIdentifier(row.nationalId),
    phone: row.phone ?? '',
    email: row.email,
    identityVerified: row.identityVerifiedAt !== null,
    language: languageOf(row.language),
  };
}
