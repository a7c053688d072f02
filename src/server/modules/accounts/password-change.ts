import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';
import { badRequest, notFound } from '../../lib/http-error';
import { recordAuditEvent, type AuditEventInput } from '../audit';
import { hashPassword, verifyPassword } from './passwords';
import { deleteUserSessions } from './sessions';

/** The signed-in user changing their own password, from the session they use. */
export interface PasswordOwner {
  userId: string;
  sessionId: string;
  /** For a business user: the business acted for, named in the audit events. */
  businessId?: string | null;
  audit: Pick<AuditEventInput, 'actorUserId' | 'actorRole' | 'ip' | 'requestId'>;
}

/**
 * The words of the two password forms (the specification words the consumer's Settings form its
 * own way): the wrong current password, and a new password equal to it where that is refused.
 */
export interface PasswordWording {
  wrongCurrent: string;
  sameAsCurrent?: string;
}
const STAFF_WORDING: PasswordWording = { wrongCurrent: 'The current password is not right' };
export const CONSUMER_WORDING: PasswordWording = {
  wrongCurrent: 'Your current password is not right',
  sameAsCurrent: 'Choose a password different from the current one',
};

/**
 * Changes the signed-in user's password after checking the current one, and ends every other
 * session of that user (a stolen session dies with the old password); this session stays.
 * Businesses, their team members, administrators and regulators change their password here.
 */
export async function changeOwnPassword(
  db: Database,
  owner: PasswordOwner,
  input: { currentPassword: string; newPassword: string },
  wording: PasswordWording = STAFF_WORDING,
): Promise<void> {
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, owner.userId)).limit(1);
  if (!user) throw notFound('User not found');
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await recordAuditEvent(db, {
      ...owner.audit,
      action: 'auth.password_change_failed',
      businessId: owner.businessId,
      details: { reason: 'wrong_current_password' },
    });
    throw badRequest([{ field: 'currentPassword', message: wording.wrongCurrent }]);
  }
  if (wording.sameAsCurrent && input.currentPassword === input.newPassword)
    throw badRequest([{ field: 'newPassword', message: wording.sameAsCurrent }]);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, owner.userId));
    await deleteUserSessions(tx, owner.userId, owner.sessionId);
    await recordAuditEvent(tx, {
      ...owner.audit,
      action: 'auth.password_changed',
      businessId: owner.businessId,
      targetType: 'user',
      targetId: owner.userId,
    });
  });
}
