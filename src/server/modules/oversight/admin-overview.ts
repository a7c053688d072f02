import type { TAdminOverview } from '@shared/schemas/admin';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/query';

const n = (v: unknown) => Number(v ?? 0);
const iso = (v: Date | string | null | undefined) => (v ? new Date(v).toISOString() : null);

/** The System Overview figures, read from the database (no sample numbers). */
export async function readAdminOverview(db: Database): Promise<TAdminOverview> {
  const [u] = await queryRows<Record<string, number>>(
    db,
    sql`SELECT count(*) FILTER (WHERE role = 'business') AS businesses, count(*) FILTER (WHERE role = 'consumer') AS consumers,
          count(*) FILTER (WHERE role = 'system_admin') AS administrators, count(*) FILTER (WHERE role = 'regulator') AS regulators,
          count(*) FILTER (WHERE status = 'disabled') AS disabled, count(*) FILTER (WHERE locked_until > now()) AS locked
        FROM users`,
  );
  const [b] = await queryRows<Record<string, number>>(
    db,
    sql`SELECT count(*) FILTER (WHERE verification_status = 'pending') AS pending, count(*) FILTER (WHERE verification_status = 'verified') AS verified,
          count(*) FILTER (WHERE verification_status = 'rejected') AS rejected, count(*) FILTER (WHERE verification_status = 'suspended') AS suspended,
          count(*) FILTER (WHERE verification_status = 'pending' AND EXISTS (SELECT 1 FROM business_documents d WHERE d.business_id = b.user_id)) AS pending_with_documents
        FROM business_profiles b`,
  );
  const [s] = await queryRows<Record<string, number>>(
    db,
    sql`SELECT (SELECT count(*) FROM security_incidents WHERE status = 'open') AS open_incidents,
          count(*) FILTER (WHERE action = 'auth.login_failed') AS failed, count(*) FILTER (WHERE action = 'auth.account_locked') AS lockouts
        FROM audit_events WHERE occurred_at > now() - interval '24 hours' AND action IN ('auth.login_failed', 'auth.account_locked')`,
  );
  const [r] = await queryRows<Record<string, number>>(
    db,
    sql`SELECT (SELECT count(*) FROM credit_subjects) AS subjects, (SELECT count(*) FROM credit_accounts) AS accounts,
          (SELECT count(*) FROM credit_match_reviews WHERE status = 'open') AS reviews,
          (SELECT count(*) FROM credit_inquiries WHERE kind = 'report' AND created_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AS reports,
          (SELECT count(*) FROM credit_inquiries WHERE kind = 'search' AND created_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AS searches,
          (SELECT count(*) FROM credit_submissions WHERE created_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AS files`,
  );
  const [a] = await queryRows<{ events: number; unsealed: number; last_sealed_at: Date | string | null; invitations: number }>(
    db,
    sql`SELECT (SELECT count(*) FROM audit_events) AS events, (SELECT count(*) FROM audit_events WHERE seal_id IS NULL) AS unsealed,
          (SELECT max(sealed_at) FROM audit_seals) AS last_sealed_at,
          (SELECT count(*) FROM staff_invitations WHERE accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now()) AS invitations`,
  );
  const recent = await queryRows<{
    id: string | number;
    occurred_at: Date | string;
    action: string;
    actor_role: string | null;
    target_type: string | null;
    target_id: string | null;
  }>(
    db,
    sql`SELECT id, occurred_at, action, actor_role, target_type, target_id FROM audit_events
        WHERE action LIKE 'admin.%' OR action IN ('business.registered', 'business.document_uploaded', 'auth.invitation_accepted', 'auth.account_locked')
        ORDER BY id DESC LIMIT 10`,
  );
  return {
    users: {
      businesses: n(u.businesses),
      consumers: n(u.consumers),
      administrators: n(u.administrators),
      regulators: n(u.regulators),
      disabled: n(u.disabled),
      locked: n(u.locked),
    },
    businesses: {
      pending: n(b.pending),
      verified: n(b.verified),
      rejected: n(b.rejected),
      suspended: n(b.suspended),
      pendingWithDocuments: n(b.pending_with_documents),
    },
    security: { openIncidents: n(s.open_incidents), failedSignInsLast24h: n(s.failed), lockoutsLast24h: n(s.lockouts) },
    registry: {
      subjects: n(r.subjects),
      accounts: n(r.accounts),
      openMatchReviews: n(r.reviews),
      reportsThisMonth: n(r.reports),
      searchesThisMonth: n(r.searches),
      filesThisMonth: n(r.files),
    },
    audit: { events: n(a.events), unsealed: n(a.unsealed), lastSealedAt: iso(a.last_sealed_at) },
    pendingInvitations: n(a.invitations),
    recentActivity: recent.map((e) => ({
      id: Number(e.id),
      occurredAt: iso(e.occurred_at)!,
      action: e.action,
      actorRole: e.actor_role,
      targetType: e.target_type,
      targetId: e.target_id,
    })),
    generatedAt: new Date().toISOString(),
  };
}
