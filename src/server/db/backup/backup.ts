import { sql } from 'drizzle-orm';
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { createGunzip, createGzip } from 'node:zlib';
import type { Database } from '../client';
import { z } from 'zod';
import { numberColumn, queryParsedRows } from '../query';
import { insertableColumnsOf, listTablesInDependencyOrder, primaryKeyOf } from './tables';

const BATCH = 2_000;
// A line that starts the rows of a table; row_to_json never produces this key.
const TABLE_MARKER = '$table';
export const BACKUP_FORMAT = 'creditcheck-sl-backup/1';

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * A logical backup that works on PGlite and PostgreSQL alike and restores into either: gzipped
 * JSON lines, a header, then per table a line naming it and one line per row (PostgreSQL's own
 * row_to_json, so every type round-trips exactly through json_populate_recordset).
 */
export async function writeBackup(db: Database, file: string): Promise<{ tables: number; rows: number }> {
  const gzip = createGzip();
  const out = createWriteStream(file);
  gzip.pipe(out);
  const write = async (line: unknown) => {
    if (!gzip.write(`${JSON.stringify(line)}\n`)) await once(gzip, 'drain');
  };
  const [{ migrations }] = await queryParsedRows(
    db,
    z.object({ migrations: numberColumn }),
    sql`SELECT count(*)::int AS migrations FROM drizzle.__drizzle_migrations`,
  );
  await write({ format: BACKUP_FORMAT, createdAt: new Date().toISOString(), migrations });
  let rows = 0;
  const tables = await listTablesInDependencyOrder(db);
  for (const table of tables) {
    await write({ [TABLE_MARKER]: table });
    const key = (await primaryKeyOf(db, table)).map(quoteIdent).join(', ') || '1';
    for (let offset = 0; ; offset += BATCH) {
      const page = await queryParsedRows(
        db,
        z.object({ row: z.string() }),
        sql.raw(`SELECT row_to_json(t)::text AS row FROM ${quoteIdent(table)} t ORDER BY ${key} LIMIT ${BATCH} OFFSET ${offset}`),
      );
      for (const r of page) await write(JSON.parse(r.row));
      rows += page.length;
      if (page.length < BATCH) break;
    }
  }
  gzip.end();
  await once(out, 'finish');
  return { tables: tables.length, rows };
}

/**
 * Replaces every table's contents with the backup's, in one transaction (all or nothing), reading
 * the file as a stream. Tables come in dependency order, so foreign keys hold as rows arrive; a
 * superuser also turns triggers off for the load. Sequences then move past the restored ids.
 * The database must have the same migrations applied as the one backed up.
 */
export async function restoreBackup(db: Database, file: string): Promise<{ tables: number; rows: number }> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity })[Symbol.asyncIterator]();
  const first = await lines.next();
  const header = first.done ? null : (JSON.parse(first.value) as { format?: string; migrations?: number });
  if (header?.format !== BACKUP_FORMAT) throw new Error(`Not a CreditCheck SL backup (format ${header?.format ?? 'unknown'})`);
  const [{ migrations }] = await queryParsedRows(
    db,
    z.object({ migrations: numberColumn }),
    sql`SELECT count(*)::int AS migrations FROM drizzle.__drizzle_migrations`,
  );
  if (migrations !== header.migrations) {
    throw new Error(
      `The backup was taken at migration ${header.migrations}; this database is at ${migrations}. Migrate or restore into a matching database.`,
    );
  }
  const tables = await listTablesInDependencyOrder(db);
  let rows = 0;
  await db.transaction(async (txRaw) => {
    const tx = txRaw;
    const [{ is_super }] = await queryParsedRows(
      tx,
      z.object({ is_super: z.boolean() }),
      sql`SELECT rolsuper AS is_super FROM pg_roles WHERE rolname = current_user`,
    );
    if (is_super) await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(sql.raw(`TRUNCATE ${tables.map(quoteIdent).join(', ')} RESTART IDENTITY CASCADE`));
    let table: string | null = null;
    let batch: unknown[] = [];
    const columnLists = new Map<string, string>();
    const flush = async () => {
      if (!table || batch.length === 0) return;
      if (!tables.includes(table)) throw new Error(`The backup has a table this database does not: ${table}`);
      if (!columnLists.has(table)) columnLists.set(table, (await insertableColumnsOf(tx, table)).map(quoteIdent).join(', '));
      const columns = sql.raw(columnLists.get(table)!);
      await tx.execute(
        sql`INSERT INTO ${sql.raw(quoteIdent(table))} (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::${sql.raw(quoteIdent(table))}, ${JSON.stringify(batch)}::json)`,
      );
      rows += batch.length;
      batch = [];
    };
    for (let next = await lines.next(); !next.done; next = await lines.next()) {
      if (!next.value) continue;
      const value = JSON.parse(next.value);
      if (value && typeof value === 'object' && TABLE_MARKER in value) {
        await flush();
        table = value[TABLE_MARKER];
      } else {
        batch.push(value);
        if (batch.length >= BATCH) await flush();
      }
    }
    await flush();
    // Sequences (serial and bigserial columns) continue after the restored ids.
    const sequences = await queryParsedRows(
      tx,
      z.object({ table_name: z.string(), column_name: z.string(), seq: z.string() }),
      sql`SELECT c.relname AS table_name, a.attname AS column_name, pg_get_serial_sequence(quote_ident(c.relname), a.attname) AS seq
          FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_attribute a ON a.attrelid = c.oid
          WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
            AND pg_get_serial_sequence(quote_ident(c.relname), a.attname) IS NOT NULL`,
    );
    for (const s of sequences) {
      await tx.execute(
        sql.raw(
          `SELECT setval('${s.seq}', COALESCE((SELECT max(${quoteIdent(s.column_name)}) FROM ${quoteIdent(s.table_name)}), 0) + 1, false)`,
        ),
      );
    }
  });
  return { tables: tables.length, rows };
}
