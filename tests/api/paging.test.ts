import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/query';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createBusiness } from './credit/credit-fixtures';

// The lists a lender pages through (docs/api.md, Paging): walked by cursor with a small limit, every
// row once and in order; a bad limit or cursor is a 400 naming it; another business's rows never appear.

let t: TestApp;
let lender: { id: string; cookie: string };
let other: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  lender = await createBusiness(t);
  other = await createBusiness(t);
});
afterAll(() => t.close());

type Page = { items: { id: string }[]; nextCursor: string | null } & Record<string, unknown>;

async function get(url: string, cookie: string) {
  return t.app.inject({ method: 'GET', url, headers: { cookie } });
}

/** Every page of a list from the first, following nextCursor: the pages' ids in order. */
async function walk(path: string, cookie: string, limit: number): Promise<{ ids: string[]; pages: Page[] }> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const response = await get(`${path}${separator}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as Page;
    expect(page.items.length).toBeLessThanOrEqual(limit);
    pages.push(page);
    cursor = page.nextCursor;
    if (pages.length > 100) throw new Error('the cursor does not advance');
  } while (cursor);
  return { ids: pages.flatMap((p) => p.items.map((item) => item.id)), pages };
}

/** The refusals every paged list gives: a 400 naming the field. */
async function expectRefusals(path: string, cookie: string) {
  const separator = path.includes('?') ? '&' : '?';
  const notGiven = Buffer.from('12345.not-a-row').toString('base64url');
  const nonsense = Buffer.from('no dot at all').toString('base64url');
  for (const [query, field] of [
    ['limit=0', 'limit'],
    ['limit=501', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=2.5', 'limit'],
    ['cursor=!!!', 'cursor'],
    [`cursor=${notGiven}`, 'cursor'],
    [`cursor=${nonsense}`, 'cursor'],
    [`cursor=${Buffer.from('99999999999999999999.00000000-0000-0000-0000-000000000000').toString('base64url')}`, 'cursor'],
  ]) {
    const response = await get(`${path}${separator}${query}`, cookie);
    expect(response.statusCode, `${query}: ${response.body}`).toBe(400);
    expect(
      response.json().errors.map((e: { field: string }) => e.field),
      query,
    ).toContain(field);
  }
  expect((await get(`${path}${separator}limit=500`, cookie)).statusCode).toBe(200);
  expect((await get(`${path}${separator}limit=1`, cookie)).statusCode).toBe(200);
}

describe('GET /api/credit/submissions', () => {
  beforeAll(async () => {
    // Seven files, three of them written in the same microsecond: the id breaks the tie.
    const same = new Date('2026-03-01T10:00:00.123Z');
    const times = [
      new Date('2026-01-01T00:00:00Z'),
      same,
      same,
      same,
      new Date('2026-04-01T00:00:00.000001Z'),
      new Date('2026-02-01T00:00:00Z'),
      new Date('2026-05-01T00:00:00Z'),
    ];
    for (const createdAt of times)
      await t.db.execute(sql`INSERT INTO credit_submissions (business_id, user_id, format, status, created_at)
        VALUES (${lender.id}::uuid, ${lender.id}::uuid, 'json', 'completed', ${createdAt.toISOString()}::timestamptz)`);
    for (const createdAt of times.slice(0, 3))
      await t.db.execute(sql`INSERT INTO credit_submissions (business_id, user_id, format, status, created_at)
        VALUES (${other.id}::uuid, ${other.id}::uuid, 'json', 'completed', ${createdAt.toISOString()}::timestamptz)`);
  });

  const expected = async (businessId: string) =>
    (
      await queryRows<{ id: string }>(
        t.db,
        sql`SELECT id FROM credit_submissions WHERE business_id = ${businessId}::uuid ORDER BY created_at DESC, id DESC`,
      )
    ).map((r) => r.id);

  it('walks every file once, newest first, by cursor with a small limit; items beside submissions', async () => {
    const all = await expected(lender.id);
    expect(all).toHaveLength(7);
    for (const limit of [1, 2, 3, 7]) {
      const { ids, pages } = await walk('/api/credit/submissions', lender.cookie, limit);
      expect(ids).toEqual(all);
      expect(new Set(ids).size).toBe(ids.length);
      for (const page of pages) expect(page.submissions).toEqual(page.items);
      expect(pages.at(-1)?.nextCursor).toBeNull();
    }
    const first = (await get('/api/credit/submissions', lender.cookie)).json();
    expect(first.items).toHaveLength(7);
    expect(first.nextCursor).toBeNull();
  });

  it("never shows another business's files, even on a cursor from its list", async () => {
    const mine = new Set(await expected(lender.id));
    const theirs = await expected(other.id);
    const { ids } = await walk('/api/credit/submissions', other.cookie, 2);
    expect(ids).toEqual(theirs);
    expect(ids.some((id) => mine.has(id))).toBe(false);
    const lenderFirst = (await get('/api/credit/submissions?limit=1', lender.cookie)).json() as Page;
    const crossed = (await get(`/api/credit/submissions?limit=50&cursor=${lenderFirst.nextCursor}`, other.cookie)).json() as Page;
    expect(crossed.items.every((item) => theirs.includes(item.id))).toBe(true);
  });

  it('refuses a bad limit or cursor with a 400 naming it', async () => {
    await expectRefusals('/api/credit/submissions', lender.cookie);
  });
});
