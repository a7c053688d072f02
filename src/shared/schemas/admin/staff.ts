import { z } from 'zod';
import { ZPasswordSchema } from '../common';

// Administration of accounts and staff: the user list, invitations of administrators and regulators, and undoing a consumer's linking.

// ---------- accounts

export const ACCOUNT_ROLES = ['consumer', 'business', 'system_admin', 'regulator'] as const;
export const ZAdminUserQuerySchema = z.object({
  role: z.enum(ACCOUNT_ROLES, { error: 'role must be consumer, business, system_admin or regulator' }).optional(),
  status: z.enum(['active', 'disabled', 'locked'], { error: 'status must be active, disabled or locked' }).optional(),
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(200).default(50),
});
export const ZAdminUserSchema = z.object({
  id: z.string(),
  role: z.enum(ACCOUNT_ROLES),
  name: z.string(),
  /** Username, email or masked NIN: what identifies the account to staff. */
  identifier: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.enum(['active', 'disabled']),
  isLocked: z.boolean(),
  lockedUntil: z.string().nullable(),
  failedLoginCount: z.number(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TAdminUser = z.infer<typeof ZAdminUserSchema>;
export const ZAdminUserListSchema = z.object({ users: z.array(ZAdminUserSchema) });
export const ZUserActionResultSchema = z.object({ user: ZAdminUserSchema, message: z.string() });

// ---------- invitations

export const STAFF_ROLES = ['system_admin', 'regulator'] as const;
export const INVITATION_VALID_HOURS = 72;
export const ZInvitationRequestSchema = z.object({
  role: z.enum(STAFF_ROLES, { error: 'role must be system_admin or regulator' }),
  email: z
    .string({ error: 'Valid email is required' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Valid email is required' }).max(200, { error: 'Valid email is required' })),
});
export type TInvitationRequest = z.input<typeof ZInvitationRequestSchema>;
export const ZInvitationSchema = z.object({
  id: z.string(),
  role: z.enum(STAFF_ROLES),
  email: z.string(),
  status: z.enum(['pending', 'accepted', 'expired', 'revoked']),
  delivery: z.enum(['email', 'link']),
  invitedBy: z.string().nullable(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TInvitation = z.infer<typeof ZInvitationSchema>;
export const ZInvitationCreatedSchema = ZInvitationSchema.extend({
  /** The one-time link, when no email carried it (demo mode, or no SMTP_URL). Shown once. */
  link: z.string().optional(),
  message: z.string(),
});
export type TInvitationCreated = z.infer<typeof ZInvitationCreatedSchema>;
export const ZInvitationListSchema = z.object({ invitations: z.array(ZInvitationSchema) });

export const ZInvitationTokenParamsSchema = z.object({
  token: z
    .string()
    .min(20, { error: 'This invitation link is not valid' })
    .max(100, { error: 'This invitation link is not valid' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'This invitation link is not valid' }),
});
export const ZInvitationInfoSchema = z.object({ role: z.enum(STAFF_ROLES), email: z.string(), expiresAt: z.string() });
export type TInvitationInfo = z.infer<typeof ZInvitationInfoSchema>;
/** POST /api/invitations/:token/accept: the staff account made from the invitation. */
export const ZInvitationAcceptedSchema = z.object({ id: z.string(), role: z.enum(STAFF_ROLES), message: z.string() });

const UNLINK_REASON_MESSAGE = 'Give the reason: the documents you checked and what they showed';
/** POST /api/admin/consumers/:id/unlink (decisions/021): why the linking is undone, after checking ID documents. */
export const ZUnlinkConsumerSchema = z.object({
  reason: z
    .string({ error: UNLINK_REASON_MESSAGE })
    .trim()
    .min(10, { error: UNLINK_REASON_MESSAGE })
    .max(1000, { error: 'Must be at most 1000 characters' }),
});
export const ZUnlinkConsumerResultSchema = z.object({ message: z.string(), id: z.string() });
/** A staff member's username (invitation, the first administrator's command). */
export const ZStaffUsernameSchema = z
  .string({ error: 'Username must be at least 3 characters' })
  .trim()
  .toLowerCase()
  .min(3, { error: 'Username must be at least 3 characters' })
  .max(50, { error: 'Username must be at most 50 characters' })
  .regex(/^[a-z0-9._-]+$/, { error: 'Use letters, digits, dots, dashes or underscores' });

export const ZAcceptInvitationSchema = z
  .object({
    fullName: z
      .string({ error: 'Full name is required' })
      .trim()
      .min(2, { error: 'Full name is required' })
      .max(120, { error: 'Must be at most 120 characters' }),
    username: ZStaffUsernameSchema,
    position: z.string().trim().max(120, { error: 'Must be at most 120 characters' }).optional(),
    password: ZPasswordSchema,
    confirmPassword: z.string({ error: 'Please confirm your password' }).min(8, { error: 'Please confirm your password' }).max(200),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' });
export type TAcceptInvitation = z.input<typeof ZAcceptInvitationSchema>;
