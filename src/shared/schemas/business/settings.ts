import { z } from 'zod';
import { API_KEY_SCOPES } from '../../api-key-scopes';
import { toE164 } from '../../identity';
import { ZPasswordSchema, requiredText } from '../common';

// The business's settings: profile, password, subscription and invoices, team members and Enterprise API keys.

const emailField = (message = 'Valid email is required') =>
  z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: message }).max(254, { error: message }));

const phoneField = z
  .string({ error: 'Valid phone number is required' })
  .trim()
  .min(1, { error: 'Valid phone number is required' })
  .max(30, { error: 'Valid phone number is required' })
  .refine((v) => toE164(v) !== null, { error: 'Valid phone number is required' });

export const ZBusinessProfileSchema = z.object({
  businessId: z.string(),
  businessName: z.string(),
  businessType: z.string().nullable(),
  registrationNumber: z.string(),
  taxId: z.string().nullable(),
  address: z.string().nullable(),
  contactName: z.string(),
  contactPosition: z.string().nullable(),
  phone: z.string(),
  email: z.string(),
  verificationStatus: z.string(),
  createdAt: z.string(),
  /** The signed-in user: the owner, or a team member. */
  user: z.object({
    id: z.string(),
    username: z.string().nullable(),
    email: z.string().nullable(),
    fullName: z.string(),
    isOwner: z.boolean(),
  }),
});
export type TBusinessProfile = z.infer<typeof ZBusinessProfileSchema>;

/** What the owner may change; the name, registration and tax numbers are verified and change through an administrator. */
export const ZBusinessProfileUpdateSchema = z.object({
  contactName: requiredText('Contact name is required', 2),
  contactPosition: requiredText('Position is required', 2),
  phone: phoneField,
  email: emailField(),
  address: requiredText('Address is required', 5, 300),
});
export type TBusinessProfileUpdate = z.input<typeof ZBusinessProfileUpdateSchema>;

const whenPasswordsPresent = {
  when: (payload: { value: unknown }) => {
    const v = payload.value as { newPassword?: unknown; confirmPassword?: unknown } | null;
    return typeof v?.newPassword === 'string' && typeof v?.confirmPassword === 'string';
  },
};

export const ZPasswordChangeSchema = z
  .object({
    currentPassword: z.string({ error: 'Current password is required' }).min(1, { error: 'Current password is required' }).max(200),
    newPassword: ZPasswordSchema,
    confirmPassword: z.string({ error: 'Passwords do not match' }).max(200),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: 'Passwords do not match',
    path: ['confirmPassword'],
    ...whenPasswordsPresent,
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    error: 'Choose a password different from the current one',
    path: ['newPassword'],
    ...whenPasswordsPresent,
  });
export type TPasswordChange = z.infer<typeof ZPasswordChangeSchema>;

export const ZInvoiceSchema = z.object({
  number: z.string(),
  planCode: z.string(),
  planName: z.string(),
  amountUsdCents: z.number(),
  /** SLE at the rate of the day of issue, as an exact decimal string ("5687.50"). */
  amountSle: z.string(),
  exchangeRateSlePerUsd: z.string(),
  /** How it was paid, in words: Card, Orange Money, Afrimoney, Plan credit (decisions/046). */
  paymentMethod: z.string().optional(),
  status: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  issuedAt: z.string(),
});
export type TInvoice = z.infer<typeof ZInvoiceSchema>;

export const ZSubscriptionSchema = z.object({
  plan: z.object({
    code: z.string(),
    name: z.string(),
    priceUsdCents: z.number().nullable(),
    isFree: z.boolean(),
    monthlyInquiryQuota: z.number(),
    hasApiAccess: z.boolean(),
    hasWhiteLabel: z.boolean(),
    maxTeamMembers: z.number(),
  }),
  subscriptionStatus: z.string(),
  nextBillingDate: z.string().nullable(),
  autoRenew: z.boolean(),
  invoices: z.array(ZInvoiceSchema),
  /** Only the owner changes the plan, auto-renewal, team and API keys. */
  canManage: z.boolean(),
});
export type TSubscription = z.infer<typeof ZSubscriptionSchema>;

export const ZSubscriptionUpdateSchema = z.object({ autoRenew: z.boolean({ error: 'autoRenew must be true or false' }) });

export const ZTeamMemberSchema = z.object({
  userId: z.string(),
  fullName: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  position: z.string().nullable(),
  isOwner: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TTeamMember = z.infer<typeof ZTeamMemberSchema>;

export const ZTeamSchema = z.object({
  /** Everyone who signs in for the business, the owner included, counts against the plan's limit. */
  maxMembers: z.number(),
  planName: z.string(),
  canManage: z.boolean(),
  members: z.array(ZTeamMemberSchema),
});
export type TTeam = z.infer<typeof ZTeamSchema>;

export const ZTeamMemberCreateSchema = z
  .object({
    fullName: requiredText('Full name is required', 2, 100),
    position: z.string().trim().max(100, { error: 'Must be at most 100 characters' }).optional(),
    username: z
      .string({ error: 'Username must be at least 3 characters' })
      .trim()
      .min(3, { error: 'Username must be at least 3 characters' })
      .max(60, { error: 'Username must be at most 60 characters' })
      .regex(/^[A-Za-z0-9._@-]+$/, { error: 'Username may contain letters, digits and . _ @ - only' }),
    email: emailField(),
    password: ZPasswordSchema,
    confirmPassword: z.string({ error: 'Passwords do not match' }).max(200),
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: 'Passwords do not match',
    path: ['confirmPassword'],
    when: (payload) => {
      const v = payload.value as { password?: unknown; confirmPassword?: unknown } | null;
      return typeof v?.password === 'string' && typeof v?.confirmPassword === 'string';
    },
  });
export type TTeamMemberCreate = z.infer<typeof ZTeamMemberCreateSchema>;
export type TTeamMemberCreateInput = z.input<typeof ZTeamMemberCreateSchema>;

export const ZUserIdParamsSchema = z.object({ id: z.uuid({ error: 'Not a team member id' }) });

export const ZApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the key, to tell keys apart ("ccsl_Xy12Ab"). */
  prefix: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** What the key may do (src/shared/api-key-scopes.ts, decisions/032). */
  scopes: z.array(z.enum(API_KEY_SCOPES)),
});
export type TApiKey = z.infer<typeof ZApiKeySchema>;

export const ZApiKeyListSchema = z.object({
  hasApiAccess: z.boolean(),
  canManage: z.boolean(),
  keys: z.array(ZApiKeySchema),
});
export type TApiKeyList = z.infer<typeof ZApiKeyListSchema>;

const SCOPES_MESSAGE = `Choose at least one scope: ${API_KEY_SCOPES.join(', ')}`;

export const ZApiKeyCreateSchema = z.object({
  name: requiredText('Give the key a name, such as the system that will use it', 1, 60),
  /** At least one; a key may do only what is named here (a repeated name counts once). */
  scopes: z
    .array(
      z.enum(API_KEY_SCOPES, {
        error: (issue) => `Unknown scope ${JSON.stringify(issue.input)}: the scopes are ${API_KEY_SCOPES.join(', ')}`,
      }),
      { error: SCOPES_MESSAGE },
    )
    .min(1, { error: SCOPES_MESSAGE })
    .max(API_KEY_SCOPES.length * 2, { error: `List each scope once: there are ${API_KEY_SCOPES.length}` }),
});
export type TApiKeyCreate = z.infer<typeof ZApiKeyCreateSchema>;

/** The answer to creating a key: the only time the whole key is shown. */
export const ZApiKeyCreatedSchema = ZApiKeySchema.extend({ key: z.string() });
export type TApiKeyCreated = z.infer<typeof ZApiKeyCreatedSchema>;

export const ZApiKeyIdParamsSchema = z.object({ id: z.uuid({ error: 'Not an API key id' }) });
