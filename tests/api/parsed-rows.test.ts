// Issue 16 "one definition of each shape": raw SQL is read through queryParsedRows, each row parsed
// with one zod schema. A json column a driver gives as text is parsed; a row of the wrong shape is a
// RowShapeError naming the query and the field, answered 500 INTERNAL_ERROR (a bug, not bad input).
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../../src/server/db/client';
import { queryPreparedParsedRows } from '../../src/server/db/prepared';
import { jsonColumnOf, queryParsedRows, RowShapeError, timestampColumn } from '../../src/server/db/query';
import { readReportSources, withScoringInputs, ZReportSourcesRow } from '../../src/server/modules/credit-file/report-sources';
import errorsPlugin from '../../src/server/plugins/errors';
import { openTestDatabase } from '../helpers/test-database';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

describe('queryParsedRows', () => {
  it('parses a json column given as text, the same value given as json, and a timestamp', async () => {
    const ZRow = z.object({
      as_text: jsonColumnOf(z.object({ a: z.number(), b: z.array(z.string()) })),
      as_json: jsonColumnOf(z.object({ a: z.number(), b: z.array(z.string()) })),
      absent: jsonColumnOf(z.object({ a: z.number() }).nullable()),
      at: timestampColumn,
      at_text: timestampColumn,
    });
    const rows = await queryParsedRows(
      handle.db,
      ZRow,
      sql`SELECT ${'{"a":1,"b":["x"]}'}::text AS as_text, '{"a":1,"b":["x"]}'::jsonb AS as_json, NULL::json AS absent,
        '2026-01-02T03:04:05Z'::timestamptz AS at, '2026-01-02T03:04:05Z'::timestamptz::text AS at_text`,
    );
    expect(rows).toEqual([
      {
        as_text: { a: 1, b: ['x'] },
        as_json: { a: 1, b: ['x'] },
        absent: null,
        at: '2026-01-02T03:04:05.000Z',
        at_text: '2026-01-02T03:04:05.000Z',
      },
    ]);
  });

  it('a row that does not match is a RowShapeError naming the query, the row and the field', async () => {
    const ZRow = z.object({ id: z.number(), doc: jsonColumnOf(z.object({ kind: z.enum(['search', 'report']) })) });
    const error = await queryParsedRows(
      handle.db,
      ZRow,
      sql`SELECT 1 AS id, '{"kind":"search"}'::json AS doc UNION ALL SELECT 2, '{"kind":"other"}'::json`,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RowShapeError);
    const message = (error as RowShapeError).message;
    expect(message).toContain('Row 1 of query "SELECT 1 AS id');
    expect(message).toContain('doc.kind:');
    expect((error as RowShapeError).rowIndex).toBe(1);
  });

  it('text that is not json is an issue of its field, not a SyntaxError', async () => {
    const error = await queryParsedRows(handle.db, z.object({ doc: jsonColumnOf(z.object({})) }), sql`SELECT 'not json' AS doc`).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RowShapeError);
    expect((error as RowShapeError).message).toContain('doc: Expected json');
  });

  it('the prepared variant parses the same way and names the statement in its error', async () => {
    const ZRow = z.object({ n: z.number(), doc: jsonColumnOf(z.array(z.number())) });
    const rows = await queryPreparedParsedRows(handle.db, 'parsed-rows-test', ZRow, sql`SELECT ${2}::int AS n, '[1,2]'::text AS doc`);
    expect(rows).toEqual([{ n: 2, doc: [1, 2] }]);
    const error = await queryPreparedParsedRows(
      handle.db,
      'parsed-rows-test-wrong',
      ZRow,
      sql`SELECT 'two' AS n, '[1]'::json AS doc`,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RowShapeError);
    expect((error as RowShapeError).message).toContain('query "parsed-rows-test-wrong"');
    expect((error as RowShapeError).message).toContain('n:');
  });

  it('a RowShapeError reaching the error handler is a 500 INTERNAL_ERROR without the SQL', async () => {
    const app = Fastify();
    await app.register(errorsPlugin);
    app.get('/broken', async () => queryParsedRows(handle.db, z.object({ n: z.number() }), sql`SELECT 'x' AS n`));
    const response = await app.inject({ method: 'GET', url: '/broken' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again.' });
    await app.close();
  });
});

describe('the report read model (credit-file/report-sources.ts)', () => {
  let seeded: DatabaseHandle;
  beforeAll(async () => {
    seeded = await openTestDatabase('seeded');
  });
  afterAll(() => seeded.close());

  it('is the same when a driver gives every json column as text, and refuses a row of the wrong shape', async () => {
    const [person] = await queryParsedRows(
      seeded.db,
      z.object({ id: z.string() }),
      sql`SELECT s.id FROM credit_subjects s WHERE EXISTS (SELECT 1 FROM credit_accounts a WHERE a.subject_id = s.id) ORDER BY s.id LIMIT 1`,
    );
    expect(person).toBeDefined();
    const asOf = new Date();
    const options = { audience: 'consumer' as const, asOf };
    const sources = await readReportSources(seeded.db, person!.id, options);
    expect(sources?.accounts.length).toBeGreaterThan(0);

    // The raw row, captured at the driver: the read is a statement built once (compiledStatement),
    // sent as text and parameters to the client's query.
    const raw: Record<string, unknown>[] = [];
    const client =
      seeded.pool ?? (seeded.db as unknown as { $client: { query(text: string, params: unknown[]): Promise<unknown> } }).$client;
    const capturing = {
      async query(text: string, params: unknown[]) {
        const result = (await client.query(text, params)) as { rows: Record<string, unknown>[] };
        raw.push(result.rows[0]!);
        return result;
      },
    };
    const spy = Object.create(seeded.db, { $client: { value: capturing }, session: { value: undefined } }) as typeof seeded.db;
    expect(await readReportSources(spy, person!.id, options)).toEqual(sources);
    const row = raw[0]!;
    const asText = Object.fromEntries(
      Object.entries(row).map(([key, value]) => [
        key,
        value !== null && typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : value,
      ]),
    );
    expect(typeof asText.accounts).toBe('string');
    expect(withScoringInputs(ZReportSourcesRow.parse(asText), asOf)).toEqual(sources);

    const accounts = row.accounts as Record<string, unknown>[];
    const wrong = ZReportSourcesRow.safeParse({ ...row, accounts: [{ ...accounts[0], status: 'lost' }] });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.path).toEqual(['accounts', 0, 'status']);
  });
});
