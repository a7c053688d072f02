import { z } from 'zod';
import { isValidNationalId, normalizeNationalId, toE164 } from '../identity';
import { ZPasswordSchema, requiredText } from './common';

export const BUSINESS_TYPES = [
  { value: 'retail', label: 'Retail' },
  { value: 'wholesale', label: 'Wholesale' },
  { value: 'service', label: 'Service' },
  { value: 'manufacturing', label: 'Manufacturing' },
  { value: 'financial', label: 'Financial Services' },
  { value: 'other', label: 'Other' },
] as const;
const BUSINESS_TYPE_VALUES = BUSINESS_TYPES.map((t) => t.value) as [string, ...string[]];

/** Sign-in payload of every role (spec section 3). The server checks only presence here. */
export const ZLoginSchema = z.object({
  username: requiredText('Username, email, or ID number is required', 1, 200),
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(200),
});
export type TLogin = z.infer<typeof ZLoginSchema>;

/** Business login screen (/login) form messages. */
export const ZBusinessLoginFormSchema = z.object({
  username: z.string().min(1, { error: 'Please enter your username' }),
  password: z.string().min(1, { error: 'Please enter your password' }),
  rememberMe: z.boolean().optional(),
});

/** Administrator login page (/admin/login) form messages. */
export const ZAdminLoginFormSchema = z.object({
  username: z.string().min(1, { error: 'Username is required' }),
  password: z.string().min(1, { error: 'Password is required' }),
});

/** Access portal sign-in form messages. */
export const ZPortalLoginFormSchema = z.object({
  userType: z.enum(['system_admin', 'business', 'consumer', 'regulator'], { error: 'Please select your user type' }),
  username: z.string().min(1, { error: 'Username, email, or ID number is required' }),
  password: z.string().min(1, { error: 'Password is required' }),
});

/**
 * zod skips object-level refinements while any field is invalid; this runs the password match as
 * soon as both password fields are strings, so its message shows with the other fields' messages.
 */
const whenPasswordsPresent = {
  when: (payload: { value: unknown }) => {
    const v = payload.value as { password?: unknown; confirmPassword?: unknown } | null;
    return typeof v?.password === 'string' && typeof v?.confirmPassword === 'string';
  },
};

const phoneField = (requiredMessage: string, min = 1) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(min, { error: requiredMessage })
    .max(30, { error: 'Valid phone number is required' })
    .refine((v) => v.length < min || toE164(v) !== null, { error: 'Valid phone number is required' });

const emailField = (message = 'Valid email is required') =>
  z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: message }).max(254, { error: message }));

/** Fields sent by the registration screen (/register); confirmPassword and terms stay in the browser. */
export const ZBusinessRegistrationScreenPayloadSchema = z.object({
  businessName: requiredText('Business name is required', 2),
  businessType: z.enum(BUSINESS_TYPE_VALUES, { error: 'Please select a business type' }),
  registrationNumber: requiredText('Registration number is required', 2, 60),
  taxId: requiredText('Tax ID is required', 2, 60),
  address: requiredText('Address is required', 5, 300),
  contactName: requiredText('Contact name is required', 2),
  contactPosition: requiredText('Position is required', 2),
  phone: phoneField('Valid phone number is required', 10),
  email: emailField(),
  password: ZPasswordSchema,
});
export type TBusinessRegistrationScreenPayload = z.infer<typeof ZBusinessRegistrationScreenPayloadSchema>;

/** The registration screen's form: the payload plus the two fields that stay in the browser. */
export const ZBusinessRegistrationFormSchema = ZBusinessRegistrationScreenPayloadSchema.extend({
  confirmPassword: z.string().min(8, { error: 'Please confirm your password' }),
  terms: z.literal(true, { error: 'You must agree to the terms and conditions' }),
}).refine((v) => v.password === v.confirmPassword, { error: 'Passwords do not match', path: ['confirmPassword'], ...whenPasswordsPresent });
export type TBusinessRegistrationForm = z.input<typeof ZBusinessRegistrationFormSchema>;

/** The access portal's business registration payload (sent whole, confirmPassword and agreeToTerms included). */
export const ZBusinessPortalRegistrationSchema = z
  .object({
    userType: z.literal('business'),
    businessName: requiredText('Business name is required', 1),
    registrationNumber: requiredText('Registration number is required', 1, 60),
    contactName: requiredText('Contact person name is required', 1),
    email: emailField(),
    phone: phoneField('Phone number is required'),
    username: z
      .string({ error: 'Username must be at least 3 characters' })
      .trim()
      .min(3, { error: 'Username must be at least 3 characters' })
      .max(60, { error: 'Username must be at most 60 characters' })
      .regex(/^[A-Za-z0-9._@-]+$/, { error: 'Username may contain letters, digits and . _ @ - only' }),
    password: ZPasswordSchema,
    confirmPassword: z.string({ error: "Passwords don't match" }),
    agreeToTerms: z.literal(true, { error: 'You must agree to the terms' }),
  })
  .refine((v) => v.password === v.confirmPassword, { error: "Passwords don't match", path: ['confirmPassword'], ...whenPasswordsPresent });
export type TBusinessPortalRegistration = z.infer<typeof ZBusinessPortalRegistrationSchema>;

/**
 * POST /api/businesses/register accepts both shapes of the specification. The portal's carries
 * userType; the registration screen's does not, so the server tells them apart by that field.
 */
export function isPortalBusinessRegistration(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'userType' in body;
}

function isPastDate(v: string): boolean {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.getTime() < Date.now();
}

export const ZConsumerRegistrationSchema = z
  .object({
    userType: z.literal('consumer').optional(),
    nationalId: z
      .string({ error: 'National ID is required' })
      .trim()
      .min(1, { error: 'National ID is required' })
      .refine(isValidNationalId, { error: 'National ID must be 6 to 20 letters and digits' })
      .transform(normalizeNationalId),
    firstName: requiredText('First name is required', 1, 100),
    lastName: requiredText('Last name is required', 1, 100),
    email: z
      .union([z.literal(''), emailField('Invalid email')])
      .optional()
      .transform((v) => (v ? v : undefined)),
    phone: phoneField('Phone number is required'),
    dateOfBirth: z
      .string({ error: 'Date of birth is required' })
      .min(1, { error: 'Date of birth is required' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Invalid date' })
      .refine(isPastDate, { error: 'Invalid date' }),
    password: ZPasswordSchema,
    confirmPassword: z.string({ error: "Passwords don't match" }),
    consentToDataProcessing: z.literal(true, { error: 'Consent to data processing is required' }),
    agreeToTerms: z.literal(true, { error: 'You must agree to the terms' }),
  })
  .refine((v) => v.password === v.confirmPassword, { error: "Passwords don't match", path: ['confirmPassword'], ...whenPasswordsPresent });
export type TConsumerRegistration = z.infer<typeof ZConsumerRegistrationSchema>;
export type TConsumerRegistrationForm = z.input<typeof ZConsumerRegistrationSchema>;

export const ZRegisteredSchema = z.object({ id: z.string(), message: z.string() });

/** A sign-in's answer (every role's /login). */
export const ZLoginResultSchema = z.object({ message: z.string(), id: z.string(), role: z.string() });

// The "me" answers live in me.ts, apart from the registration rules, so the web's session check
// loads them without the phone library (decisions/012).
export { ZBusinessMeSchema, ZConsumerMeSchema, ZStaffMeSchema, type TBusinessMe, type TConsumerMe, type TStaffMe } from './me';
