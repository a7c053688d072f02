import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/query';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Issue 22: an audited request must cost the same however long the audit log has grown. The
// time guard (migration 0019) reads max(occurred_at) before each insert; with only a BRIN index on
// the time (migration 0038) it read the whole table every time: 2,593 pages, 7 ms, at 38,000
// events. Counted in pages (buffers) the insert touches, not in time.

const EVENTS = 4_000;
let t: TestApp;

/** The pages an EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) plan touched: its top node counts its children and its triggers' statements. */
function pagesTouched(explained: unknown): number {
  const [{ Plan: plan }] = explained as [{ Plan: Record<string, number> }];
  return (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0);
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  // An audit log of some length, dated in order as the guard asks.
  await t.db.execute(sql`
    INSERT INTO audit_events (occurred_at, action, details, content_hash)
    SELECT now() - (${EVENTS} - g) * interval '1 second', 'test.filler', jsonb_build_object('n', g, 'filler', repeat('x', 200)), md5(g::text)
    FROM generate_series(1, ${EVENTS}) AS g`);
}, 120_000);
afterAll(() => t.close());

describe('writing an audit event', () => {
  it('touches a handful of pages, not the whole log', async () => {
    const [{ pages }] = await queryRows<{ pages: string }>(t.db, sql`SELECT pg_relation_size('audit_events') / 8192 AS pages`);
    expect(Number(pages)).toBeGreaterThan(100);
    const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(
      t.db,
      sql`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON)
          INSERT INTO audit_events (occurred_at, action, details, content_hash) VALUES (now(), 'test.measured', '{}', md5('m'))`,
    );
    const plan = typeof row['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row['QUERY PLAN'];
    // The new row's page and one b-tree path for each index: a few dozen at most.
    expect(pagesTouched(plan)).toBeLessThan(60);
  });
});
