import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/server/db/query';
import { createTestApp, logInAs, type TestApp } from '../../helpers/test-app';

// Issue 22 (migration 0043): a stored report copy is compressed and kept in its own row, not moved
// to the TOAST table (a TOAST row, its index entry and a new value id for every report pulled), and
// it reads back as the very report the lender was answered.

let t: TestApp;
let business: string;

beforeAll(async () => {
  t = await createTestApp();
  business = await logInAs(t.app, 'business');
});
afterAll(() => t.close());

const toastRows = async () => {
  const [{ toast }] = await queryRows<{ toast: string }>(
    t.db,
    sql`SELECT reltoastrelid::regclass::text AS toast FROM pg_class WHERE relname = 'credit_report_copies'`,
  );
  const [{ rows }] = await queryRows<{ rows: number }>(t.db, sql`SELECT count(*)::int AS rows FROM ${sql.raw(toast)}`);
  return rows;
};

describe('a stored report copy', () => {
  it('is compressed in its row, and reads back as the report answered', async () => {
    // People with a few accounts: a report of 5 to 15 KB, the common size (a bench registry's is 10 KB).
    const people = await queryRows<{ id: string }>(
      t.db,
      sql`SELECT subject_id AS id FROM credit_accounts GROUP BY subject_id HAVING count(*) BETWEEN 2 AND 4 ORDER BY subject_id LIMIT 5`,
    );
    const before = await toastRows();
    let largest = 0;
    for (const { id } of people) {
      const pulled = await t.app.inject({
        method: 'POST',
        url: '/api/credit/reports',
        payload: { subjectId: id, purpose: 'credit_application', consent: true },
        headers: { cookie: business },
      });
      expect(pulled.statusCode, pulled.body).toBe(200);
      const [stored] = await queryRows<{ text_bytes: number; stored_bytes: number }>(
        t.db,
        sql`SELECT octet_length(report::text)::int AS text_bytes, pg_column_size(report)::int AS stored_bytes
          FROM credit_report_copies WHERE report_id = ${pulled.json().reportId}::uuid`,
      );
      largest = Math.max(largest, stored.text_bytes);
      // Anything over the row's target (4 KB) is compressed under it, in the row.
      if (stored.text_bytes > 4096) expect(stored.stored_bytes).toBeLessThan(4096);
      const copy = await t.app.inject({
        method: 'GET',
        url: `/api/credit/reports/${pulled.json().reportId}`,
        headers: { cookie: business },
      });
      expect(copy.json()).toEqual(pulled.json());
    }
    // Reports over the target were among them, so the compression was put to the test.
    expect(largest).toBeGreaterThan(4096);
    expect(await toastRows()).toBe(before);
  });
});
