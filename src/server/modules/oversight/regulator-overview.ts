import type { TRegulatorOverview } from '@shared/schemas/oversight';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { numberColumn, queryParsedRows, timestampColumn } from '../../db/query';
import { periodOf, readCompliance } from './compliance';

/** The overview's figures, each a count(*) (text on node-postgres), and when the log was last sealed. */
const ZRegulatorCountsRow = z.object({
  active_businesses: numberColumn,
  consumer_records: numberColumn,
  registered_consumers: numberColumn,
  open_complaints: numberColumn,
  open_investigations: numberColumn,
  open_incidents: numberColumn,
  reports: numberColumn,
  events: numberColumn,
  last_sealed_at: timestampColumn.nullable(),
});
const ZRecentEventRow = z.object({ id: numberColumn, occurred_at: timestampColumn, action: z.string(), actor_role: z.string().nullable() });

/** Regulatory Overview: figures from the registry, compliance over the last 90 days, open cases. */
export async function readRegulatorOverview(db: Database): Promise<TRegulatorOverview> {
  const compliance = await readCompliance(db, periodOf({}));
  const [c] = await queryParsedRows(
    db,
    ZRegulatorCountsRow,
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
  const recent = await queryParsedRows(
    db,
    ZRecentEventRow,
    sql`SELECT id, occurred_at, action, actor_role FROM audit_events
        WHERE action LIKE 'regulator.%' OR action LIKE 'admin.business_%' OR action IN ('consumer.complaint_filed', 'dispute.overdue')
        ORDER BY id DESC LIMIT 10`,
  );
  const scores = compliance.businesses.map((b) => b.score);
  return {
    activeBusinesses: c.active_businesses,
    consumerRecords: c.consumer_records,
    registeredConsumers: c.registered_consumers,
    averageComplianceScore: scores.length ? Math.round(scores.reduce((a, b) => a + b, 0) / scores.length) : null,
    complianceIssues: compliance.businesses.filter((b) => b.flags.length > 0).length,
    overdueDisputes: compliance.businesses.reduce((sum, b) => sum + b.disputes.overdue, 0),
    openComplaints: c.open_complaints,
    openInvestigations: c.open_investigations,
    openIncidents: c.open_incidents,
    reportsLast30Days: c.reports,
    auditLog: { events: c.events, lastSealedAt: c.last_sealed_at },
    recentActivity: recent.map((e) => ({
      id: e.id,
      occurredAt: e.occurred_at,
      action: e.action,
      actorRole: e.actor_role,
    })),
    generatedAt: new Date().toISOString(),
  };
}
