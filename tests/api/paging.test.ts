import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/query';
import { DISPUTE_REASONS } from '../../src/shared/schemas/consumer';
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

describe('GET /api/businesses/me/disputes', () => {
  beforeAll(async () => {
    const [consumer] = await queryRows<{ user_id: string }>(t.db, sql`SELECT user_id FROM consumer_profiles LIMIT 1`);
    if (!consumer) throw new Error('the test database has no consumer');
    const snapshot = {
      accountId: '00000000-0000-4000-8000-000000000001',
      lender: 'Lender',
      accountNumber: 'LN-1',
      typeName: 'Personal loan',
      currency: 'SLE',
      principal: '1000.00',
      balance: '500.00',
      status: 'current',
      statusName: 'Current',
      defaultAmount: null,
      defaultDate: null,
      paymentHistory: '000',
      openedAt: '2025-01-01',
    };
    // Six disputes, open and resolved mixed, three filed in the same microsecond: the id breaks the tie.
    const same = '2026-03-01T10:00:00.123456Z';
    const filed = ['2026-01-01T00:00:00Z', same, same, same, '2026-04-01T00:00:00Z', '2026-02-01T00:00:00Z'];
    const insert = (businessId: string, filedAt: string, i: number) =>
      t.db
        .execute(sql`INSERT INTO disputes (reference, consumer_user_id, account_id, business_id, reason, statement, status, account_snapshot, filed_at, due_at)
        VALUES (${`DSP-PAGING-${businessId.slice(0, 8)}-${i}`}, ${consumer.user_id}::uuid, gen_random_uuid(), ${businessId}::uuid, ${DISPUTE_REASONS[0]},
          'Not mine', ${i % 2 === 0 ? 'open' : 'resolved'}, ${JSON.stringify(snapshot)}::jsonb, ${filedAt}::timestamptz, ${filedAt}::timestamptz + interval '30 days')`);
    for (const [i, filedAt] of filed.entries()) await insert(lender.id, filedAt, i);
    for (const [i, filedAt] of filed.slice(0, 2).entries()) await insert(other.id, filedAt, i);
  });

  const expected = async (businessId: string, status = 'all') =>
    (
      await queryRows<{ id: string }>(
        t.db,
        sql`SELECT id FROM disputes WHERE business_id = ${businessId}::uuid AND (${status} = 'all' OR status::text = ${status})
            ORDER BY filed_at DESC, id DESC`,
      )
    ).map((r) => r.id);

  it('walks every dispute once, newest filed first, with the summary and disputes on every page', async () => {
    const all = await expected(lender.id);
    expect(all).toHaveLength(6);
    for (const limit of [1, 4]) {
      const { ids, pages } = await walk('/api/businesses/me/disputes', lender.cookie, limit);
      expect(ids).toEqual(all);
      for (const page of pages) {
        expect(page.disputes).toEqual(page.items);
        expect(page.summary).toMatchObject({ open: 3 });
      }
    }
    const open = await walk('/api/businesses/me/disputes?status=open', lender.cookie, 2);
    expect(open.ids).toEqual(await expected(lender.id, 'open'));
  });

  it("never shows another business's disputes", async () => {
    const mine = new Set(await expected(lender.id));
    const { ids } = await walk('/api/businesses/me/disputes', other.cookie, 1);
    expect(ids).toEqual(await expected(other.id));
    expect(ids.some((id) => mine.has(id))).toBe(false);
  });

  it('refuses a bad limit or cursor with a 400 naming it', async () => {
    await expectRefusals('/api/businesses/me/disputes', lender.cookie);
  });
});

describe('GET /api/credit/reports', () => {
  beforeAll(async () => {
    // Six stored reports, three stored in the same microsecond: the id breaks the tie.
    const same = '2026-03-01T10:00:00.123456Z';
    const stored = ['2026-01-01T00:00:00Z', same, same, same, '2026-04-01T00:00:00Z', '2026-02-01T00:00:00Z'];
    const insert = (businessId: string, createdAt: string) =>
      t.db.execute(sql`WITH q AS (
          INSERT INTO credit_inquiries (business_id, user_id, kind, purpose)
          VALUES (${businessId}::uuid, ${businessId}::uuid, 'report', (SELECT code FROM permissible_purposes ORDER BY code LIMIT 1))
          RETURNING id)
        INSERT INTO credit_report_copies (report_id, business_id, report, created_at)
        SELECT id, ${businessId}::uuid, ${JSON.stringify({ subject: { fullName: 'Fatmata Koroma' }, purpose: 'credit_application' })}::jsonb, ${createdAt}::timestamptz FROM q`);
    for (const createdAt of stored) await insert(lender.id, createdAt);
    for (const createdAt of stored.slice(0, 2)) await insert(other.id, createdAt);
  });

  const expected = async (businessId: string) =>
    (
      await queryRows<{ id: string }>(
        t.db,
        sql`SELECT report_id AS id FROM credit_report_copies WHERE business_id = ${businessId}::uuid ORDER BY created_at DESC, report_id DESC`,
      )
    ).map((r) => r.id);

  /** The list's rows carry `reportId`: the walk reads ids from `items`, so it maps them. */
  async function walkReports(cookie: string, limit: number) {
    return (await walk('/api/credit/reports', cookie, limit)).pages;
  }

  it('walks every stored report once, newest first, items beside reports', async () => {
    const all = await expected(lender.id);
    expect(all).toHaveLength(6);
    for (const limit of [1, 4]) {
      const pages = await walkReports(lender.cookie, limit);
      const ids = pages.flatMap((p) => (p.items as unknown as { reportId: string }[]).map((r) => r.reportId));
      expect(ids).toEqual(all);
      for (const page of pages) expect(page.reports).toEqual(page.items);
    }
  });

  it("never shows another business's reports", async () => {
    const mine = new Set(await expected(lender.id));
    const pages = await walkReports(other.cookie, 1);
    const ids = pages.flatMap((p) => (p.items as unknown as { reportId: string }[]).map((r) => r.reportId));
    expect(ids).toEqual(await expected(other.id));
    expect(ids.some((id) => mine.has(id))).toBe(false);
  });

  it('refuses a bad limit or cursor with a 400 naming it', async () => {
    await expectRefusals('/api/credit/reports', lender.cookie);
  });
});

describe('GET /api/notifications', () => {
  beforeAll(async () => {
    // Six notifications, three written in the same microsecond: the id breaks the tie.
    const same = '2026-03-01T10:00:00.123456Z';
    const written = ['2026-01-01T00:00:00Z', same, same, same, '2026-04-01T00:00:00Z', '2026-02-01T00:00:00Z'];
    const insert = (userId: string, createdAt: string, i: number) =>
      t.db.execute(sql`INSERT INTO notifications (user_id, kind, title, body, dedupe_key, created_at)
        VALUES (${userId}::uuid, 'paging_test', 'A notification', 'Its text', ${`paging-${userId}-${i}`}, ${createdAt}::timestamptz)`);
    for (const [i, createdAt] of written.entries()) await insert(lender.id, createdAt, i);
    for (const [i, createdAt] of written.slice(0, 2).entries()) await insert(other.id, createdAt, i);
  });

  const expected = async (userId: string) =>
    (
      await queryRows<{ id: string }>(
        t.db,
        sql`SELECT id FROM notifications WHERE user_id = ${userId}::uuid ORDER BY created_at DESC, id DESC`,
      )
    ).map((r) => r.id);

  it('walks every notification once, newest first, items beside notifications and the unread count', async () => {
    const all = await expected(lender.id);
    expect(all.length).toBeGreaterThanOrEqual(6);
    for (const limit of [1, 4]) {
      const { ids, pages } = await walk('/api/notifications', lender.cookie, limit);
      expect(ids).toEqual(all);
      for (const page of pages) {
        expect(page.notifications).toEqual(page.items);
        expect(page.unread).toBeGreaterThanOrEqual(6);
      }
    }
  });

  it("never shows another business's notifications", async () => {
    const mine = new Set(await expected(lender.id));
    const { ids } = await walk('/api/notifications', other.cookie, 1);
    expect(ids).toEqual(await expected(other.id));
    expect(ids.some((id) => mine.has(id))).toBe(false);
  });

  it('refuses a bad limit or cursor with a 400 naming it', async () => {
    await expectRefusals('/api/notifications', lender.cookie);
  });
});
