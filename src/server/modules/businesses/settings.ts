import { toE164 } from '@shared/identity';
import type { TBusinessProfile, TBusinessProfileUpdate, TTeam, TTeamMemberCreate } from '@shared/schemas/business';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';
import { businessMembers, businessProfiles, plans, users } from '../../db/schema/index';
import { assertOwner, isOwner, type BusinessActor } from '../../lib/business-actor';
import { uniqueViolationConstraint } from '../../lib/db-errors';
import { HttpError, conflict, notFound } from '../../lib/http-error';
import { deleteUserSessions, hashPassword } from '../accounts';
import { recordAuditEvent } from '../audit';

const ZDateOrText = z.union([z.date(), z.string()]);

export async function getBusinessProfile(db: Database, actor: BusinessActor): Promise<TBusinessProfile> {
  const [row] = await queryParsedRows(
    db,
    z.object({
      business_name: z.string(),
      business_type: z.string().nullable(),
      registration_number: z.string(),
      tax_id: z.string().nullable(),
      address: z.string().nullable(),
      contact_name: z.string(),
      contact_position: z.string().nullable(),
      phone: z.string(),
      email: z.string(),
      verification_status: z.string(),
      created_at: ZDateOrText,
      user_username: z.string().nullable(),
      user_email: z.string().nullable(),
      member_name: z.string().nullable(),
    }),
    sql`SELECT bp.business_name, bp.business_type, bp.registration_number, bp.tax_id, bp.address, bp.contact_name, bp.contact_position,
          bp.phone, bp.email, bp.verification_status::text AS verification_status, bp.created_at,
          u.username AS user_username, u.email AS user_email, m.full_name AS member_name
        FROM business_profiles bp
        JOIN users u ON u.id = ${actor.userId}::uuid
        LEFT JOIN business_members m ON m.user_id = u.id
        WHERE bp.user_id = ${actor.businessId}::uuid`,
  );
  if (!row) throw notFound('Business profile not found');
  return {
    businessId: actor.businessId,
    businessName: row.business_name,
    businessType: row.business_type,
    registrationNumber: row.registration_number,
    taxId: row.tax_id,
    address: row.address,
    contactName: row.contact_name,
    contactPosition: row.contact_position,
    phone: row.phone,
    email: row.email,
    verificationStatus: row.verification_status,
    createdAt: new Date(row.created_at).toISOString(),
    user: {
      id: actor.userId,
      username: row.user_username,
      email: row.user_email,
      fullName: row.member_name ?? row.contact_name,
      isOwner: isOwner(actor),
    },
  };
}

export async function updateBusinessProfile(db: Database, actor: BusinessActor, input: TBusinessProfileUpdate): Promise<TBusinessProfile> {
  assertOwner(actor, 'change the business profile');
  const phone = toE164(input.phone)!;
  await db.transaction(async (tx) => {
    await tx
      .update(businessProfiles)
      .set({ contactName: input.contactName, contactPosition: input.contactPosition, phone, email: input.email, address: input.address })
      .where(eq(businessProfiles.userId, actor.businessId));
    await recordAuditEvent(tx, {
      ...actor.audit,
      action: 'business.profile_updated',
      businessId: actor.businessId,
      targetType: 'business',
      targetId: actor.businessId,
      details: { fields: ['contactName', 'contactPosition', 'phone', 'email', 'address'] },
    });
  });
  return getBusinessProfile(db, actor);
}

export async function getTeam(db: Database, actor: BusinessActor): Promise<TTeam> {
  const [[plan], members] = await Promise.all([
    db
      .select({ maxMembers: plans.maxTeamMembers, planName: plans.name })
      .from(businessProfiles)
      .innerJoin(plans, eq(plans.code, businessProfiles.planCode))
      .where(eq(businessProfiles.userId, actor.businessId))
      .limit(1),
    queryParsedRows(
      db,
      z.object({
        user_id: z.string(),
        full_name: z.string(),
        username: z.string().nullable(),
        email: z.string().nullable(),
        position: z.string().nullable(),
        is_owner: z.boolean(),
        last_login_at: ZDateOrText.nullable(),
        created_at: ZDateOrText,
      }),
      sql`SELECT u.id AS user_id, bp.contact_name AS full_name, u.username, u.email, bp.contact_position AS position, true AS is_owner,
            u.last_login_at, u.created_at
          FROM business_profiles bp JOIN users u ON u.id = bp.user_id
          WHERE bp.user_id = ${actor.businessId}::uuid
          UNION ALL
          SELECT u.id, m.full_name, u.username, u.email, m.position, false, u.last_login_at, m.created_at
          FROM business_members m JOIN users u ON u.id = m.user_id
          WHERE m.business_id = ${actor.businessId}::uuid AND m.removed_at IS NULL
          ORDER BY is_owner DESC, created_at`,
    ),
  ]);
  if (!plan) throw notFound('Business profile not found');
  return {
    maxMembers: plan.maxMembers,
    planName: plan.planName,
    canManage: isOwner(actor),
    members: members.map((m) => ({
      userId: m.user_id,
      fullName: m.full_name,
      username: m.username,
      email: m.email,
      position: m.position,
      isOwner: m.is_owner,
      lastLoginAt: m.last_login_at ? new Date(m.last_login_at).toISOString() : null,
      createdAt: new Date(m.created_at).toISOString(),
    })),
  };
}

const TEAM_CONFLICTS = {
  username: 'This username is already taken',
  email: 'An account with this email already exists',
} as const;

/** Any fixed number, paired with the business: two additions racing for the last seat take turns. */
const TEAM_LOCK = 7_232_106;

/**
 * Adds a team member with their own sign-in: a user of role business linked to this business. The
 * plan's max_team_members counts everyone who signs in for the business, the owner included.
 */
export async function addTeamMember(db: Database, actor: BusinessActor, input: TTeamMemberCreate) {
  assertOwner(actor, 'add team members');
  const username = input.username.toLowerCase();
  for (const field of ['username', 'email'] as const) {
    const value = field === 'username' ? username : input.email;
    const taken = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'business'), eq(users[field], value)))
      .limit(1);
    if (taken.length > 0) throw conflict(field, TEAM_CONFLICTS[field]);
  }
  const passwordHash = await hashPassword(input.password);
  try {
    const userId = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${TEAM_LOCK}, hashtext(${actor.businessId}))`);
      const [seats] = await queryParsedRows(
        tx,
        z.object({ max_members: z.coerce.number<number | string>(), members: z.coerce.number<number | string>(), plan_name: z.string() }),
        sql`SELECT p.max_team_members AS max_members, p.name AS plan_name,
              1 + (SELECT count(*)::int FROM business_members m WHERE m.business_id = bp.user_id AND m.removed_at IS NULL) AS members
            FROM business_profiles bp JOIN plans p ON p.code = bp.plan_code
            WHERE bp.user_id = ${actor.businessId}::uuid`,
      );
      if (!seats) throw notFound('Business profile not found');
      if (Number(seats.members) >= Number(seats.max_members)) {
        throw new HttpError(
          403,
          seats.max_members <= 1
            ? `Your ${seats.plan_name} plan has no room for team members. Upgrade on the Subscription page (/subscribe) to add colleagues.`
            : `Your ${seats.plan_name} plan allows ${seats.max_members} people, the owner included, and all are in use. Remove a member or upgrade on the Subscription page (/subscribe).`,
        );
      }
      const [user] = await tx
        .insert(users)
        .values({ role: 'business', username, email: input.email, passwordHash })
        .returning({ id: users.id });
      await tx.insert(businessMembers).values({
        userId: user.id,
        businessId: actor.businessId,
        fullName: input.fullName,
        position: input.position || null,
        addedBy: actor.userId,
      });
      await recordAuditEvent(tx, {
        ...actor.audit,
        action: 'business.team_member_added',
        businessId: actor.businessId,
        targetType: 'user',
        targetId: user.id,
        details: { username },
      });
      return user.id;
    });
    const team = await getTeam(db, actor);
    return team.members.find((m) => m.userId === userId)!;
  } catch (error) {
    const constraint = uniqueViolationConstraint(error);
    if (constraint?.includes('username')) throw conflict('username', TEAM_CONFLICTS.username);
    if (constraint?.includes('email')) throw conflict('email', TEAM_CONFLICTS.email);
    throw error;
  }
}

/**
 * Removes a member: their user is disabled (its sessions end at once) but kept, since the
 * inquiries and files they made name them. Another business's member, or the owner, is 404.
 */
export async function removeTeamMember(db: Database, actor: BusinessActor, memberUserId: string): Promise<void> {
  assertOwner(actor, 'remove team members');
  await db.transaction(async (tx) => {
    const removed = await tx
      .update(businessMembers)
      .set({ removedAt: new Date() })
      .where(
        and(eq(businessMembers.userId, memberUserId), eq(businessMembers.businessId, actor.businessId), isNull(businessMembers.removedAt)),
      )
      .returning({ userId: businessMembers.userId });
    if (removed.length === 0) throw notFound('No such team member');
    await tx.update(users).set({ status: 'disabled', updatedAt: new Date() }).where(eq(users.id, memberUserId));
    await deleteUserSessions(tx, memberUserId);
    await recordAuditEvent(tx, {
      ...actor.audit,
      action: 'business.team_member_removed',
      businessId: actor.businessId,
      targetType: 'user',
      targetId: memberUserId,
    });
  });
}
