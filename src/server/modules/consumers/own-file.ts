import { type TIdentityState } from '@shared/schemas/consumer';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';
import { consumerProfiles } from '../../db/schema/index';
import { forbidden, notFound } from '../../lib/http-error';

// Identity before data (issue 7). A consumer account is only a claim: anyone may type a stranger's
// NIN at registration. The registry file is linked by NIN and date of birth and shown only after
// the person confirms a code sent to a phone a lender reported on that file, never to the phone
// typed at registration (unless a lender reported it too). See docs/decisions/015.

const ZSubjectIdRow = z.object({ subject_id: z.string() });

export interface ConsumerProfile {
  userId: string;
  nationalId: string;
  dateOfBirth: string;
  firstName: string;
  lastName: string;
  identityVerifiedAt: Date | null;
}

export interface OwnFile {
  state: TIdentityState;
  /** The registry subject: set when verified; when unverified, the file the code would unlock. */
  subjectId: string | null;
  profile: ConsumerProfile;
  /** The file's trusted phones (E.164), newest first: the only ones a code may go to. Only read while not verified. */
  phones: string[];
  /** The file's other phones (not trusted): told by SMS when a code is sent. Only read while not verified. */
  otherPhones: string[];
}

/**
 * A phone on the file is trusted for identity codes (decisions/021) when at least
 * PHONE_TRUST_MIN_BUSINESSES different businesses reported it for this person, or when it has been
 * on the file for PHONE_TRUST_DAYS days, and never when an administrator undid a linking confirmed
 * with it for this NIN. A phone one lender put on the file recently is not trusted: otherwise that
 * lender could report a throwaway account with its own phone on a stranger's NIN and take over the
 * stranger's file.
 */
export const PHONE_TRUST_DAYS = 30;
export const PHONE_TRUST_MIN_BUSINESSES = 2;

export const NO_TRUSTED_PHONE_MESSAGE = `We cannot send you a code: no phone number on your credit file can be trusted for it yet (a code goes only to a phone reported by two lenders, or on your file for at least ${PHONE_TRUST_DAYS} days). Visit a CreditCheck SL office with your National ID card, or contact the bureau.`;

export async function loadConsumerProfile(db: Database, userId: string): Promise<ConsumerProfile> {
  const [profile] = await db
    .select({
      userId: consumerProfiles.userId,
      nationalId: consumerProfiles.nationalId,
      dateOfBirth: consumerProfiles.dateOfBirth,
      firstName: consumerProfiles.firstName,
      lastName: consumerProfiles.lastName,
      identityVerifiedAt: consumerProfiles.identityVerifiedAt,
    })
    .from(consumerProfiles)
    .where(eq(consumerProfiles.userId, userId))
    .limit(1);
  if (!profile) throw notFound('Consumer profile not found');
  return profile;
}

/**
 * The registry file of a signed-in consumer and whether it may be shown. Verified: the file holding
 * their NIN (as scoring's findConsumerSubjectId reads it). Not yet: the file holding their NIN with
 * their date of birth among those lenders reported; a NIN with another birth date is treated as no
 * file, so an impostor learns nothing, and a genuine person whose lender typed the date wrong is
 * told to contact the bureau.
 */
export async function resolveOwnFile(db: Database, userId: string): Promise<OwnFile> {
  const profile = await loadConsumerProfile(db, userId);
  if (profile.identityVerifiedAt) {
    const [row] = await queryParsedRows(
      db,
      ZSubjectIdRow,
      sql`SELECT subject_id FROM credit_subject_identifiers WHERE type = 'nin' AND value = ${profile.nationalId} LIMIT 1`,
    );
    return { state: row ? 'verified' : 'no_file', subjectId: row?.subject_id ?? null, profile, phones: [], otherPhones: [] };
  }
  const [match] = await queryParsedRows(
    db,
    ZSubjectIdRow,
    sql`SELECT i.subject_id FROM credit_subject_identifiers i
        JOIN credit_subjects s ON s.id = i.subject_id
        WHERE i.type = 'nin' AND i.value = ${profile.nationalId}
          AND (s.date_of_birth = ${profile.dateOfBirth}::date
               OR EXISTS (SELECT 1 FROM credit_subject_names n WHERE n.subject_id = s.id AND n.date_of_birth = ${profile.dateOfBirth}::date))
        LIMIT 1`,
  );
  if (!match) return { state: 'no_file', subjectId: null, profile, phones: [], otherPhones: [] };
  const phones = await filePhones(db, match.subject_id, profile.nationalId);
  const trusted = phones.filter((p) => p.trusted).map((p) => p.phone);
  const other = phones.filter((p) => !p.trusted).map((p) => p.phone);
  return { state: trusted.length ? 'unverified' : 'no_phone', subjectId: match.subject_id, profile, phones: trusted, otherPhones: other };
}

/** The file's phones, newest first, each with whether it is trusted for codes (PHONE_TRUST_DAYS). */
export async function filePhones(
  db: Database,
  subjectId: string,
  nationalId: string,
): Promise<{ phone: string; trusted: boolean; reporters: number }[]> {
  const rows = await queryParsedRows(
    db,
    z.object({
      phone: z.string(),
      reporters: z.coerce.number<number | string>(),
      is_old: z.boolean().nullable(),
      is_distrusted: z.boolean(),
    }),
    sql`SELECT p.phone,
          (SELECT count(DISTINCT a.business_id)::int FROM credit_accounts a
             JOIN credit_account_phones ap ON ap.account_id = a.id AND ap.phone = p.phone
            WHERE a.subject_id = p.subject_id) AS reporters,
          p.first_reported_at <= now() - make_interval(days => ${PHONE_TRUST_DAYS}) AS is_old,
          EXISTS (SELECT 1 FROM consumer_identity_unlinks u WHERE u.national_id = ${nationalId} AND u.phone = p.phone) AS is_distrusted
        FROM credit_subject_phones p WHERE p.subject_id = ${subjectId}::uuid
        ORDER BY p.last_reported_at DESC, p.phone`,
  );
  return rows.map((r) => ({
    phone: r.phone,
    reporters: Number(r.reporters),
    trusted: !r.is_distrusted && (Number(r.reporters) >= PHONE_TRUST_MIN_BUSINESSES || r.is_old === true),
  }));
}

export const IDENTITY_REQUIRED_MESSAGE = 'Confirm your identity with the code sent to a phone on your credit file first';
export const NO_FILE_MESSAGE = 'You have no credit file yet';

/** The verified person's registry subject, or 403 (not confirmed) / 404 (no file). */
export async function requireOwnSubject(db: Database, userId: string): Promise<{ subjectId: string; profile: ConsumerProfile }> {
  const file = await resolveOwnFile(db, userId);
  if (file.state === 'verified' && file.subjectId) return { subjectId: file.subjectId, profile: file.profile };
  if (file.state === 'no_file') throw notFound(NO_FILE_MESSAGE);
  throw forbidden(IDENTITY_REQUIRED_MESSAGE);
}
