import { MAX_DOCUMENT_BYTES, type TBusinessDocument, type TDocumentKind } from '@shared/schemas/admin';
import { and, desc, eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Database } from '../../db/client';
import { businessDocuments, businessProfiles } from '../../db/schema/index';
import { HttpError, badRequest, notFound } from '../../lib/http-error';
import { recordAuditEvent, type AuditContext } from '../audit';
import { unreadableDocumentReason } from './document-check';

/** Most documents one business may hold: enough for a registration file, not a storage service. */
export const MAX_DOCUMENTS_PER_BUSINESS = 20;

/**
 * The file type read from its first bytes. The name and the declared content type are not
 * trusted: a script renamed to .pdf is refused.
 */
export function sniffDocumentType(data: Buffer): 'application/pdf' | 'image/png' | 'image/jpeg' | null {
  if (data.length >= 5 && data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  return null;
}

const EXTENSION: Record<string, string> = { 'application/pdf': '.pdf', 'image/png': '.png', 'image/jpeg': '.jpg' };

/** A safe file name: letters, digits, dots, dashes and spaces, with the extension of the real type. */
export function cleanFileName(raw: string, contentType: string): string {
  const base = raw
    .replace(/^.*[\\/]/, '')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[^A-Za-z0-9 ._-]+/g, '_')
    .replace(/^[._ ]+/, '')
    .slice(0, 100);
  return `${base || 'document'}${EXTENSION[contentType] ?? ''}`;
}

type DocumentRow = Pick<
  typeof businessDocuments.$inferSelect,
  'id' | 'kind' | 'fileName' | 'contentType' | 'sizeBytes' | 'sha256' | 'uploadedAt'
>;
const listColumns = {
  id: businessDocuments.id,
  kind: businessDocuments.kind,
  fileName: businessDocuments.fileName,
  contentType: businessDocuments.contentType,
  sizeBytes: businessDocuments.sizeBytes,
  sha256: businessDocuments.sha256,
  uploadedAt: businessDocuments.uploadedAt,
};

function toDocument(row: DocumentRow): TBusinessDocument {
  return { ...row, kind: row.kind as TDocumentKind, uploadedAt: row.uploadedAt.toISOString() };
}

export async function listDocuments(db: Database, businessId: string): Promise<TBusinessDocument[]> {
  const rows = await db
    .select(listColumns)
    .from(businessDocuments)
    .where(eq(businessDocuments.businessId, businessId))
    .orderBy(desc(businessDocuments.uploadedAt));
  return rows.map(toDocument);
}

export async function getVerificationState(db: Database, businessId: string) {
  const [row] = await db
    .select({ verificationStatus: businessProfiles.verificationStatus, verificationNote: businessProfiles.verificationNote })
    .from(businessProfiles)
    .where(eq(businessProfiles.userId, businessId))
    .limit(1);
  if (!row) throw notFound('Business profile not found');
  return row;
}

/**
 * Stores one document of the signed-in business. A rejected business that uploads again goes back
 * to pending, so an administrator looks at it again.
 */
export async function uploadDocument(
  db: Database,
  businessId: string,
  input: { kind: TDocumentKind; fileName: string; data: unknown },
  context: AuditContext,
): Promise<TBusinessDocument> {
  if (!Buffer.isBuffer(input.data) || input.data.length === 0) {
    throw badRequest([{ field: 'file', message: 'Send the file itself as the request body (PDF, PNG or JPEG, at most 5 MB)' }]);
  }
  const data = input.data;
  if (data.length > MAX_DOCUMENT_BYTES) throw new HttpError(413, 'The file is larger than 5 MB', { field: 'file' });
  const contentType = sniffDocumentType(data);
  if (!contentType)
    throw badRequest([{ field: 'file', message: 'Only PDF, PNG or JPEG files are accepted (the file content is checked, not its name)' }]);
  const unreadable = await unreadableDocumentReason(data, contentType);
  if (unreadable) throw badRequest([{ field: 'file', message: unreadable }]);
  const fileName = cleanFileName(input.fileName, contentType);
  const sha256 = createHash('sha256').update(data).digest('hex');

  return db.transaction(async (tx) => {
    const [profile] = await tx
      .select({ status: businessProfiles.verificationStatus })
      .from(businessProfiles)
      .where(eq(businessProfiles.userId, businessId))
      .for('update')
      .limit(1);
    if (!profile) throw notFound('Business profile not found');
    if (profile.status === 'suspended')
      throw new HttpError(403, 'Your business is suspended. Contact CreditCheck SL.', { code: 'BUSINESS_SUSPENDED' });
    const existing = await tx
      .select({ id: businessDocuments.id, sha256: businessDocuments.sha256 })
      .from(businessDocuments)
      .where(eq(businessDocuments.businessId, businessId));
    if (existing.length >= MAX_DOCUMENTS_PER_BUSINESS) {
      throw new HttpError(409, `You already have ${MAX_DOCUMENTS_PER_BUSINESS} documents. Delete one you no longer need first.`, {
        field: 'file',
      });
    }
    if (existing.some((d) => d.sha256 === sha256)) throw new HttpError(409, 'You have already uploaded this file.', { field: 'file' });
    const [row] = await tx
      .insert(businessDocuments)
      .values({
        businessId,
        kind: input.kind,
        fileName,
        contentType,
        sizeBytes: data.length,
        sha256,
        data,
        uploadedBy: context.actorUserId ?? null,
      })
      .returning(listColumns);
    if (profile.status === 'rejected') {
      await tx.update(businessProfiles).set({ verificationStatus: 'pending' }).where(eq(businessProfiles.userId, businessId));
    }
    await recordAuditEvent(tx, {
      action: 'business.document_uploaded',
      ...context,
      businessId,
      targetType: 'business_document',
      targetId: row.id,
      details: {
        kind: input.kind,
        contentType,
        sizeBytes: data.length,
        sha256,
        ...(profile.status === 'rejected' ? { verification: 'pending again' } : {}),
      },
    });
    return toDocument(row);
  });
}

/** One document with its bytes; another business's document is 404, as an unknown one is. */
export async function readDocument(db: Database, businessId: string, documentId: string) {
  const [row] = await db
    .select({ ...listColumns, data: businessDocuments.data })
    .from(businessDocuments)
    .where(and(eq(businessDocuments.id, documentId), eq(businessDocuments.businessId, businessId)))
    .limit(1);
  if (!row) throw notFound('Document not found');
  return row;
}

/** A business removes its own document while it is not yet verified (a wrong upload). */
export async function deleteDocument(db: Database, businessId: string, documentId: string, context: AuditContext) {
  await db.transaction(async (tx) => {
    const [profile] = await tx
      .select({ status: businessProfiles.verificationStatus })
      .from(businessProfiles)
      .where(eq(businessProfiles.userId, businessId))
      .limit(1);
    if (!profile) throw notFound('Business profile not found');
    const [row] = await tx
      .select({ id: businessDocuments.id, kind: businessDocuments.kind, sha256: businessDocuments.sha256 })
      .from(businessDocuments)
      .where(and(eq(businessDocuments.id, documentId), eq(businessDocuments.businessId, businessId)))
      .limit(1);
    if (!row) throw notFound('Document not found');
    if (profile.status === 'verified' || profile.status === 'suspended') {
      throw new HttpError(
        409,
        'Documents of a verified business are kept as the record of its verification. Contact CreditCheck SL to replace one.',
      );
    }
    await tx.delete(businessDocuments).where(eq(businessDocuments.id, documentId));
    await recordAuditEvent(tx, {
      action: 'business.document_deleted',
      ...context,
      businessId,
      targetType: 'business_document',
      targetId: documentId,
      details: { kind: row.kind, sha256: row.sha256 },
    });
  });
}

/** Content-Disposition for a download, with the cleaned name (ASCII only after cleaning). */
export function contentDisposition(fileName: string, isInline = false): string {
  return `${isInline ? 'inline' : 'attachment'}; filename="${fileName.replace(/"/g, '')}"`;
}
