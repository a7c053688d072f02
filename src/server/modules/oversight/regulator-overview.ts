import type { TRegulatorOverview } from '@shared/schemas/oversight';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/query';
import { periodOf, readCompliance } from './compliance';

const n = (v: unknown) => Number(v ?? 0);

/** Regulatory Overview: figures from the registry, compliance over the last 90 days, open cases. */
export async function readRegulatorOverview(db: Database): Promise<TRegulatorOverview> {
  const compliance = await readCompliance(db, periodOf({}));
  const [c] = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT (SELECT count(*) FROM business_profiles WHERE verification_status = 'verified') AS active_businesses,
          (SELECT count(*) FROM credit_subjects) AS consumer_records,
          (SELECT count(*) FROM users WHERE role = 'consumer') AS registered_consumers,
          (SELECT count(*) FROM consumer_complaints WHERE status <> 'closed') AS open_complaints,
          (SELECT count(*) FROM investigations WHERE status <> 'closed') AS open_investigations,
          (SELECT count(*) FROM security_incidents WHERE status <> 'resolved') AS open_incidents,
          (SELECT count(*) FROM credit_inquiries WHERE kind = 'report' AND created_at > now() - interval '30 days') AS reports,
          (SELECT count(*) FROM audit_events) AS events,
          (SELECT max(sealed_at) FROM audit_seals) AS last_sealed_at`,
  );
  const recent = await queryRows<{ id: string | number; occurred_at: Date | string; action: string; actor_role: string | null }>(
    db,
    sql`SELECT id, occurred_at, action, actor_role FROM audit_events
        WHERE action LIKE 'regulator.%' OR action LIKE 'admin.business_%' OR action IN ('consumer.complaint_filed', 'dispute.overdue')
        ORDER BY id DESC LIMIT 10`,
  );
  const scores = compliance.businesses.map((b) => b.score);
  return {
    activeBusinesses: n(c.active_businesses),
    consumerRecords: n(c.consumer_records),
    registeredConsumers: n(c.registered_consumers),
    averageComplianceScore: scores.length ? Math.round(scores.reduce((a, b) => a + b, 0) / scores.length) : null,
    complianceIssues: compliance.businesses.filter((b) => b.flags.length > 0).length,
    overdueDisputes: compliance.businesses.reduce((sum, b) => sum + b.disputes.overdue, 0),
    openComplaints: n(c.open_complaints),
    openInvestigations: n(c.open_investigations),
    openIncidents: n(c.open_incidents),
    reportsLast30Days: n(c.reports),
    auditLog: { events: n(c.events), lastSealedAt: c.last_sealed_at ? new Date(c.last_sealed_at as string).toISOString() : null },
    recentActivity: recent.map((e) => ({
      id: Number(e.id),
      occurredAt: new Date(e.occurred_at).toISOString(),
      action: e.action,
      actorRole: e.actor_role,
    })),
    generatedAt: new Date().toISOString(),
  };
}
