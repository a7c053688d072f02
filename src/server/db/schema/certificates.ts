import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

// Clearance certificates (issue 21, decisions/045): a signed statement of a person's standing on a
// date that anyone can verify at /verify/:id. The row keeps the signed payload and its signature, so
// a row edited in the database no longer verifies, and what the file held at issue, so a file that
// changed for the worse since makes the certificate invalid.

/** One issued certificate. `id` is 128 random bits in base32: unguessable, never a sequence. */
export const clearanceCertificates = pgTable(
  'clearance_certificates',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The registry file at issue; no foreign key: an administrator's merge may remove that subject (the holder's NIN finds the file then). */
    subjectId: uuid('subject_id').notNull(),
    holderName: text('holder_name').notNull(),
    /** maskIdentifier of the NIN: never the whole number. */
    maskedNationalId: text('masked_national_id').notNull(),
    /** clear | settled (src/shared/schemas/certificate.ts). */
    standing: text('standing').notNull(),
    /** The language of the PDF: the person's at issue. */
    language: text('language').notNull().default('en'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The canonical JSON that was signed, exactly as signed. */
    signedPayload: text('signed_payload').notNull(),
    /** Ed25519 signature of `signed_payload`, base64url. */
    signature: text('signature').notNull(),
    keyId: text('key_id').notNull(),
    /** The file at issue: its accounts in serious arrears, default or written off, and those settled ({negative: [...], settled: [...], digest}). */
    fileState: jsonb('file_state').$type<{ negative: string[]; settled: string[]; accounts: number; digest: string }>().notNull(),
  },
  (t) => [
    index('clearance_certificates_user_idx').on(t.userId, t.issuedAt),
    index('clearance_certificates_subject_idx')
      .on(t.subjectId)
      .where(sql`revoked_at IS NULL`),
  ],
);

/**
 * The signing key made outside production (demo and tests), generated once so certificates stay
 * verifiable across restarts. Production signs with CERTIFICATE_SIGNING_KEY and keeps no key here.
 */
export const certificateSigningKeys = pgTable('certificate_signing_keys', {
  keyId: text('key_id').primaryKey(),
  /** PKCS#8 PEM. */
  privateKeyPem: text('private_key_pem').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
