import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/query';
import { createTestApp, logInAs, type TestApp } from '../helpers/test-app';
import { accountReport } from './credit/credit-fixtures';

let t: TestApp;
let admin: string;
let business: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await logInAs(t.app, 'system_admin');
  business = await logInAs(t.app, 'business');
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

/** Two reports with one NIN but a different person's name and birth date: the matcher keeps them apart for review. */
async function createReviewPair(nin: string, suffix: string) {
  const first = await call(
    'POST',
    '/api/credit/accounts',
    business,
    accountReport({
      subject: {
        nationalId: nin,
        firstName: 'Ibrahim',
        middleName: undefined,
        lastName: 'Kargbo',
        dateOfBirth: '1980-01-15',
        phone: '+232 76 111 2' + suffix.padStart(2, '0').slice(-2),
        address: { line: `${suffix} Wallace Johnson Street, Freetown`, district: 'Western Area Urban' },
      },
      account: { accountNumber: `REV-A-${suffix}` },
    }),
  );
  expect(first.statusCode, first.body).toBe(201);
  const second = await call(
    'POST',
    '/api/credit/accounts',
    business,
    accountReport({
      subject: {
        nationalId: nin,
        firstName: 'Fatmata',
        middleName: undefined,
        lastName: 'Conteh',
        dateOfBirth: '1996-09-30',
        phone: '+232 77 333 4' + suffix.padStart(2, '0').slice(-2),
        address: { line: `${suffix} Bo Road, Kenema`, district: 'Kenema' },
      },
      account: { accountNumber: `REV-B-${suffix}` },
    }),
  );
  expect(second.statusCode, second.body).toBe(201);
  expect(second.json().match).toBe('review');
  return {
    candidate: first.json().subjectId as string,
    record: second.json().subjectId as string,
    accountA: first.json().accountId as string,
    accountB: second.json().accountId as string,
  };
}

describe('the review queue', () => {
  it('shows both people side by side with the evidence, identifiers masked', async () => {
    const pair = await createReviewPair('SLREV00011', '11');
    const list = (await call('GET', '/api/admin/match-reviews', admin)).json();
    expect(list.openCount).toBeGreaterThanOrEqual(1);
    const summary = list.reviews.find(
      (r: { candidateName: string; recordName: string }) => r.candidateName === 'Ibrahim Kargbo' && r.recordName === 'Fatmata Conteh',
    );
    expect(summary).toMatchObject({ status: 'open', businessName: 'Demo Microfinance Ltd' });
    const detail = (await call('GET', `/api/admin/match-reviews/${summary.id}`, admin)).json();
    expect(detail.record.subjectId).toBe(pair.record);
    expect(detail.candidate.subjectId).toBe(pair.candidate);
    expect(detail.reported).toMatchObject({
      fullName: 'Fatmata Conteh',
      dateOfBirth: '1996-09-30',
      identifiers: [{ type: 'nin', masked: '******0011' }],
    });
    expect(detail.candidate.identifiers).toEqual([{ type: 'nin', masked: '******0011', isShared: true }]);
    expect(detail.candidate.accounts[0]).toMatchObject({ businessName: 'Demo Microfinance Ltd', accountNumber: '****A-11' });
    expect(detail.agreement).toEqual(
      expect.arrayContaining([
        { field: 'name', verdict: 'different' },
        { field: 'dateOfBirth', verdict: 'different' },
        // The NIN the lender reported stayed with its holder: still evidence for the same person.
        { field: 'identifiers', verdict: 'same' },
      ]),
    );
    expect(JSON.stringify(detail)).not.toContain('SLREV00011');
  });

  it('merges the two into one person in one transaction, moving identifiers, names, phones, addresses and accounts', async () => {
    const pair = await createReviewPair('SLREV00022', '22');
    const [review] = await queryRows<{ id: string }>(
      t.db,
      sql`SELECT id FROM credit_match_reviews WHERE subject_id = ${pair.record} AND status = 'open'`,
    );
    const merged = await call('POST', `/api/admin/match-reviews/${review.id}/merge`, admin, {
      note: 'Same person: married name, birth date typed wrong by the lender',
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toMatchObject({ survivorSubjectId: pair.candidate, absorbedSubjectId: pair.record });
    expect(merged.json().moved).toMatchObject({ accounts: 1, names: 1, phones: 1, addresses: 1 });

    const accounts = await queryRows<{ id: string; subject_id: string }>(
      t.db,
      sql`SELECT id, subject_id FROM credit_accounts WHERE id IN (${pair.accountA}, ${pair.accountB})`,
    );
    expect(accounts.every((a) => a.subject_id === pair.candidate)).toBe(true);
    expect(await queryRows(t.db, sql`SELECT id FROM credit_subjects WHERE id = ${pair.record}`)).toEqual([]);
    const names = await queryRows<{ full_name: string }>(
      t.db,
      sql`SELECT full_name FROM credit_subject_names WHERE subject_id = ${pair.candidate} ORDER BY full_name`,
    );
    expect(names.map((n) => n.full_name)).toEqual(['fatmata conteh', 'ibrahim kargbo']);
    const phones = await queryRows<{ phone: string }>(
      t.db,
      sql`SELECT phone FROM credit_subject_phones WHERE subject_id = ${pair.candidate}`,
    );
    expect(phones).toHaveLength(2);
    const [mergeRow] = await queryRows<{ survivor_subject_id: string; review_id: string }>(
      t.db,
      sql`SELECT survivor_subject_id, review_id FROM credit_subject_merges WHERE absorbed_subject_id = ${pair.record}`,
    );
    expect(mergeRow).toEqual({ survivor_subject_id: pair.candidate, review_id: review.id });
    const [event] = await queryRows<{ subject_id: string; details: Record<string, unknown> }>(
      t.db,
      sql`SELECT subject_id, details FROM audit_events WHERE action = 'admin.subjects_merged' AND target_id = ${review.id}`,
    );
    expect(event).toMatchObject({ subject_id: pair.candidate, details: { absorbedSubjectId: pair.record } });

    expect((await call('GET', `/api/admin/match-reviews/${review.id}`, admin)).json()).toMatchObject({ status: 'merged', candidate: null });
    expect((await call('POST', `/api/admin/match-reviews/${review.id}/merge`, admin, {})).statusCode).toBe(409);
    // A report on the person now carries both accounts.
    const search = await call('POST', '/api/credit/search', business, { purpose: 'credit_application', nationalId: 'SLREV00022' });
    expect(search.json().candidates).toHaveLength(1);
  });

  it('rolls the whole merge back when any part fails', async () => {
    const pair = await createReviewPair('SLREV00033', '33');
    const [review] = await queryRows<{ id: string }>(
      t.db,
      sql`SELECT id FROM credit_match_reviews WHERE subject_id = ${pair.record} AND status = 'open'`,
    );
    // A table of another area that points at registry subjects and refuses the change.
    await t.db.execute(
      sql.raw(
        `CREATE TABLE test_subject_refs (subject_id uuid REFERENCES credit_subjects(id), CHECK (subject_id <> '${pair.candidate}'::uuid))`,
      ),
    );
    try {
      await t.db.execute(sql`INSERT INTO test_subject_refs VALUES (${pair.record})`);
      const res = await call('POST', `/api/admin/match-reviews/${review.id}/merge`, admin, {});
      expect(res.statusCode).toBe(500);
      const accounts = await queryRows<{ subject_id: string }>(
        t.db,
        sql`SELECT subject_id FROM credit_accounts WHERE id = ${pair.accountB}`,
      );
      expect(accounts[0].subject_id).toBe(pair.record);
      expect((await call('GET', `/api/admin/match-reviews/${review.id}`, admin)).json().status).toBe('open');
    } finally {
      await t.db.execute(sql`DROP TABLE test_subject_refs`);
    }
    // With the obstacle gone, a table of another area is moved too.
    await t.db.execute(sql`CREATE TABLE test_subject_refs (subject_id uuid REFERENCES credit_subjects(id))`);
    try {
      await t.db.execute(sql`INSERT INTO test_subject_refs VALUES (${pair.record})`);
      const res = await call('POST', `/api/admin/match-reviews/${review.id}/merge`, admin, { survivor: 'record' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ survivorSubjectId: pair.record, absorbedSubjectId: pair.candidate });
    } finally {
      await t.db.execute(sql`DROP TABLE test_subject_refs`);
    }
  });

  it('keeps two people apart', async () => {
    const pair = await createReviewPair('SLREV00044', '44');
    const [review] = await queryRows<{ id: string }>(
      t.db,
      sql`SELECT id FROM credit_match_reviews WHERE subject_id = ${pair.record} AND status = 'open'`,
    );
    const res = await call('POST', `/api/admin/match-reviews/${review.id}/keep-apart`, admin, {
      note: 'Different people; the lender mistyped the NIN',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('dismissed');
    expect(await queryRows(t.db, sql`SELECT id FROM credit_subjects WHERE id IN (${pair.record}, ${pair.candidate})`)).toHaveLength(2);
    expect((await call('POST', `/api/admin/match-reviews/${review.id}/keep-apart`, admin, {})).statusCode).toBe(409);
    expect(
      (await call('GET', '/api/admin/match-reviews?status=dismissed', admin)).json().reviews.map((r: { id: string }) => r.id),
    ).toContain(review.id);
  });
});
