import { z } from 'zod';

// The answers of the four "me" calls (spec section 2: the signed-in role is the first that answers).
// Imports nothing but zod: the web's session check loads this module on its own (decisions/012).

export const ZBusinessMeSchema = z.object({
  id: z.string(),
  role: z.literal('business'),
  username: z.string().nullable(),
  email: z.string().nullable(),
  businessName: z.string(),
  businessType: z.string().nullable(),
  contactName: z.string(),
  verificationStatus: z.string(),
  planCode: z.string(),
  subscriptionStatus: z.string(),
  nextBillingDate: z.string().nullable(),
  /** False for a team member: only the owner manages plan, team and API keys (decisions/014). */
  isOwner: z.boolean().optional(),
});
export const ZConsumerMeSchema = z.object({
  id: z.string(),
  role: z.literal('consumer'),
  firstName: z.string(),
  lastName: z.string(),
  maskedNationalId: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  identityVerified: z.boolean(),
  /**
   * A language's code ('en', 'kri': one a catalogue file, src/shared/i18n/languages.ts), read with
   * languageOf. Any string, so the session check imports nothing but zod and a new language needs no change here.
   */
  language: z.string(),
});
export const ZStaffMeSchema = z.object({
  id: z.string(),
  role: z.enum(['system_admin', 'regulator']),
  username: z.string().nullable(),
  email: z.string().nullable(),
  fullName: z.string(),
  organisation: z.string().nullable(),
});
export type TBusinessMe = z.infer<typeof ZBusinessMeSchema>;
export type TConsumerMe = z.infer<typeof ZConsumerMeSchema>;
export type TStaffMe = z.infer<typeof ZStaffMeSchema>;
