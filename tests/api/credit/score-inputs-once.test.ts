import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/server/db/query';
import { readReportSources } from '../../../src/server/modules/credit-file/report-sources';
import { readScoringInputs } from '../../../src/server/modules/scoring/queries';
import { createTestApp, type TestApp } from '../../helpers/test-app';

// Issue 22: a report reads each account and its months once, and makes the score's inputs from the
// accounts it read (scoring/queries.ts scoringAccountsOfFile) instead of reading them again. The
// stored score's audit re-reads them with readScoringInputs, so the two must be equal for every
// kind of file: accounts the person borrowed and accounts they are only a party to, defaults past
// retention, entries hidden from lenders by an overdue dispute, months after the report's date.

let t: TestApp;
let people: { id: string; kind: string }[];

beforeAll(async () => {
  t = await createTestApp();
  // An entry hidden from lenders: an open dispute past its deadline, on one of several accounts.
  await t.db
    .execute(sql`INSERT INTO disputes (reference, consumer_user_id, account_id, business_id, reason, statement, account_snapshot, due_at)
    SELECT 'DSP-TEST-HIDDEN', (SELECT id FROM users WHERE role = 'consumer' ORDER BY id LIMIT 1), a.id, a.business_id,
      'not_mine', 'Not my account', '{}'::jsonb, now() - interval '1 day'
    FROM credit_accounts a WHERE (SELECT count(*) FROM credit_accounts o WHERE o.subject_id = a.subject_id) >= 2
    ORDER BY a.id LIMIT 1`);
  // Each kind of file the two reads could treat differently, and a sample of the rest.
  people = await queryRows<{ id: string; kind: string }>(
    t.db,
    sql`(SELECT DISTINCT p.subject_id AS id, 'party' AS kind FROM credit_account_parties p LIMIT 40)
      UNION ALL (SELECT DISTINCT a.subject_id, 'default' FROM credit_accounts a WHERE a.default_date IS NOT NULL ORDER BY 1 LIMIT 40)
      UNION ALL (SELECT DISTINCT a.subject_id, 'hidden from lenders' FROM credit_accounts a
        JOIN disputes d ON d.account_id = a.id AND d.status = 'open' AND d.due_at <= now() LIMIT 40)
      UNION ALL (SELECT s.id, 'any' FROM credit_subjects s ORDER BY s.id LIMIT 80)`,
  );
});
afterAll(() => t?.close());

describe('the score inputs a report makes from its own accounts', () => {
  it('has each kind of file to compare', () => {
    const kinds = new Set(people.map((p) => p.kind));
    expect([...kinds].sort()).toEqual(['any', 'default', 'hidden from lenders', 'party']);
  });

  const asOfs = {
    today: () => new Date(),
    // Months after the report's date exist for every account: the score must not read them.
    'a year and a half ago': () => new Date(Date.now() - 548 * 86_400_000),
    // Defaults then inside retention that are past it today.
    'four years ago': () => new Date(Date.now() - 4 * 365 * 86_400_000),
  };
  for (const [when, asOfOf] of Object.entries(asOfs)) {
    for (const audience of ['business', 'consumer'] as const) {
      it(`equal readScoringInputs for a ${audience} report as of ${when}`, async () => {
        const asOf = asOfOf();
        let scoredAccounts = 0;
        let laterMonths = 0;
        for (const { id } of people) {
          const sources = await readReportSources(t.db, id, { audience, asOf });
          const reread = await readScoringInputs(t.db, id, asOf, null, audience);
          expect(sources?.scoringInputs, id).toEqual(reread);
          scoredAccounts += reread.accounts.length;
          laterMonths += (sources?.accounts ?? []).reduce((n, a) => n + a.months.filter((m) => new Date(m.month) > asOf).length, 0);
        }
        expect(scoredAccounts).toBeGreaterThan(0);
        // The report's history reads months after its date; the score must leave them out.
        if (when === 'a year and a half ago') expect(laterMonths).toBeGreaterThan(0);
      });
    }
  }
});
