import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/query';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Issue 22 (migration 0041): a stored report copy is compressed with lz4 on PostgreSQL, where it
// costs less than half the database CPU of the default pglz; PGlite, built without lz4, keeps its default.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

describe('a stored report copy', () => {
  it('is compressed with lz4 on PostgreSQL and with the default on PGlite', async () => {
    const [column] = await queryRows<{ compression: string }>(
      t.db,
      sql`SELECT attcompression::text AS compression FROM pg_attribute
          WHERE attrelid = 'credit_report_copies'::regclass AND attname = 'report'`,
    );
    expect(column.compression).toBe(t.database.kind === 'postgres' ? 'l' : '');
  });
});
