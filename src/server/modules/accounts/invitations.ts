import {
  INVITATION_VALID_HOURS,
  type TAcceptInvitation,
  type TInvitation,
  type TInvitationCreated,
  type TInvitationInfo,
} from '@shared/schemas/admin';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';
import { staffInvitations, staffProfiles, users } from '../../db/schema/index';
import { uniqueViolationConstraint } from '../../lib/db-errors';
import { HttpError, conflict, notFound } from '../../lib/http-error';
import type { Mailer } from '../../lib/mailer';
import { recordAuditEvent, type AuditContext } from '../audit';
import { hashPassword } from './passwords';
import { hashToken } from './sessions';

type StaffRole = 'system_admin' | 'regulator';

const ROLE_NAME: Record<StaffRole, string> = { system_admin: 'administrator', regulator: 'regulator' };
export const INVALID_INVITATION = 'This invitation link is not valid or has expired. Ask an administrator for a new one.';

type InvitationRow = typeof staffInvitations.$inferSelect;

function statusOf(row: Pick<InvitationRow, 'acceptedAt' | 'revokedAt' | 'expiresAt'>, now = Date.now()): TInvitation['status'] {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt.getTime() <= now ? 'expired' : 'pending';
}

function toInvitation(row: InvitationRow & { invitedByName?: string | null }): TInvitation {
  return {
    id: row.id,
    role: row.role,
    email: row.email,
    status: statusOf(row),
    delivery: row.delivery === 'email' ? 'email' : 'link',
    invitedBy: row.invitedByName ?? null,
    expiresAt: row.expiresAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listInvitations(db: Database): Promise<TInvitation[]> {
  const rows = await db
    .select({ invitation: staffInvitations, invitedByName: staffProfiles.fullName })
    .from(staffInvitations)
    .leftJoin(staffProfiles, eq(staffProfiles.userId, staffInvitations.invitedBy))
    .orderBy(desc(staffInvitations.createdAt))
    .limit(200);
  return rows.map((r) => toInvitation({ ...r.invitation, invitedByName: r.invitedByName }));
}

/**
 * Invites an administrator or regulator: a 256-bit one-time token, only its hash stored, valid for
 * 72 hours. A pending invitation to the same address and role is revoked (this one replaces it).
 * The link goes by email when SMTP is configured; otherwise (and in demo mode) it is shown to the
 * administrator, who passes it on.
 */
export async function createInvitation(
  db: Database,
  input: { role: StaffRole; email: string },
  options: { mailer: Mailer; baseUrl: string; isDemoMode: boolean },
  context: AuditContext,
): Promise<TInvitationCreated> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, input.role), eq(users.email, input.email)))
    .limit(1);
  if (existing) throw conflict('email', `An ${ROLE_NAME[input.role]} account with this email already exists`);

  const token = randomBytes(32).toString('base64url');
  const link = `${options.baseUrl}/invite/${token}`;
  const expiresAt = new Date(Date.now() + INVITATION_VALID_HOURS * 3600 * 1000);
  const row = await db.transaction(async (tx) => {
    await tx
      .update(staffInvitations)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(staffInvitations.email, input.email),
          eq(staffInvitations.role, input.role),
          isNull(staffInvitations.acceptedAt),
          isNull(staffInvitations.revokedAt),
        ),
      );
    const [inserted] = await tx
      .insert(staffInvitations)
      .values({
        role: input.role,
        email: input.email,
        tokenHash: hashToken(token),
        invitedBy: context.actorUserId ?? null,
        expiresAt,
        delivery: options.mailer.isConfigured ? 'email' : 'link',
      })
      .returning();
    await recordAuditEvent(tx, {
      action: 'admin.invitation_created',
      ...context,
      targetType: 'invitation',
      targetId: inserted.id,
      details: { role: input.role, delivery: inserted.delivery, expiresAt: expiresAt.toISOString() },
    });
    return inserted;
  });

  let delivery: 'email' | 'link' = 'link';
  if (options.mailer.isConfigured) {
    try {
      await options.mailer.send({
        to: input.email,
        subject: `Your invitation to CreditCheck SL as ${ROLE_NAME[input.role]}`,
        text: [
          `You have been invited to CreditCheck SL, the credit bureau of Sierra Leone, as ${ROLE_NAME[input.role]}.`,
          '',
          `Open this link to choose your username and password (it works once, until ${expiresAt.toUTCString()}):`,
          link,
          '',
          'If you did not expect this invitation, ignore this email.',
        ].join('\n'),
      });
      delivery = 'email';
    } catch {
      // The invitation stands; the administrator gets the link to pass on instead.
      await db.update(staffInvitations).set({ delivery: 'link' }).where(eq(staffInvitations.id, row.id));
    }
  }
  const isLinkShown = delivery === 'link' || options.isDemoMode;
  return {
    ...toInvitation({ ...row, delivery }),
    ...(isLinkShown ? { link } : {}),
    message:
      delivery === 'email'
        ? `Invitation emailed to ${input.email}. The link works once, for ${INVITATION_VALID_HOURS} hours.`
        : `No email was sent${options.mailer.isConfigured ? ' (the mail server refused it)' : ''}: give this one-time link to ${input.email}. It works once, for ${INVITATION_VALID_HOURS} hours.`,
  };
}

export async function revokeInvitation(db: Database, id: string, context: AuditContext): Promise<TInvitation> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(staffInvitations).where(eq(staffInvitations.id, id)).for('update').limit(1);
    if (!row) throw notFound('Invitation not found');
    if (statusOf(row) !== 'pending') throw new HttpError(409, `This invitation is already ${statusOf(row)}.`);
    const [updated] = await tx.update(staffInvitations).set({ revokedAt: new Date() }).where(eq(staffInvitations.id, id)).returning();
    await recordAuditEvent(tx, {
      action: 'admin.invitation_revoked',
      ...context,
      targetType: 'invitation',
      targetId: id,
      details: { role: row.role },
    });
    return toInvitation(updated);
  });
}

async function findPendingByToken(db: Database, token: string, lock = false) {
  const query = db
    .select()
    .from(staffInvitations)
    .where(
      and(
        eq(staffInvitations.tokenHash, hashToken(token)),
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
        gt(staffInvitations.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function getInvitationInfo(db: Database, token: string): Promise<TInvitationInfo> {
  const row = await findPendingByToken(db, token);
  if (!row) throw notFound(INVALID_INVITATION);
  return { role: row.role, email: row.email, expiresAt: row.expiresAt.toISOString() };
}

/** The invitee sets a username and password: the account is created and the link is used up, together. */
export async function acceptInvitation(
  db: Database,
  token: string,
  input: Omit<TAcceptInvitation, 'confirmPassword'> & { confirmPassword?: string },
  meta: { ip?: string; requestId?: string },
) {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const invitation = await findPendingByToken(tx, token, true);
      if (!invitation) throw notFound(INVALID_INVITATION);
      const username = input.username.toLowerCase();
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, invitation.role), eq(users.username, username)))
        .limit(1);
      if (taken) throw conflict('username', 'This username is already taken');
      const [user] = await tx
        .insert(users)
        .values({ role: invitation.role, username, email: invitation.email, passwordHash, passwordChangedAt: new Date() })
        .returning({ id: users.id });
      await tx.insert(staffProfiles).values({
        userId: user.id,
        fullName: input.fullName,
        organisation: invitation.role === 'regulator' ? 'Bank of Sierra Leone' : 'CreditCheck SL',
        position: input.position || null,
      });
      await tx
        .update(staffInvitations)
        .set({ acceptedAt: new Date(), acceptedUserId: user.id })
        .where(eq(staffInvitations.id, invitation.id));
      await recordAuditEvent(tx, {
        action: 'auth.invitation_accepted',
        actorUserId: user.id,
        actorRole: invitation.role,
        ip: meta.ip,
        requestId: meta.requestId,
        targetType: 'invitation',
        targetId: invitation.id,
        details: { role: invitation.role },
      });
      return { id: user.id, role: invitation.role };
    });
  } catch (error) {
    const constraint = uniqueViolationConstraint(error);
    if (constraint?.includes('username')) throw conflict('username', 'This username is already taken');
    if (constraint?.includes('email')) throw conflict('username', 'An account with this email already exists');
    throw error;
  }
}
