import { z } from 'zod';
import { PURPOSE_CODES } from '../../credit-reference';
import { ZPhoneSchema } from '../credit';
import { IDENTITY_STATES } from './identity';
import { ZFraudAlertSchema } from './own-report';

// Privacy: consents, freeze, fraud alert, and the log of who accessed the file.

export const CONSENT_MAX_DAYS = 365;

export const ZGrantConsentSchema = z.object({
  businessId: z.uuid({ error: 'Choose a business' }),
  purpose: z.enum(PURPOSE_CODES, { error: 'Choose a permissible purpose' }),
  /** Days from now, 1 to 365. */
  days: z.coerce
    .number({ error: 'Choose how long the consent lasts' })
    .int({ error: 'Choose how long the consent lasts' })
    .min(1, { error: 'A consent lasts at least 1 day' })
    .max(CONSENT_MAX_DAYS, { error: `A consent lasts at most ${CONSENT_MAX_DAYS} days` }),
});
export type TGrantConsent = z.infer<typeof ZGrantConsentSchema>;
export type TGrantConsentInput = z.input<typeof ZGrantConsentSchema>;

export const ZConsentSchema = z.object({
  id: z.string(),
  businessId: z.string(),
  businessName: z.string(),
  purpose: z.string(),
  purposeName: z.string(),
  grantedAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
});
export type TConsent = z.infer<typeof ZConsentSchema>;
export const ZConsentListSchema = z.object({ consents: z.array(ZConsentSchema) });
/**
 * Revoke one consent (`{id}`: its purpose only), or withdraw consent from a business (`{businessId}`:
 * every purpose, unless the person picks one with `purpose`), granted before or not (decisions/022).
 */
export const ZRevokeConsentSchema = z
  .object({
    id: z.uuid({ error: 'Not a consent id' }).optional(),
    businessId: z.uuid({ error: 'Choose a business' }).optional(),
    purpose: z.enum(PURPOSE_CODES, { error: 'Choose a permissible purpose' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.id && !v.businessId)
      ctx.addIssue({
        code: 'custom',
        message: 'Choose the consent to revoke or the business to withdraw consent from',
        path: ['businessId'],
      });
    if (v.id && (v.businessId || v.purpose))
      ctx.addIssue({ code: 'custom', message: 'Give either a consent id or a business, not both', path: ['id'] });
    if (v.purpose && !v.businessId) ctx.addIssue({ code: 'custom', message: 'Choose a business', path: ['businessId'] });
  });
export type TRevokeConsent = z.infer<typeof ZRevokeConsentSchema>;
export const CONSENT_ALL_PURPOSES_NAME = 'Every purpose';

export const ZLenderListSchema = z.object({ lenders: z.array(z.object({ id: z.string(), name: z.string() })) });
export const ZLenderQuerySchema = z.object({ q: z.string().trim().max(100, { error: 'Must be at most 100 characters' }).optional() });

export const ZPrivacyStatusSchema = z.object({
  state: z.enum(IDENTITY_STATES),
  frozenAt: z.string().nullable(),
  fraudAlert: ZFraudAlertSchema.nullable(),
  activeConsents: z.number(),
});
export type TPrivacyStatus = z.infer<typeof ZPrivacyStatusSchema>;

export const ZFraudAlertRequestSchema = z.object({
  contactPhone: ZPhoneSchema,
  note: z.string().trim().max(300, { error: 'Must be at most 300 characters' }).optional(),
});
export type TFraudAlertRequest = z.input<typeof ZFraudAlertRequestSchema>;

// Data access log

/**
 * Who touched the file, by kind: a business (named in `businessName`), someone who opened a
 * certificate's link, the bureau itself (certificates, system jobs), the bureau's staff, another
 * consumer account (identity codes), or a business no longer known. The portal says the
 * non-business ones from its catalogue (`privacy:accessLog.accessors.<code>`, decisions/047).
 */
export const ACCESSORS = ['business', 'link_holder', 'bureau', 'bureau_staff', 'consumer_account', 'unknown'] as const;
export type TAccessor = (typeof ACCESSORS)[number];

export const ZAccessLogEntrySchema = z.object({
  at: z.string(),
  accessor: z.enum(ACCESSORS),
  /** The business's name; for another accessor, its English words ("CreditCheck SL staff", "Someone with the link"). */
  /** report, search (shown in results), search_no_hit (searched for by an identifier with no file then), dispute_response, ... */
  kind: z.string(),
  businessName: z.string(),
  purpose: z.string().nullable(),
  purposeName: z.string().nullable(),
  description: z.string(),
});
export type TAccessLogEntry = z.infer<typeof ZAccessLogEntrySchema>;
export const ZAccessLogSchema = z.object({ state: z.enum(IDENTITY_STATES), entries: z.array(ZAccessLogEntrySchema) });
export type TAccessLog = z.infer<typeof ZAccessLogSchema>;
