import { z } from 'zod';

// Clearance certificates (issue 21, decisions/045): what the person asks for and what anyone who
// holds the verify link reads. Shared by the routes and the web pages.

/** clear: no account ever in default or written off; settled: there were defaults, all settled since. */
export const CERTIFICATE_STANDINGS = ['clear', 'settled'] as const;
export type TCertificateStanding = (typeof CERTIFICATE_STANDINGS)[number];

/** Why a certificate no longer holds: the person revoked it, the file changed for the worse, the signature does not check. */
export const CERTIFICATE_INVALID_REASONS = ['revoked', 'file_changed', 'signature_invalid'] as const;
export type TCertificateInvalidReason = (typeof CERTIFICATE_INVALID_REASONS)[number];

/** An id: 128 random bits in base32 (RFC 4648, no padding): 26 letters and digits. */
export const CERTIFICATE_ID_PATTERN = /^[A-Z2-7]{26}$/;

export const ZCertificateIssuedSchema = z.object({ id: z.string(), verifyUrl: z.string(), pdfUrl: z.string() });
export type TCertificateIssued = z.infer<typeof ZCertificateIssuedSchema>;

export const ZCertificateHolderSchema = z.object({ name: z.string(), maskedNationalId: z.string() });

/** GET /api/certificates/:id: what anyone with the link may read. */
export const ZCertificateVerificationSchema = z.object({
  id: z.string(),
  valid: z.boolean(),
  issuedAt: z.string(),
  standing: z.enum(CERTIFICATE_STANDINGS),
  holder: ZCertificateHolderSchema,
  reason: z.enum(CERTIFICATE_INVALID_REASONS).optional(),
  keyId: z.string(),
  algorithm: z.literal('Ed25519'),
  /** The canonical JSON that was signed, and its Ed25519 signature (base64url), to check offline with the public key. */
  signedPayload: z.string(),
  signature: z.string(),
});
export type TCertificateVerification = z.infer<typeof ZCertificateVerificationSchema>;

export const ZOwnCertificateSchema = z.object({
  id: z.string(),
  standing: z.enum(CERTIFICATE_STANDINGS),
  issuedAt: z.string(),
  revokedAt: z.string().nullable(),
  valid: z.boolean(),
  reason: z.enum(CERTIFICATE_INVALID_REASONS).optional(),
  verifyUrl: z.string(),
  pdfUrl: z.string(),
});
export type TOwnCertificate = z.infer<typeof ZOwnCertificateSchema>;
export const ZOwnCertificateListSchema = z.object({ certificates: z.array(ZOwnCertificateSchema) });
export type TOwnCertificateList = z.infer<typeof ZOwnCertificateListSchema>;

/** GET /api/certificates/public-key: the bureau's key that signs every certificate. */
export const ZCertificatePublicKeySchema = z.object({
  algorithm: z.literal('Ed25519'),
  /** The key signing new certificates. */
  keyId: z.string(),
  publicKeyPem: z.string(),
  /** Keys retired by a rotation: they check certificates issued before it (the certificate's keyId names its key). */
  retiredKeys: z.array(z.object({ keyId: z.string(), publicKeyPem: z.string() })),
});
export type TCertificatePublicKey = z.infer<typeof ZCertificatePublicKeySchema>;

/** Any text is taken as an id: one that is not of the pattern is simply not found (404, not 400). */
export const ZCertificateIdParamsSchema = z.object({ id: z.string().max(200, { error: 'Not a certificate id' }) });
