import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreBackup, writeBackup } from '../../src/server/db/backup/backup';
import { listTablesInDependencyOrder, primaryKeyOf } from '../../src/server/db/backup/tables';
import type { Database } from '../../src/server/db/client';
import { queryRows } from '../../src/server/db/query';
import { sealAllPendingEvents } from '../../src/server/modules/audit/seal';
import { businessScreenPayload, consumerPayload } from '../helpers/fixtures';
import { createTestApp, logInAs, type TestApp } from '../helpers/test-app';
import { openTestDatabase } from '../helpers/test-database';

let source: TestApp;
let folder: string;
beforeAll(async () => {
  source = await createTestApp();
  folder = mkdtempSync(join(tmpdir(), 'ccsl-backup-'));
  // Data in many tables: users of each role, a payment and invoice, audit events and seals, content.
  await source.app.inject({ method: 'POST', url: '/api/consumers/register', payload: consumerPayload({ firstName: "Fatmata 'Fanta' Ò" }) });
  const reg = await source.app.inject({ method: 'POST', url: '/api/businesses/register', payload: businessScreenPayload() });
  const grant = reg.cookies.find((c) => c.name === 'ccsl_pending_payment')!;
  await source.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: { cookie: `ccsl_pending_payment=${grant.value}` },
    payload: { businessId: reg.json().id, card: { name: 'A B', number: '4242424242424242', expiry: '12/30', cvc: '123' } },
  });
  await logInAs(source.app, 'regulator');
  await sealAllPendingEvents(source.db);
});
afterAll(async () => {
  await source.close();
  rmSync(folder, { recursive: true, force: true });
});

async function snapshot(db: Database): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of await listTablesInDependencyOrder(db)) {
    const key = (await primaryKeyOf(db, table)).map((c) => `"${c}"`).join(', ') || '1';
    out[table] = (
      await queryRows<{ row: string }>(db, sql.raw(`SELECT row_to_json(t)::text AS row FROM "${table}" t ORDER BY ${key}`))
    ).map((r) => r.row);
  }
  return out;
}

describe('db:backup and db:restore', () => {
  it('round-trips every table exactly into a fresh database', async () => {
    const file = join(folder, 'backup.jsonl.gz');
    const written = await writeBackup(source.db, file);
    expect(written.rows).toBeGreaterThan(20);
    const target = await openTestDatabase();
    try {
      const restored = await restoreBackup(target.db, file);
      expect(restored.rows).toBe(written.rows);
      const [before, after] = [await snapshot(source.db), await snapshot(target.db)];
      expect(Object.keys(after)).toEqual(Object.keys(before));
      for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
      // Sequences continue after the restored ids, and the audit log still verifies.
      await target.db.execute(sql`INSERT INTO help_content (title, content, category, author) VALUES ('new', 'x', 'features', 'y')`);
      const { verifyAuditLog } = await import('../../src/server/modules/audit/verify');
      expect((await verifyAuditLog(target.db)).valid).toBe(true);
    } finally {
      await target.close();
    }
    // Every table twice over, on a machine that may be shared: the 30 s default was seen to run out at load 15.
  }, 120_000);

  it('replaces what the target had, and leaves it untouched when the file is not a backup', async () => {
    const file = join(folder, 'second.jsonl.gz');
    await writeBackup(source.db, file);
    const target = await openTestDatabase();
    try {
      await target.db.execute(sql`INSERT INTO settings (key, value) VALUES ('stray', '1')`);
      await restoreBackup(target.db, file);
      expect(await queryRows(target.db, sql`SELECT 1 FROM settings WHERE key = 'stray'`)).toHaveLength(0);
      const bogus = join(folder, 'bogus.jsonl.gz');
      const { writeFileSync } = await import('node:fs');
      const { gzipSync } = await import('node:zlib');
      writeFileSync(bogus, gzipSync('{"format":"something-else"}\n'));
      await expect(restoreBackup(target.db, bogus)).rejects.toThrow(/Not a CreditCheck SL backup/);
      expect((await snapshot(target.db)).users).toEqual((await snapshot(source.db)).users);
    } finally {
      await target.close();
    }
  });
});
