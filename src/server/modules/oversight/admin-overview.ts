import type { TAdminOverview } from '@shared/schemas/admin';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { numberColumn, queryParsedRows, timestampColumn } from '../../db/query';

// The counts are count(*): text on node-postgres, a number on PGlite.
const ZUserCountsRow = z.object({
  businesses: numberColumn,
  consumers: numberColumn,
  administrators: numberColumn,
  regulators: numberColumn,
  disabled: numberColumn,
  locked: numberColumn,
});
const ZBusinessCountsRow = z.object({
  pending: numberColumn,
  verified: numberColumn,
  rejected: numberColumn,
  suspended: numberColumn,
  pending_with_documents: numberColumn,
});
const ZSecurityCountsRow = z.object({ open_incidents: numberColumn, failed: numberColumn, lockouts: numberColumn });
const ZRegistryCountsRow = z.object({
  subjects: numberColumn,
  accounts: numberColumn,
  reviews: numberColumn,
  reports: numberColumn,
  searches: numberColumn,
  files: numberColumn,
});
const ZAuditCountsRow = z.object({
  events: numberColumn,
  unsealed: numberColumn,
  last_sealed_at: timestampColumn.nullable(),
  invitations: numberColumn,
});
const ZRecentEventRow = z.object({
  id: numberColumn,
  occurred_at: timestampColumn,
  action: z.string(),
  actor_role: z.string().nullable(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
});

/** The System Overview figures, read from the database (no sample numbers). */
export async function readAdminOverview(db: Database): Promise<TAdminOverview> {
  const [u] = await queryParsedRows(
    db,
    ZUserCountsRow,
    sql`SELECT count(*) FILTER (WHERE role = 'business') AS businesses, count(*) FILTER (WHERE role = 'consumer') AS consumers,
          count(*) FILTER (WHERE role = 'system_admin') AS administrators, count(*) FILTER (WHERE role = 'regulator') AS regulators,
          count(*) FILTER (WHERE status = 'disabled') AS disabled, count(*) FILTER (WHERE locked_until > now()) AS locked
        FROM users`,
  );
  const [b] = await queryParsedRows(
    db,
    ZBusinessCountsRow,
    sql`SELECT count(*) FILTER (WHERE verification_status = 'pending') AS pending, count(*) FILTER (WHERE verification_status = 'verified') AS verified,
          count(*) FILTER (WHERE verification_status = 'rejected') AS rejected, count(*) FILTER (WHERE verification_status = 'suspended') AS suspended,
          count(*) FILTER (WHERE verification_status = 'pending' AND EXISTS (SELECT 1 FROM business_documents d WHERE d.business_id = b.user_id)) AS pending_with_documents
        FROM business_profiles b`,
  );
  const [s] = await queryParsedRows(
    db,
    ZSecurityCountsRow,
    sql`SELECT (SELECT count(*) FROM security_incidents WHERE status = 'open') AS open_incidents,
          count(*) FILTER (WHERE action = 'auth.login_failed') AS failed, count(*) FILTER (WHERE action = 'auth.account_locked') AS lockouts
        FROM audit_events WHERE occurred_at > now() - interval '24 hours' AND action IN ('auth.login_failed', 'auth.account_locked')`,
  );
  const [r] = await queryParsedRows(
    db,
    ZRegistryCountsRow,
    sql`SELECT (SELECT count(*) FROM credit_subjects) AS subjects, (SELECT count(*) FROM credit_accounts) AS accounts,
          (SELECT count(*) FROM credit_match_reviews WHERE status = 'open') AS reviews,
          (SELECT count(*) FROM credit_inquiries WHERE kind = 'report' AND created_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AS reports,
          (SELECT count(*) FROM credit_inquiries WHERE kind = 'search' AND created_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AS searches,
          (SELECT count(*) FROM credit_submissions WHERE created_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AS files`,
  );
  const [a] = await queryParsedRows(
    db,
    ZAuditCountsRow,
    sql`SELECT (SELECT count(*) FROM audit_events) AS events, (SELECT count(*) FROM audit_events WHERE seal_id IS NULL) AS unsealed,
          (SELECT max(sealed_at) FROM audit_seals) AS last_sealed_at,
          (SELECT count(*) FROM staff_invitations WHERE accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now()) AS invitations`,
  );
  const recent = await queryParsedRows(
    db,
    ZRecentEventRow,
    sql`SELECT id, occurred_at, action, actor_role, target_type, target_id FROM audit_events
        WHERE action LIKE 'admin.%' OR action IN ('business.registered', 'business.document_uploaded', 'auth.invitation_accepted', 'auth.account_locked')
        ORDER BY id DESC LIMIT 10`,
  );
  return {
    users: {
      businesses: u.businesses,
      consumers: u.consumers,
      administrators: u.administrators,
      regulators: u.regulators,
      disabled: u.disabled,
      locked: u.locked,
    },
    businesses: {
      pending: b.pending,
      verified: b.verified,
      rejected: b.rejected,
      suspended: b.suspended,
      pendingWithDocuments: b.pending_with_documents,
    },
    security: { openIncidents: s.open_incidents, failedSignInsLast24h: s.failed, lockoutsLast24h: s.lockouts },
    registry: {
      subjects: r.subjects,
      accounts: r.accounts,
      openMatchReviews: r.reviews,
      reportsThisMonth: r.reports,
      searchesThisMonth: r.searches,
      filesThisMonth: r.files,
    },
    audit: { events: a.events, unsealed: a.unsealed, lastSealedAt: a.last_sealed_at },
    pendingInvitations: a.invitations,
    recentActivity: recent.map((e) => ({
      id: e.id,
      occurredAt: e.occurred_at,
      action: e.action,
      actorRole: e.actor_role,
      targetType: e.target_type,
      targetId: e.target_id,
    })),
    generatedAt: new Date().toISOString(),
  };
}
