import { randomBytes } from 'node:crypto';
import { maskIdentifier } from '@shared/identity';
import { languageOf, type Language } from '@shared/i18n';
import {
  CERTIFICATE_ID_PATTERN,
  type TCertificateInvalidReason,
  type TCertificateIssued,
  type TCertificateStanding,
  type TCertificateVerification,
  type TOwnCertificateList,
} from '@shared/schemas/certificate';
import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';
import { clearanceCertificates, consumerProfiles } from '../../db/schema/index';
import { HttpError, notFound } from '../../lib/http-error';
import { recordAuditEvent, type AuditContext } from '../audit';
import { requireOwnSubject } from '../consumers';
import { isWorseThan, readFileStanding, type FileState } from './file-standing';
import { CERTIFICATE_ALGORITHM, canonicalJson, isSignatureValid, publicKeyFor, signPayload, type SigningKey } from './signing-key';

/** Certificates a person may have issued in 24 hours (free; the limit keeps the registry from being polled). */
export const CERTIFICATES_PER_DAY = 5;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** 128 random bits in base32 (RFC 4648, no padding): 26 characters, unguessable. */
export function newCertificateId(): string {
  const bytes = randomBytes(16);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** What is signed: canonical JSON of these fields (docs/api.md shows how to check it). */
export interface CertificatePayload {
  id: string;
  holderName: string;
  maskedNationalId: string;
  standing: TCertificateStanding;
  issuedAt: string;
  keyId: string;
}

export interface CertificateLinks {
  /** The app's public origin (PUBLIC_URL, else the request's). */
  origin: string;
}

const linksOf = (id: string, links: CertificateLinks) => ({
  verifyUrl: `${links.origin}/verify/${id}`,
  pdfUrl: `/api/consumers/me/certificates/${id}.pdf`,
});

const IN_DEFAULT_MESSAGE =
  'A clearance certificate cannot be issued while an account on your file is in default, written off or 90 days or more late. Settle it with the lender; once the lender reports it paid, you can ask again.';

/** Issues a certificate of the file's standing today (decisions/045): signed, stored, audited and in the person's access log. */
export async function issueCertificate(
  db: Database,
  userId: string,
  key: SigningKey,
  links: CertificateLinks,
  context: AuditContext,
): Promise<TCertificateIssued> {
  const { subjectId, profile } = await ownVerifiedSubject(db, userId);
  const since = new Date(Date.now() - 24 * 3600_000);
  const recent = await db
    .select({ issuedAt: clearanceCertificates.issuedAt })
    .from(clearanceCertificates)
    .where(and(eq(clearanceCertificates.userId, userId), gte(clearanceCertificates.issuedAt, since)))
    .orderBy(clearanceCertificates.issuedAt);
  if (recent.length >= CERTIFICATES_PER_DAY) {
    const retryAfter = Math.max(1, Math.ceil((recent[0].issuedAt.getTime() + 24 * 3600_000 - Date.now()) / 1000));
    throw new HttpError(429, `You can get ${CERTIFICATES_PER_DAY} clearance certificates a day. Try again later.`, {
      code: 'RATE_LIMITED',
      headers: { 'retry-after': String(retryAfter) },
    });
  }
  const file = await readFileStanding(db, subjectId);
  if (!file) throw notFound('You have no credit file yet');
  if (!file.standing) throw new HttpError(409, IN_DEFAULT_MESSAGE, { code: 'FILE_IN_DEFAULT' });

  const [{ language }] = await db
    .select({ language: consumerProfiles.language })
    .from(consumerProfiles)
    .where(eq(consumerProfiles.userId, userId));
  const id = newCertificateId();
  const issuedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
  const payload: CertificatePayload = {
    id,
    holderName: file.holderName,
    maskedNationalId: maskIdentifier(profile.nationalId),
    standing: file.standing,
    issuedAt: issuedAt.toISOString(),
    keyId: key.keyId,
  };
  const signedPayload = canonicalJson(payload);
  await db.transaction(async (tx) => {
    await tx.insert(clearanceCertificates).values({
      id,
      userId,
      subjectId,
      holderName: payload.holderName,
      maskedNationalId: payload.maskedNationalId,
      standing: payload.standing,
      language: languageOf(language),
      issuedAt,
      signedPayload,
      signature: signPayload(signedPayload, key),
      keyId: key.keyId,
      fileState: file.state,
    });
    await recordAuditEvent(tx, {
      ...context,
      action: 'certificate.issued',
      subjectId,
      targetType: 'clearance_certificate',
      targetId: id,
      details: { standing: payload.standing, keyId: key.keyId },
    });
  });
  return { id, ...linksOf(id, links) };
}

/** The verified person's file, or a refusal with a stable code (IDENTITY_NOT_VERIFIED, or 404 without a file). */
async function ownVerifiedSubject(db: Database, userId: string) {
  try {
    return await requireOwnSubject(db, userId);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 403)
      throw new HttpError(403, 'Confirm your identity with the code sent to a phone on your credit file first', {
        code: 'IDENTITY_NOT_VERIFIED',
      });
    throw error;
  }
}

type CertificateRow = typeof clearanceCertificates.$inferSelect;

/** Whether a stored certificate still holds, and if not why: revoked, its row no longer matches its signature, or the file changed for the worse. */
async function validityOf(
  db: Database,
  row: CertificateRow,
  key: SigningKey,
): Promise<{ valid: boolean; reason?: TCertificateInvalidReason }> {
  if (row.revokedAt) return { valid: false, reason: 'revoked' };
  if (!isStoredRowSigned(row, key)) return { valid: false, reason: 'signature_invalid' };
  const subjectId = (await currentSubjectOf(db, row)) ?? row.subjectId;
  const now = await readFileStanding(db, subjectId);
  if (!now || isWorseThan(now.state, row.fileState as FileState)) return { valid: false, reason: 'file_changed' };
  return { valid: true };
}

/**
 * The row says what was signed: its payload must check against the signature with the bureau's key,
 * and its columns must be what the payload says (an insider who edits the standing, the name or the
 * payload itself is caught; re-signing needs the private key, which production keeps out of the database).
 */
function isStoredRowSigned(row: CertificateRow, key: SigningKey): boolean {
  const publicKey = publicKeyFor(key, row.keyId);
  if (!publicKey || !isSignatureValid(row.signedPayload, row.signature, publicKey)) return false;
  const expected: CertificatePayload = {
    id: row.id,
    holderName: row.holderName,
    maskedNationalId: row.maskedNationalId,
    standing: row.standing as TCertificateStanding,
    issuedAt: row.issuedAt.toISOString(),
    keyId: row.keyId,
  };
  return canonicalJson(expected) === row.signedPayload;
}

/** The holder's file today: found by their NIN (an administrator's merge may have moved it to another subject). */
async function currentSubjectOf(db: Database, row: CertificateRow): Promise<string | null> {
  const [first] = await queryParsedRows(
    db,
    z.object({ subject_id: z.string() }),
    sql`SELECT i.subject_id::text AS subject_id FROM consumer_profiles p
        JOIN credit_subject_identifiers i ON i.type = 'nin' AND i.value = p.national_id
        WHERE p.user_id = ${row.userId}::uuid LIMIT 1`,
  );
  return first?.subject_id ?? null;
}

const notFoundCertificate = () => new HttpError(404, 'No certificate has this id', { code: 'NOT_FOUND' });

async function findCertificate(db: Database, id: string): Promise<CertificateRow | null> {
  const normalised = id.trim().toUpperCase();
  if (!CERTIFICATE_ID_PATTERN.test(normalised)) return null;
  const [row] = await db.select().from(clearanceCertificates).where(eq(clearanceCertificates.id, normalised)).limit(1);
  return row ?? null;
}

/**
 * A check of a certificate reveals the holder's name and standing to whoever holds the link, so it
 * is an access to the file and shows in the person's Data Access Log (decisions/045). One entry an
 * hour per certificate and address: a page reloaded, or a verifier polling, does not flood the log.
 */
const CHECK_LOGGED_ONCE_PER = '1 hour';

async function recordCheck(db: Database, row: CertificateRow, context: AuditContext): Promise<void> {
  const [recent] = await queryParsedRows(
    db,
    z.object({ found: z.number() }),
    sql`SELECT 1 AS found FROM audit_events
        WHERE subject_id = ${row.subjectId}::uuid AND occurred_at > now() - ${CHECK_LOGGED_ONCE_PER}::interval
          AND action = 'certificate.checked' AND target_id = ${row.id} AND ip IS NOT DISTINCT FROM ${context.ip ?? null}
        LIMIT 1`,
  );
  if (recent) return;
  await recordAuditEvent(db, {
    ...context,
    action: 'certificate.checked',
    subjectId: row.subjectId,
    targetType: 'clearance_certificate',
    targetId: row.id,
  });
}

/** GET /api/certificates/:id: anyone with the link. */
export async function verifyCertificate(
  db: Database,
  id: string,
  key: SigningKey,
  context: AuditContext,
): Promise<TCertificateVerification> {
  const row = await findCertificate(db, id);
  if (!row) throw notFoundCertificate();
  await recordCheck(db, row, context);
  const validity = await validityOf(db, row, key);
  return {
    id: row.id,
    ...validity,
    issuedAt: row.issuedAt.toISOString(),
    standing: row.standing as TCertificateStanding,
    holder: { name: row.holderName, maskedNationalId: row.maskedNationalId },
    keyId: row.keyId,
    algorithm: CERTIFICATE_ALGORITHM,
    signedPayload: row.signedPayload,
    signature: row.signature,
  };
}

/** The person's own certificate, or 404 (another person's id answers as an unknown one). */
export async function ownCertificate(db: Database, userId: string, id: string): Promise<CertificateRow> {
  const row = await findCertificate(db, id);
  if (!row || row.userId !== userId) throw notFoundCertificate();
  return row;
}

export async function listOwnCertificates(
  db: Database,
  userId: string,
  key: SigningKey,
  links: CertificateLinks,
): Promise<TOwnCertificateList> {
  const rows = await db
    .select()
    .from(clearanceCertificates)
    .where(eq(clearanceCertificates.userId, userId))
    .orderBy(desc(clearanceCertificates.issuedAt))
    .limit(100);
  const certificates = [];
  for (const row of rows) {
    const validity = await validityOf(db, row, key);
    certificates.push({
      id: row.id,
      standing: row.standing as TCertificateStanding,
      issuedAt: row.issuedAt.toISOString(),
      revokedAt: row.revokedAt?.toISOString() ?? null,
      ...validity,
      ...linksOf(row.id, links),
    });
  }
  return { certificates };
}

export async function revokeCertificate(
  db: Database,
  userId: string,
  id: string,
  context: AuditContext,
): Promise<{ id: string; revokedAt: string }> {
  const row = await ownCertificate(db, userId, id);
  if (row.revokedAt) return { id: row.id, revokedAt: row.revokedAt.toISOString() };
  const revokedAt = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(clearanceCertificates)
      .set({ revokedAt })
      .where(and(eq(clearanceCertificates.id, row.id), isNull(clearanceCertificates.revokedAt)));
    await recordAuditEvent(tx, {
      ...context,
      action: 'certificate.revoked',
      subjectId: row.subjectId,
      targetType: 'clearance_certificate',
      targetId: row.id,
    });
  });
  return { id: row.id, revokedAt: revokedAt.toISOString() };
}

/** The language of the person's PDF: their choice today. */
export async function languageOfUser(db: Database, userId: string): Promise<Language> {
  const [row] = await db.select({ language: consumerProfiles.language }).from(consumerProfiles).where(eq(consumerProfiles.userId, userId));
  return languageOf(row?.language);
}
