import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/server/db/query';
import { clientAccountsStatements } from '../../../src/server/modules/submissions/client-accounts';
import { submitMonthlyFile } from '../../../src/server/modules/submissions/accept-file';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createBusiness } from './credit-fixtures';

// Issue 17, item 5: a lender reading its own accounts back slowed with depth (page 1 in 0.15 s,
// page 2,500 in 64 s over 68,000 accounts: the person and NIN were read for every row before the
// OFFSET). The list now reads the page's ids first and the rest for those 25 only, and a cursor
// (keyset) reaches any depth at the cost of the first page.

const ACCOUNTS = 3_000;
let t: TestApp;
let business: { id: string; cookie: string };

const list = (query: string) =>
  t.app.inject({ method: 'GET', url: `/api/businesses/me/accounts?${query}`, headers: { cookie: business.cookie } });

beforeAll(async () => {
  t = await createTestApp();
  business = await createBusiness(t);
  const rows = Array.from({ length: ACCOUNTS }, (_, i) => ({
    subject: {
      nationalId: `DEPTH${String(i).padStart(6, '0')}`,
      firstName: 'Kadiatu',
      lastName: ['Kamara', 'Sesay', 'Koroma', 'Bangura', 'Conteh', 'Turay', 'Kanu', 'Jalloh'][i % 8],
      dateOfBirth: new Date(Date.UTC(1960, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
      phone: `+23277${String(i).padStart(6, '0')}`,
      address: { line: `${i} Wilkinson Road, Freetown`, district: 'Western Area Urban' },
    },
    account: {
      accountNumber: `DEPTH-${i}`,
      type: 'microfinance_loan',
      currency: 'SLE',
      principal: '1000',
      balance: '500',
      openedAt: '2024-06-01',
      status: 'current',
    },
  }));
  const sent = await submitMonthlyFile(t.db, { businessId: business.id, userId: business.id }, { format: 'json', body: { rows } });
  const [{ accepted, rejects }] = [
    (await t.app.inject({ method: 'GET', url: `/api/credit/submissions/${sent.id}`, headers: { cookie: business.cookie } })).json(),
  ];
  expect({ accepted, rejects: rejects.slice(0, 3) }).toEqual({ accepted: ACCOUNTS, rejects: [] });
  // Several report times, as months of files give, with many ties inside each.
  await t.db.execute(
    sql`UPDATE credit_accounts SET last_reported_at = now() - (((substring(account_number FROM 7))::int % 7) || ' days')::interval
        WHERE business_id = ${business.id}::uuid`,
  );
}, 180_000);

afterAll(async () => t?.close());

/** The most times any subplan (a correlated subquery) of an EXPLAIN (ANALYZE, FORMAT JSON) plan ran. */
function maxSubplanLoops(node: unknown): number {
  if (Array.isArray(node)) return Math.max(0, ...node.map(maxSubplanLoops));
  if (!node || typeof node !== 'object') return 0;
  const n = node as Record<string, unknown>;
  const own = n['Parent Relationship'] === 'SubPlan' ? Number(n['Actual Loops'] ?? 0) : 0;
  return Math.max(own, ...Object.values(n).map(maxSubplanLoops));
}

describe('GET /api/businesses/me/accounts at any depth', () => {
  it('walks every account exactly once by cursor, newest report first, with the total on every page', async () => {
    const seen: string[] = [];
    let previous = Infinity;
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await list(cursor ? `cursor=${cursor}` : '');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.total).toBe(ACCOUNTS);
      for (const account of body.accounts as { accountNumber: string; lastReportedAt: string }[]) {
        const at = Date.parse(account.lastReportedAt);
        expect(at).toBeLessThanOrEqual(previous);
        previous = at;
        seen.push(account.accountNumber);
      }
      cursor = body.nextCursor;
      pages++;
    } while (cursor && pages < 200);
    expect(pages).toBe(ACCOUNTS / 25);
    expect(new Set(seen).size).toBe(ACCOUNTS);
  }, 120_000);

  it('takes ?limit= (1 to 500): a walk of 500 a page meets every account once; items are the accounts; a bad limit or cursor is a 400 naming it', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const body: { pageSize: number; items: { accountId: string }[]; accounts: unknown[]; nextCursor: string | null } = (
        await list(`limit=500${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      expect(body.pageSize).toBe(500);
      expect(body.items).toEqual(body.accounts);
      seen.push(...(body.items as { accountId: string }[]).map((a) => a.accountId));
      cursor = body.nextCursor;
      pages++;
    } while (cursor && pages < 20);
    expect(pages).toBe(ACCOUNTS / 500);
    expect(new Set(seen).size).toBe(ACCOUNTS);
    const [{ n }] = await queryRows<{ n: string }>(
      t.db,
      sql`SELECT count(*)::text AS n FROM credit_accounts WHERE business_id = ${business.id}::uuid`,
    );
    expect(Number(n)).toBe(ACCOUNTS);
    expect((await list('')).json().pageSize).toBe(25);
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=501', 'limit'],
      ['limit=x', 'limit'],
      [`cursor=${Buffer.from('1.not-an-id').toString('base64url')}`, 'cursor'],
    ]) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
  }, 60_000);

  // The plan, not a time: the person's NIN is looked up (a subplan) once per row of the page, at
  // any depth. Before, the lookup ran for every row up to the OFFSET: 3,000 times for the last page.
  it('looks up the person of the page rows only, at the last page by number and by cursor', async () => {
    let cursor: string | null = null;
    for (let i = 0; i < ACCOUNTS / 25 - 1; i++) cursor = (await list(cursor ? `cursor=${cursor}` : '')).json().nextCursor;
    for (const query of [
      { status: 'all', page: ACCOUNTS / 25 },
      { status: 'all', page: 1, cursor: cursor! },
    ]) {
      const { page } = clientAccountsStatements(business.id, query);
      const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(t.db, sql`EXPLAIN (ANALYZE, FORMAT JSON) ${page}`);
      const plan = typeof row['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row['QUERY PLAN'];
      const loops = maxSubplanLoops(plan);
      // The lookup is there (the plan was read), and it ran for the page's rows only.
      expect(loops).toBeGreaterThan(0);
      expect(loops).toBeLessThanOrEqual(26);
    }
  }, 120_000);

  it('refuses a cursor it did not give (400 naming cursor)', async () => {
    for (const bad of ['not-a-cursor', Buffer.from('1.2').toString('base64url')]) {
      const res = await list(`cursor=${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'cursor' }] });
    }
  });
});
