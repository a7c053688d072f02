// The audit log against a database insider (issue "Every credit file protected", item 4; decisions/023).
// Reproduction: with psql and the project's own hash code (content-hash.ts) but not AUDIT_SEAL_KEY,
// an event was edited and every seal recomputed, a back-dated event was inserted and sealed, and
// the last seal deleted: verify still answered valid. Each attack below runs in that order, on
// PGlite and on PostgreSQL. The insider owns the tables, so first turns the triggers off, as anyone
// with owner rights can (ALTER TABLE ... DISABLE TRIGGER USER); on PostgreSQL the application's own
// role cannot (tests/api/audit-roles.test.ts).
import { asc, eq, sql } from 'drizzle-orm';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/query';
import { auditEvents } from '../../src/server/db/schema/index';
import { GENESIS_SEAL_HASH, hashEventContent, merkleRootOf, sealHashOf, sha256 } from '../../src/server/modules/audit/content-hash';
import { recordAuditEvents } from '../../src/server/modules/audit/record';
import { sealAllPendingEvents } from '../../src/server/modules/audit/seal';
import { createTestApp, logInAs, type TestApp } from '../helpers/test-app';

const KEY = 'test-audit-seal-key-0123456789-abcdefghij';
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ccsl-audit-heads-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Log {
  t: TestApp;
  admin: string;
  regulator: string;
  headFile: string;
  sealing: { key: string; headFile: string };
  verify(query?: string): Promise<Record<string, unknown> & { valid: boolean; problem?: string; firstBadEventId?: number }>;
  close(): Promise<void>;
}

let logCount = 0;
/** A log with events in two seals, their heads written to a file outside the database, as in production. */
async function openLog(): Promise<Log> {
  const headFile = join(dir, `heads-${++logCount}.jsonl`);
  const sealing = { key: KEY, headFile };
  const t = await createTestApp({ config: { auditSealKey: KEY, auditHeadFile: headFile } });
  const admin = await logInAs(t.app, 'system_admin');
  const regulator = await logInAs(t.app, 'regulator');
  await recordAuditEvents(t.db, [
    { action: 'admin.business_verified', targetType: 'business', targetId: 'b-1', details: { note: 'documents checked' } },
  ]);
  await sealAllPendingEvents(t.db, sealing);
  await recordAuditEvents(t.db, [
    { action: 'credit.report_pulled', targetType: 'credit_report', targetId: 'r-1', details: { purpose: 'credit_application' } },
  ]);
  await sealAllPendingEvents(t.db, sealing);
  const verify = async (query = '') =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/audit/verify${query}`, headers: { cookie: admin } })).json();
  expect((await verify()).valid).toBe(true);
  return { t, admin, regulator, headFile, sealing, verify, close: () => t.close() };
}

/** What an insider with the tables' owner rights does first. */
async function asInsider(t: TestApp, work: () => Promise<void>) {
  await t.db.execute(sql`ALTER TABLE audit_events DISABLE TRIGGER USER`);
  await t.db.execute(sql`ALTER TABLE audit_seals DISABLE TRIGGER USER`);
  try {
    await work();
  } finally {
    await t.db.execute(sql`ALTER TABLE audit_events ENABLE TRIGGER USER`);
    await t.db.execute(sql`ALTER TABLE audit_seals ENABLE TRIGGER USER`);
  }
}

/** The insider's tool: every seal recomputed with the project's own (unkeyed) hash code. */
async function recomputeEverySeal(t: TestApp, options: { asVersion1?: boolean } = {}) {
  const seals = await queryRows<{ id: string | number; first_event_id: string | number; last_event_id: string | number }>(
    t.db,
    sql`SELECT id, first_event_id, last_event_id FROM audit_seals ORDER BY id`,
  );
  let previousSealHash = GENESIS_SEAL_HASH;
  for (const seal of seals) {
    const events = await queryRows<{ id: string | number; content_hash: string }>(
      t.db,
      sql`SELECT id, content_hash FROM audit_events WHERE seal_id = ${seal.id} ORDER BY id`,
    );
    const fields = {
      previousSealHash,
      merkleRoot: merkleRootOf(events.map((e) => ({ id: Number(e.id), contentHash: e.content_hash }))),
      eventCount: events.length,
      firstEventId: Number(seal.first_event_id),
      lastEventId: Number(seal.last_event_id),
    };
    const sealHash = sealHashOf(fields);
    await t.db.execute(
      sql`UPDATE audit_seals SET merkle_root = ${fields.merkleRoot}, previous_seal_hash = ${previousSealHash}, seal_hash = ${sealHash}, event_count = ${fields.eventCount}
          ${options.asVersion1 ? sql`, version = 1` : sql``} WHERE id = ${seal.id}`,
    );
    previousSealHash = sealHash;
  }
}

/** Edits a sealed event and gives it a matching content hash, with the project's own hash code. */
async function editEvent(t: TestApp, action: string, details: Record<string, unknown>) {
  const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, action)).orderBy(asc(auditEvents.id)).limit(1);
  const contentHash = hashEventContent({ ...event, details });
  await t.db.execute(
    sql`UPDATE audit_events SET details = ${JSON.stringify(details)}::jsonb, content_hash = ${contentHash} WHERE id = ${event.id}`,
  );
  return event.id;
}

/** A back-dated event with a correct content hash, as the insider would write it. */
function backdatedEvent(daysAgo: number) {
  const occurredAt = new Date(Date.now() - daysAgo * 86_400_000);
  const content = {
    occurredAt,
    action: 'consumer.consent_given',
    actorUserId: null,
    actorRole: 'consumer',
    businessId: null,
    subjectId: null,
    targetType: 'consent',
    targetId: 'account_review',
    ip: null,
    requestId: null,
    details: { purpose: 'account_review' },
  };
  return { occurredAt, contentHash: hashEventContent(content) };
}

describe('attack 1: an event edited and every seal recomputed without the key', () => {
  it('an edited sealed event with its hash and every seal recomputed (unkeyed, as content-hash.ts does) is reported invalid', async () => {
    const log = await openLog();
    try {
      await asInsider(log.t, async () => {
        await editEvent(log.t, 'credit.report_pulled', { purpose: 'account_review' });
        await recomputeEverySeal(log.t);
      });
      const result = await log.verify();
      expect(result.valid).toBe(false);
      expect(result.problem).toMatch(/does not continue the chain: its keyed hash does not match/);
    } finally {
      await log.close();
    }
  });

  it('the same, with every seal turned into an old unkeyed (version 1) seal: the head held outside the database no longer matches', async () => {
    const log = await openLog();
    try {
      await asInsider(log.t, async () => {
        await editEvent(log.t, 'admin.business_verified', { note: 'nothing checked' });
        await recomputeEverySeal(log.t, { asVersion1: true });
      });
      const result = await log.verify();
      expect(result.valid).toBe(false);
      expect(result.problem).toMatch(/does not match the head held outside the database: the chain was rewritten/);
    } finally {
      await log.close();
    }
  });
});

describe('attack 2: a back-dated event inserted and sealed', () => {
  it('refuses, through the trigger, an event dated before the latest one', async () => {
    const log = await openLog();
    try {
      const { occurredAt, contentHash } = backdatedEvent(30);
      await expect(
        log.t.db.execute(sql`INSERT INTO audit_events (occurred_at, action, actor_role, target_type, target_id, details, content_hash)
                             VALUES (${occurredAt.toISOString()}::timestamptz, 'consumer.consent_given', 'consumer', 'consent', 'account_review', '{"purpose":"account_review"}'::jsonb, ${contentHash})`),
      ).rejects.toThrow();
      expect((await log.verify()).valid).toBe(true);
    } finally {
      await log.close();
    }
  });

  it('an event inserted 30 days back-dated with the trigger off, then sealed by the application itself, is reported invalid', async () => {
    const log = await openLog();
    try {
      const { occurredAt, contentHash } = backdatedEvent(30);
      let insertedId = 0;
      await asInsider(log.t, async () => {
        const [row] = await queryRows<{ id: string | number }>(
          log.t.db,
          sql`INSERT INTO audit_events (occurred_at, action, actor_role, target_type, target_id, details, content_hash)
              VALUES (${occurredAt.toISOString()}::timestamptz, 'consumer.consent_given', 'consumer', 'consent', 'account_review', '{"purpose":"account_review"}'::jsonb, ${contentHash}) RETURNING id`,
        );
        insertedId = Number(row.id);
      });
      // The sealer runs every 5 seconds and seals whatever is pending, the insider's event too.
      await sealAllPendingEvents(log.t.db, log.sealing);
      const result = await log.verify();
      expect(result.valid).toBe(false);
      expect(result.firstBadEventId).toBe(insertedId);
      expect(result.problem).toMatch(/back-dated/);
    } finally {
      await log.close();
    }
  });

  it('an event slipped into an unused id below the sealed range (where a late commit would go), back-dated, then sealed: invalid', async () => {
    const log = await openLog();
    try {
      // An id left unused, as a rolled-back transaction leaves one, then later events sealed above it.
      const [{ gap }] = await queryRows<{ gap: string | number }>(
        log.t.db,
        sql`SELECT nextval(pg_get_serial_sequence('audit_events', 'id')) AS gap`,
      );
      await recordAuditEvents(log.t.db, [{ action: 'test.after_gap' }]);
      await sealAllPendingEvents(log.t.db, log.sealing);
      const { occurredAt, contentHash } = backdatedEvent(3);
      await asInsider(log.t, async () => {
        await log.t.db.execute(
          sql`INSERT INTO audit_events (id, occurred_at, action, actor_role, target_type, target_id, details, content_hash)
              VALUES (${gap}, ${occurredAt.toISOString()}::timestamptz, 'consumer.consent_given', 'consumer', 'consent', 'account_review', '{"purpose":"account_review"}'::jsonb, ${contentHash})`,
        );
      });
      await sealAllPendingEvents(log.t.db, log.sealing);
      const result = await log.verify();
      expect(result).toMatchObject({ valid: false, firstBadEventId: Number(gap) });
      expect(result.problem).toMatch(/back-dated/);
    } finally {
      await log.close();
    }
  });
});

describe('attack 3: the last seal deleted', () => {
  it('the newest seal deleted, its events left pointing nowhere: the head held outside names it, invalid', async () => {
    const log = await openLog();
    try {
      await asInsider(log.t, async () => {
        await log.t.db.execute(sql`DELETE FROM audit_seals WHERE id = (SELECT max(id) FROM audit_seals)`);
      });
      const result = await log.verify();
      expect(result.valid).toBe(false);
      expect(result.problem).toMatch(/last head held outside the database, is missing: seals were deleted/);
    } finally {
      await log.close();
    }
  });

  it('the newest seal deleted with its events: invalid, and a seal made after it by the application is never published outside', async () => {
    const log = await openLog();
    try {
      await asInsider(log.t, async () => {
        await log.t.db.execute(sql`DELETE FROM audit_events WHERE seal_id = (SELECT max(id) FROM audit_seals)`);
        await log.t.db.execute(sql`DELETE FROM audit_seals WHERE id = (SELECT max(id) FROM audit_seals)`);
      });
      expect((await log.verify()).valid).toBe(false);
      const headsBefore = readFileSync(log.headFile, 'utf8');
      // The sealer carries on: its new seal takes the deleted one's place in the sequence.
      await recordAuditEvents(log.t.db, [{ action: 'test.after_deletion' }]);
      await sealAllPendingEvents(log.t.db, log.sealing);
      expect(readFileSync(log.headFile, 'utf8')).toBe(headsBefore);
      const result = await log.verify();
      expect(result.valid).toBe(false);
      expect(result.problem).toMatch(/does not match the head held outside the database/);
    } finally {
      await log.close();
    }
  });
});

describe('the seal heads outside the database', () => {
  it('writes every new head to the file, and the regulator downloads them (JSON and CSV) and sees the latest', async () => {
    const log = await openLog();
    try {
      const seals = await queryRows<{ sequence: string | number; seal_hash: string }>(
        log.t.db,
        sql`SELECT sequence, seal_hash FROM audit_seals ORDER BY sequence`,
      );
      const lines = readFileSync(log.headFile, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(lines.map((h) => h.sealHash)).toEqual(seals.map((s) => s.seal_hash));
      expect(lines.map((h) => h.sequence)).toEqual(seals.map((s) => Number(s.sequence)));
      const json = await log.t.app.inject({ method: 'GET', url: '/api/regulators/audit/seal-heads', headers: { cookie: log.regulator } });
      expect(json.statusCode).toBe(200);
      expect(json.json()).toMatchObject({ isKept: true, latest: { sealHash: seals[seals.length - 1].seal_hash } });
      expect(json.json().heads).toEqual(lines);
      const after = await log.t.app.inject({
        method: 'GET',
        url: `/api/regulators/audit/seal-heads?after=${lines.length - 1}`,
        headers: { cookie: log.regulator },
      });
      expect(after.json().heads).toEqual(lines.slice(-1));
      const csv = await log.t.app.inject({
        method: 'GET',
        url: '/api/regulators/audit/seal-heads?format=csv',
        headers: { cookie: log.regulator },
      });
      expect(csv.headers['content-type']).toMatch(/text\/csv/);
      expect(csv.headers['content-disposition']).toMatch(/attachment/);
      const rows = csv.body.trim().split('\n');
      expect(rows[0]).toBe('sequence,sealId,version,sealHash,eventCount,lastEventId,sealedAt');
      expect(rows.slice(1).map((r) => r.split(',')[3])).toEqual(seals.map((s) => s.seal_hash));
      const verification = await log.verify();
      expect(verification).toMatchObject({
        valid: true,
        outsideHeadChecked: true,
        outsideHead: { sealHash: seals[seals.length - 1].seal_hash },
      });
      for (const role of ['business', 'consumer'] as const) {
        const res = await log.t.app.inject({
          method: 'GET',
          url: '/api/regulators/audit/seal-heads',
          headers: { cookie: await logInAs(log.t.app, role) },
        });
        expect(res.statusCode, role).toBe(403);
      }
    } finally {
      await log.close();
    }
  });

  it('checks a head the regulator kept: found in an intact chain, not found once the chain is rewritten', async () => {
    const log = await openLog();
    try {
      const [first] = await queryRows<{ seal_hash: string }>(log.t.db, sql`SELECT seal_hash FROM audit_seals ORDER BY sequence LIMIT 1`);
      expect(await log.verify(`?head=${first.seal_hash}`)).toMatchObject({ valid: true, givenHeadFound: true });
      expect(await log.verify(`?head=${sha256('a head nobody kept')}`)).toMatchObject({
        valid: false,
        givenHeadFound: false,
        problem: expect.stringMatching(/not in the chain/),
      });
      const bad = await log.t.app.inject({ method: 'GET', url: '/api/admin/audit/verify?head=nope', headers: { cookie: log.regulator } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].field).toBe('head');
      await asInsider(log.t, async () => {
        await editEvent(log.t, 'admin.business_verified', { note: 'rewritten' });
        await recomputeEverySeal(log.t);
      });
      expect(await log.verify(`?head=${first.seal_hash}`)).toMatchObject({ valid: false, givenHeadFound: false });
    } finally {
      await log.close();
    }
  });
});

describe('audit_seals is append-only like audit_events', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of seals, and TRUNCATE of events, without turning the triggers off', async () => {
    const log = await openLog();
    try {
      await expect(
        log.t.db.execute(sql`UPDATE audit_seals SET seal_hash = 'x' WHERE id = (SELECT min(id) FROM audit_seals)`),
      ).rejects.toThrow();
      await expect(log.t.db.execute(sql`DELETE FROM audit_seals WHERE id = (SELECT max(id) FROM audit_seals)`)).rejects.toThrow();
      await expect(log.t.db.execute(sql`TRUNCATE audit_seals`)).rejects.toThrow();
      await expect(log.t.db.execute(sql`TRUNCATE audit_events CASCADE`)).rejects.toThrow();
      expect((await log.verify()).valid).toBe(true);
    } finally {
      await log.close();
    }
  });
});

describe('older unkeyed seals', () => {
  it('still verify when they come first, are anchored in the head file, and are refused after a keyed seal', async () => {
    const headFile = join(dir, 'legacy-heads.jsonl');
    const t = await createTestApp({ seed: false, config: { auditSealKey: KEY, auditHeadFile: headFile } });
    try {
      const sealing = { key: KEY, headFile };
      // A database sealed before keyed seals: one version 1 seal, written as the old sealer did.
      await recordAuditEvents(t.db, [{ action: 'test.legacy', details: { n: 1 } }]);
      const events = await queryRows<{ id: string | number; content_hash: string }>(
        t.db,
        sql`SELECT id, content_hash FROM audit_events ORDER BY id`,
      );
      const fields = {
        previousSealHash: GENESIS_SEAL_HASH,
        merkleRoot: merkleRootOf(events.map((e) => ({ id: Number(e.id), contentHash: e.content_hash }))),
        eventCount: events.length,
        firstEventId: Number(events[0].id),
        lastEventId: Number(events[events.length - 1].id),
      };
      const [legacy] = await queryRows<{ id: string | number }>(
        t.db,
        sql`INSERT INTO audit_seals (event_count, first_event_id, last_event_id, merkle_root, previous_seal_hash, seal_hash, version, sequence)
            VALUES (${fields.eventCount}, ${fields.firstEventId}, ${fields.lastEventId}, ${fields.merkleRoot}, ${fields.previousSealHash}, ${sealHashOf(fields)}, 1, 1) RETURNING id`,
      );
      await t.db.execute(sql`UPDATE audit_events SET seal_id = ${legacy.id}`);
      await recordAuditEvents(t.db, [{ action: 'test.keyed' }]);
      await sealAllPendingEvents(t.db, sealing);
      const { verifyAuditLog } = await import('../../src/server/modules/audit/verify');
      const result = await verifyAuditLog(t.db, { sealing });
      expect(result).toMatchObject({ valid: true, seals: 2 });
      const heads = readFileSync(headFile, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(heads.map((h) => [h.sequence, h.version])).toEqual([
        [1, 1],
        [2, 2],
      ]);
      // With another key, keyed seals do not verify.
      expect((await verifyAuditLog(t.db, { sealing: { key: 'another-key-'.repeat(4) } })).valid).toBe(false);
      // The insider turns the keyed seal into an unkeyed one, recomputed with the old code.
      await t.db.execute(sql`ALTER TABLE audit_seals DISABLE TRIGGER USER`);
      try {
        await recomputeEverySeal({ db: t.db } as TestApp, { asVersion1: true });
      } finally {
        await t.db.execute(sql`ALTER TABLE audit_seals ENABLE TRIGGER USER`);
      }
      const rewritten = await verifyAuditLog(t.db, { sealing });
      expect(rewritten.valid).toBe(false);
      expect(rewritten.problem).toMatch(/does not match the head held outside the database/);
    } finally {
      await t.close();
    }
  });
});
