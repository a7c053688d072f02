import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { z } from 'zod';
import { queryParsedRows } from '../query';

/** The application's tables in an order where every foreign key points to an earlier table. */
export async function listTablesInDependencyOrder(db: Database): Promise<string[]> {
  const tables = (
    await queryParsedRows(
      db,
      z.object({ name: z.string() }),
      sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY c.relname`,
    )
  ).map((r) => r.name);
  const edges = await queryParsedRows(
    db,
    z.object({ child: z.string(), parent: z.string() }),
    sql`SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
        JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE k.contype = 'f' AND n.nspname = 'public' AND c.relname <> p.relname`,
  );
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const e of edges) if (e.child === table) visit(e.parent);
    ordered.push(table);
  };
  tables.forEach(visit);
  return ordered;
}

/** The primary-key columns of a table, to read rows in a stable order. */
export async function primaryKeyOf(db: Database, table: string): Promise<string[]> {
  const rows = await queryParsedRows(
    db,
    z.object({ column: z.string() }),
    sql`SELECT a.attname AS column FROM pg_index i
        JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
        WHERE i.indrelid = ${table}::regclass AND i.indisprimary ORDER BY array_position(i.indkey, a.attnum)`,
  );
  return rows.map((r) => r.column);
}

/** Columns a restore writes: generated columns are recomputed by the database, never inserted. */
export async function insertableColumnsOf(db: Database, table: string): Promise<string[]> {
  const rows = await queryParsedRows(
    db,
    z.object({ column: z.string() }),
    sql`SELECT attname AS column FROM pg_attribute
        WHERE attrelid = ${table}::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
        ORDER BY attnum`,
  );
  return rows.map((r) => r.column);
}
