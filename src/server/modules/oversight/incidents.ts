import { INCIDENT_KINDS, INCIDENT_STATUSES, type TIncident, type TIncidentKind } from '@shared/schemas/admin';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { numberColumn, queryParsedRows, timestampColumn } from '../../db/query';
import { HttpError, notFound } from '../../lib/http-error';
import { recordAuditEvent, type AuditContext } from '../audit';
import { accessDeniedBurstsSql, accountLockoutsSql, failedLoginBurstsSql, quotaExhaustedSql } from './incident-detectors';

// Security incidents, derived from the audit log by a scan (scheduled, and on an administrator's
// request): lockouts, bursts of failed sign-ins from one address, bursts of refused access by one
// user, and businesses that used up their monthly quota. Each incident has a fingerprint, so
// scanning again updates it rather than opening another (decisions/013).

const SCAN_LOCK_ID = 7_232_020;
const CURSOR = 'security_incidents';

const ZSeverity = z.enum(['low', 'medium', 'high']);

/** What a found incident and a stored one both say: what happened, who, how often, when. */
const ZIncidentFacts = z.object({
  kind: z.enum(INCIDENT_KINDS),
  severity: ZSeverity,
  summary: z.string(),
  ip: z.string().nullable(),
  user_id: z.string().nullable(),
  business_id: z.string().nullable(),
  event_count: numberColumn,
  first_seen_at: timestampColumn,
  last_seen_at: timestampColumn,
});

/** An incident a scan query finds: ids of audit events are bigints (text on node-postgres). */
const ZCandidateRow = ZIncidentFacts.extend({
  fingerprint: z.string(),
  first_event_id: numberColumn.nullable(),
  last_event_id: numberColumn.nullable(),
});
type Candidate = z.output<typeof ZCandidateRow>;

const ZLockRow = z.object({ locked: z.boolean() });
const ZCursorRow = z.object({ last_event_id: numberColumn });
const ZMaxEventIdRow = z.object({ max_id: numberColumn.nullable() });
const ZUpsertedRow = z.object({ inserted: z.boolean() });

/**
 * Reads the audit events written since the last scan and opens or updates incidents. One scanner
 * at a time across instances (advisory lock); the cursor moves in the same transaction.
 */
export async function scanForIncidents(
  db: Database,
  requestedBy?: AuditContext,
): Promise<{ scannedEvents: number; opened: number; updated: number }> {
  return db.transaction(async (tx) => {
    const [lock] = await queryParsedRows(tx, ZLockRow, sql`SELECT pg_try_advisory_xact_lock(${SCAN_LOCK_ID}) AS locked`);
    if (!lock?.locked) return { scannedEvents: 0, opened: 0, updated: 0 };
    await tx.execute(sql`INSERT INTO audit_scan_cursors (name, last_event_id) VALUES (${CURSOR}, 0) ON CONFLICT (name) DO NOTHING`);
    const [cursor] = await queryParsedRows(
      tx,
      ZCursorRow,
      sql`SELECT last_event_id FROM audit_scan_cursors WHERE name = ${CURSOR} FOR UPDATE`,
    );
    const from = cursor.last_event_id;
    const [top] = await queryParsedRows(tx, ZMaxEventIdRow, sql`SELECT max(id) AS max_id FROM audit_events`);
    const to = top?.max_id ?? 0;

    const candidates: Candidate[] = [];
    if (to > from) {
      for (const detector of [accountLockoutsSql, failedLoginBurstsSql, accessDeniedBurstsSql])
        candidates.push(...(await queryParsedRows(tx, ZCandidateRow, detector(from, to))));
    }
    candidates.push(...(await queryParsedRows(tx, ZCandidateRow, quotaExhaustedSql())));

    let opened = 0;
    let updated = 0;
    for (const c of candidates) {
      const [row] = await queryParsedRows(
        tx,
        ZUpsertedRow,
        sql`INSERT INTO security_incidents (fingerprint, kind, severity, summary, ip, user_id, business_id, event_count, first_event_id, last_event_id, first_seen_at, last_seen_at)
            VALUES (${c.fingerprint}, ${c.kind}, ${c.severity}, ${c.summary}, ${c.ip}, ${c.user_id}, ${c.business_id}, ${c.event_count},
              ${c.first_event_id}, ${c.last_event_id}, ${c.first_seen_at}, ${c.last_seen_at})
            ON CONFLICT (fingerprint) DO UPDATE SET severity = EXCLUDED.severity, summary = EXCLUDED.summary, event_count = EXCLUDED.event_count,
              last_event_id = EXCLUDED.last_event_id, last_seen_at = EXCLUDED.last_seen_at
            WHERE security_incidents.event_count <> EXCLUDED.event_count
            RETURNING (xmax = 0) AS inserted`,
      );
      if (row?.inserted) opened += 1;
      else if (row) updated += 1;
    }
    await tx.execute(sql`UPDATE audit_scan_cursors SET last_event_id = ${Math.max(from, to)}, updated_at = now() WHERE name = ${CURSOR}`);
    const result = { scannedEvents: Math.max(0, to - from), opened, updated };
    // A scan an administrator asked for is an administrative act; the scheduled one is not recorded.
    if (requestedBy)
      await recordAuditEvent(tx, { action: 'admin.incident_scan', ...requestedBy, targetType: 'security_incidents', details: result });
    return result;
  });
}

const ZIncidentRow = ZIncidentFacts.extend({
  id: z.string(),
  status: z.enum(INCIDENT_STATUSES),
  acknowledged_at: timestampColumn.nullable(),
  acknowledged_by_name: z.string().nullable(),
  resolved_at: timestampColumn.nullable(),
  resolved_by_name: z.string().nullable(),
  resolution_note: z.string().nullable(),
});
type IncidentRow = z.output<typeof ZIncidentRow>;

const INCIDENT_SELECT = sql`
  SELECT i.id, i.kind, i.severity, i.summary, i.ip, i.user_id, i.business_id, i.event_count, i.first_seen_at, i.last_seen_at, i.status,
    i.acknowledged_at, a.full_name AS acknowledged_by_name, i.resolved_at, r.full_name AS resolved_by_name, i.resolution_note
  FROM security_incidents i
  LEFT JOIN staff_profiles a ON a.user_id = i.acknowledged_by
  LEFT JOIN staff_profiles r ON r.user_id = i.resolved_by`;

function toIncident(row: IncidentRow): TIncident {
  return {
    id: row.id,
    kind: row.kind,
    severity: row.severity,
    summary: row.summary,
    ip: row.ip,
    userId: row.user_id,
    businessId: row.business_id,
    eventCount: row.event_count,
    firstSeenAt: row.first_seen_at,
    lastSeenAt: row.last_seen_at,
    status: row.status,
    acknowledgedAt: row.acknowledged_at,
    acknowledgedBy: row.acknowledged_by_name,
    resolvedAt: row.resolved_at,
    resolvedBy: row.resolved_by_name,
    resolutionNote: row.resolution_note,
  };
}

const ZStatusCountRow = z.object({ status: z.string(), n: numberColumn });

export async function listIncidents(
  db: Database,
  filter: { status?: TIncident['status']; kind?: TIncidentKind; limit: number; from?: string; to?: string },
) {
  const rows = await queryParsedRows(
    db,
    ZIncidentRow,
    sql`${INCIDENT_SELECT}
        WHERE (${filter.status ?? null}::text IS NULL OR i.status::text = ${filter.status ?? null})
          AND (${filter.kind ?? null}::text IS NULL OR i.kind = ${filter.kind ?? null})
          AND (${filter.from ?? null}::date IS NULL OR i.last_seen_at >= ${filter.from ?? null}::date)
          AND (${filter.to ?? null}::date IS NULL OR i.first_seen_at < ${filter.to ?? null}::date + 1)
        ORDER BY (i.status = 'open') DESC, i.last_seen_at DESC, i.id LIMIT ${filter.limit}`,
  );
  const counts = await queryParsedRows(
    db,
    ZStatusCountRow,
    sql`SELECT status::text, count(*)::int AS n FROM security_incidents GROUP BY status`,
  );
  const countOf = (s: string) => counts.find((c) => c.status === s)?.n ?? 0;
  return {
    incidents: rows.map(toIncident),
    counts: { open: countOf('open'), acknowledged: countOf('acknowledged'), resolved: countOf('resolved') },
  };
}

async function getIncident(db: Database, id: string): Promise<TIncident> {
  const [row] = await queryParsedRows(db, ZIncidentRow, sql`${INCIDENT_SELECT} WHERE i.id = ${id}`);
  if (!row) throw notFound('Incident not found');
  return toIncident(row);
}

const ZIncidentStatusRow = z.object({ status: z.string(), kind: z.string() });

/** Acknowledge (someone is looking at it) or resolve (with how), with the audit event, in one transaction. */
export async function changeIncident(
  db: Database,
  id: string,
  action: 'acknowledge' | 'resolve',
  note: string | undefined,
  context: AuditContext,
): Promise<TIncident> {
  await db.transaction(async (tx) => {
    const [row] = await queryParsedRows(
      tx,
      ZIncidentStatusRow,
      sql`SELECT status::text, kind FROM security_incidents WHERE id = ${id} FOR UPDATE`,
    );
    if (!row) throw notFound('Incident not found');
    if (row.status === 'resolved') throw new HttpError(409, 'This incident is already resolved.');
    if (action === 'acknowledge' && row.status !== 'open') throw new HttpError(409, 'This incident is already acknowledged.');
    if (action === 'acknowledge') {
      await tx.execute(
        sql`UPDATE security_incidents SET status = 'acknowledged', acknowledged_by = ${context.actorUserId ?? null}, acknowledged_at = now() WHERE id = ${id}`,
      );
    } else {
      await tx.execute(
        sql`UPDATE security_incidents SET status = 'resolved', resolved_by = ${context.actorUserId ?? null}, resolved_at = now(), resolution_note = ${note ?? null},
              acknowledged_by = COALESCE(acknowledged_by, ${context.actorUserId ?? null}), acknowledged_at = COALESCE(acknowledged_at, now())
            WHERE id = ${id}`,
      );
    }
    await recordAuditEvent(tx, {
      action: action === 'acknowledge' ? 'admin.incident_acknowledged' : 'admin.incident_resolved',
      ...context,
      targetType: 'security_incident',
      targetId: id,
      details: { kind: row.kind, ...(note ? { note } : {}) },
    });
  });
  return getIncident(db, id);
}
