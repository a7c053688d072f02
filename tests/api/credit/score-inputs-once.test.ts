import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/server/db/query';
import { readReportSources } from '../../../src/server/modules/credit-file/report-sources';
import { hardInquiryWindow, readScoringInputs } from '../../../src/server/modules/scoring/queries';
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

// The score's hard inquiries are taken from the report's own list of the year's inquiries (one
// read for both). Every case the two reads could treat differently, around each edge of the
// window: an inquiry exactly at its start (left out) and at its end (kept), one after asOf, another
// purpose, a search that showed the person, two at one instant (ordered by id), the report being
// made (excluded), and a leap day, when the list's twelve months and the score's differ.
describe("the score's hard inquiries a report takes from its own list", () => {
  const asOfs = { today: () => new Date(), 'a leap day': () => new Date('2028-02-29T15:30:00.250Z') };
  for (const [when, asOfOf] of Object.entries(asOfs)) {
    it(`equal readScoringInputs's for a report as of ${when}`, async () => {
      const asOf = asOfOf();
      const { from, to } = hardInquiryWindow(asOf);
      const [person] = await queryRows<{ id: string; business_id: string }>(
        t.db,
        sql`SELECT s.id, (SELECT user_id FROM business_profiles ORDER BY user_id LIMIT 1) AS business_id
          FROM credit_subjects s WHERE NOT EXISTS (SELECT 1 FROM credit_inquiries q WHERE q.subject_id = s.id)
          ORDER BY s.id OFFSET ${when === 'today' ? 0 : 1} LIMIT 1`,
      );
      const at = (ms: number) => new Date(ms).toISOString();
      const cases: [string, 'report' | 'search', string, string][] = [
        ['at the start', 'report', 'credit_application', at(from.getTime())],
        ['just after the start', 'report', 'credit_application', at(from.getTime() + 1)],
        ['a day in', 'report', 'credit_application', at(from.getTime() + 86_400_000)],
        ['the same instant, another id', 'report', 'credit_application', at(from.getTime() + 86_400_000)],
        ['at the end', 'report', 'credit_application', at(to.getTime())],
        ['after the end', 'report', 'credit_application', at(to.getTime() + 1)],
        ['another purpose', 'report', 'account_review', at(to.getTime() - 86_400_000)],
        ['a search that showed them', 'search', 'credit_application', at(to.getTime() - 2 * 86_400_000)],
        ['the report being made', 'report', 'credit_application', at(to.getTime() - 3 * 86_400_000)],
      ];
      const ids: string[] = [];
      for (const [, kind, purpose, createdAt] of cases) {
        const [row] = await queryRows<{ id: string }>(
          t.db,
          sql`WITH q AS (INSERT INTO credit_inquiries (business_id, user_id, kind, purpose, subject_id, result_count, consent_given, created_at)
              VALUES (${person.business_id}::uuid, ${person.business_id}::uuid, ${kind}, ${purpose},
                ${kind === 'report' ? person.id : null}::uuid, 1, true, ${createdAt}::timestamptz) RETURNING id),
            shown AS (INSERT INTO credit_inquiry_subjects (inquiry_id, subject_id, match_score) SELECT id, ${person.id}::uuid, 100 FROM q)
            SELECT id FROM q`,
        );
        ids.push(row.id);
      }
      const excluded = ids[ids.length - 1];
      for (const audience of ['business', 'consumer'] as const) {
        for (const excludeInquiryId of [null, excluded]) {
          const sources = await readReportSources(t.db, person.id, { audience, asOf, excludeInquiryId });
          const reread = await readScoringInputs(t.db, person.id, asOf, excludeInquiryId, audience);
          expect(sources?.scoringInputs.inquiries).toEqual(reread.inquiries);
          // Just after the start, a day in (twice) and at the end; the report being made unless excluded.
          expect(reread.inquiries).toHaveLength(excludeInquiryId ? 4 : 5);
        }
      }
      // The report's own list is unchanged: the year's inquiries up to asOf, newest first.
      const listed = (await readReportSources(t.db, person.id, { audience: 'consumer', asOf }))?.inquiries ?? [];
      expect(listed.map((q) => q.created_at)).toEqual([...listed.map((q) => q.created_at)].sort().reverse());
      expect(listed.some((q) => q.kind === 'search')).toBe(true);
    });
  }
});
