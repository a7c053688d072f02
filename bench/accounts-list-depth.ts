// `npm run bench:accounts-list -- [--accounts 68000] [--repeat 7]`
//
// A lender reading its own accounts back at depth (issue 17, item 5: page 1 in 0.15 s, page 1,000
// in 25 s and page 2,500 in 64 s over 68,000 accounts before). Loads that many accounts for one
// business through the monthly-file path (so statistics are refreshed as after any large load,
// db/statistics.ts), then times the list at the first page, the middle and the last, by page number
// and by cursor (the cursor of the page before, as a client walking the book holds it), and prints
// each one's median and its ratio to page 1 in the same run. In-process, on PGlite, or on a
// throwaway PostgreSQL database when DATABASE_URL is set. Generated accounts: one person each.
import { CLIENT_PAGE_SIZE } from '@shared/schemas/business';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/server/db/query';
import { listClientAccounts } from '../src/server/modules/submissions/client-accounts';
import { submitMonthlyFile } from '../src/server/modules/submissions/accept-file';
import { openTestDatabase } from '../tests/helpers/test-database';
import { argValue } from './lib/args';
import { ensureBenchBusiness } from './lib/bench-business';

const accounts = Number(argValue('accounts', '68000'));
const repeat = Number(argValue('repeat', '7'));
const FILE_ROWS = 50_000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function row(i: number) {
  return {
    subject: {
      nationalId: `LIST${String(i).padStart(7, '0')}`,
      firstName: ['Kadiatu', 'Mohamed', 'Fatmata', 'Ibrahim', 'Isatu', 'Abu'][i % 6],
      lastName: ['Kamara', 'Sesay', 'Koroma', 'Bangura', 'Conteh', 'Turay', 'Kanu', 'Jalloh'][i % 8],
      dateOfBirth: new Date(Date.UTC(1950, 0, 1) + (i % 18_000) * 86_400_000).toISOString().slice(0, 10),
      phone: `+2327${String(7_000_000 + i).padStart(7, '0')}`,
      address: { line: `${i} Wilkinson Road, Freetown`, district: 'Western Area Urban' },
    },
    account: {
      accountNumber: `LIST-${i}`,
      type: 'microfinance_loan',
      currency: 'SLE',
      principal: '1000',
      balance: String(500 + (i % 400)),
      openedAt: '2024-06-01',
      status: i % 17 === 0 ? 'late_30' : 'current',
    },
  };
}

async function main() {
  const database = await openTestDatabase();
  const { db } = database;
  try {
    const businessId = await ensureBenchBusiness(db);
    console.log(
      `Loading ${accounts.toLocaleString('en')} accounts for one lender on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}...`,
    );
    const started = Date.now();
    for (let start = 0; start < accounts; start += FILE_ROWS) {
      const rows = Array.from({ length: Math.min(FILE_ROWS, accounts - start) }, (_, k) => row(start + k));
      await submitMonthlyFile(db, { businessId, userId: businessId }, { format: 'json', body: { rows } });
    }
    // Months of files give many report times, with ties inside each.
    await db.execute(
      sql`UPDATE credit_accounts SET last_reported_at = now() - (((substring(account_number FROM 6))::int % 30) || ' days')::interval
          WHERE business_id = ${businessId}::uuid`,
    );
    await db.execute(sql`ANALYZE credit_accounts`);
    const [stats] = await queryRows<{ n: number | string }>(
      db,
      sql`SELECT count(*) AS n FROM credit_accounts WHERE business_id = ${businessId}::uuid`,
    );
    console.log(`  ${Number(stats.n).toLocaleString('en')} accounts in ${((Date.now() - started) / 1000).toFixed(0)} s`);

    const lastPage = Math.ceil(accounts / CLIENT_PAGE_SIZE);
    const depths = [1, Math.min(1_000, lastPage), lastPage];
    // The cursor a client holds at each depth: walk the book once, keeping the cursors wanted.
    const cursorAt = new Map<number, string>();
    let cursor: string | null = null;
    for (let page = 1; page < lastPage && cursor !== undefined; page++) {
      const answer = await listClientAccounts(db, businessId, { status: 'all', page: 1, ...(cursor ? { cursor } : {}) });
      cursor = answer.nextCursor;
      if (cursor && depths.includes(page + 1)) cursorAt.set(page + 1, cursor);
      if (!cursor) break;
    }

    const time = async (query: Parameters<typeof listClientAccounts>[2]) => {
      const ms: number[] = [];
      for (let i = 0; i < repeat; i++) {
        const t0 = process.hrtime.bigint();
        const answer = await listClientAccounts(db, businessId, query);
        ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
        if (answer.accounts.length === 0) throw new Error(`empty page: ${JSON.stringify(query)}`);
      }
      return median(ms);
    };
    const first = await time({ status: 'all', page: 1 });
    console.log(`\nGET /api/businesses/me/accounts, ${accounts.toLocaleString('en')} accounts, median of ${repeat} (ms; ratio to page 1):`);
    console.log('| page | by number | by cursor |');
    console.log('|---|---|---|');
    for (const depth of depths) {
      const byNumber = await time({ status: 'all', page: depth });
      const at = cursorAt.get(depth);
      const byCursor = depth === 1 ? first : at ? await time({ status: 'all', page: 1, cursor: at }) : NaN;
      const cell = (ms: number) => `${ms.toFixed(1)} (${(ms / first).toFixed(2)}x)`;
      console.log(`| ${depth.toLocaleString('en')} | ${cell(byNumber)} | ${cell(byCursor)} |`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
