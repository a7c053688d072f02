import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/server/db/query';
import { SCORE_REASON_TEXTS } from '../../../src/shared/scoring';
import { createTestApp, logInAs, type TestApp } from '../../helpers/test-app';
import { accountReport, createBusiness } from './credit-fixtures';

// Issue 19: the adverse-action notice of a report, for a lender to give an applicant it declined
// (GET /api/credit/reports/:id/adverse-action.pdf): the bureau did not decide, the key factors, the
// score and its range, the right to a free report and to dispute; the same access as the report PDF.

let t: TestApp;
let demo: string;
const PURPOSE = 'credit_application';
let scored: { reportId: string; score: { value: number; band: string; reasons: { code: string; text: string }[] } | null };

const call = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const noticeUrl = (reportId: string) => `/api/credit/reports/${reportId}/adverse-action.pdf`;

async function pull(cookie: string, nationalId: string) {
  const found = await t.app.inject({
    method: 'POST',
    url: '/api/credit/search',
    headers: { cookie },
    payload: { purpose: PURPOSE, nationalId },
  });
  const subjectId = found.json().candidates[0].subjectId as string;
  const pulled = await t.app.inject({
    method: 'POST',
    url: '/api/credit/reports',
    headers: { cookie },
    payload: { subjectId, purpose: PURPOSE, consent: true },
  });
  expect(pulled.statusCode, pulled.body).toBe(200);
  return pulled.json();
}

/** The PDF's text as pdftotext reads it, on one line. */
function textOf(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'ccsl-notice-'));
  try {
    const file = join(dir, 'notice.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await logInAs(t.app, 'business');
  scored = await pull(demo, 'DEMO0001');
});
afterAll(() => t.close());

describe('GET /api/credit/reports/:id/adverse-action.pdf', () => {
  it('is a PDF with the notice: the bureau did not decide, the score and its range, the factors, the rights', async () => {
    const res = await call(noticeUrl(scored.reportId), { cookie: demo });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="adverse-action-notice-${scored.reportId}.pdf"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = textOf(res.rawPayload);
    expect(text).toContain('Notice for a declined applicant');
    expect(text).toContain('Dear Aminata Kamara, Demo Microfinance Ltd has decided not to give you the credit you applied for');
    expect(text).toContain('Demo Microfinance Ltd made this decision, not CreditCheck SL');
    expect(text).toContain('it did not make the decision');
    expect(scored.score).not.toBeNull();
    const score = scored.score!;
    expect(score.reasons.length).toBeGreaterThan(0);
    expect(text).toContain(`The credit score in that report was ${score.value} (${score.band}), on a scale of 300 to 850`);
    expect(text).toContain('The main things that lowered the score');
    for (const reason of score.reasons) {
      expect(text).toContain(SCORE_REASON_TEXTS[reason.code as keyof typeof SCORE_REASON_TEXTS]);
      expect(text).toContain(reason.text.replace(/\s+/g, ' ').slice(0, 60));
    }
    expect(text).toContain('You may see your credit report from CreditCheck SL free of charge');
    expect(text).toContain('you may dispute it free of charge: in the Personal Credit Portal, choose Disputes');
    expect(text).toContain('Bank of Sierra Leone');
    expect(text).toContain(`report ${scored.reportId}`);
    // Only what the person is owed: no identification number, no account.
    expect(text).not.toContain('DEMO0001');
    expect(text).not.toContain('****0001');
    expect(text).not.toContain('DMF-LN-0001');
    const [audit] = await queryRows<{ action: string }>(
      t.db,
      sql`SELECT action FROM audit_events WHERE target_id = ${scored.reportId} ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.action).toBe('credit.adverse_action_notice_downloaded');
  });

  it('a thin file: the notice says why there is no score, and gives no factors', async () => {
    const opened = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
    const reported = await t.app.inject({
      method: 'POST',
      url: '/api/credit/accounts',
      headers: { cookie: demo },
      payload: accountReport({
        subject: { nationalId: 'THIN000019', firstName: 'Isatu', middleName: null, lastName: 'Bangura', phone: '+232 77 190 019' },
        account: { accountNumber: 'THIN-19', openedAt: opened, paymentHistory: '00' },
      }),
    });
    expect(reported.statusCode, reported.body).toBeLessThan(300);
    const thin = await pull(demo, 'THIN000019');
    expect(thin.score).toBeNull();
    expect(thin.scoreUnavailable).not.toBeNull();
    const res = await call(noticeUrl(thin.reportId), { cookie: demo });
    expect(res.statusCode).toBe(200);
    const text = textOf(res.rawPayload);
    expect(text).toContain(`That report had no credit score: ${thin.scoreUnavailable.text}.`);
    expect(text).toContain('a missing record never counts against you');
    expect(text).not.toContain('The main things that lowered the score');
    expect(text).toContain('Isatu Bangura');
  });

  it("another business's report and an unknown id are 404, a malformed id 400", async () => {
    const other = await createBusiness(t);
    const refused = await call(noticeUrl(scored.reportId), { cookie: other.cookie });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('NOT_FOUND');
    expect((await call(noticeUrl('00000000-0000-4000-8000-000000000000'), { cookie: demo })).statusCode).toBe(404);
    expect((await call(noticeUrl('not-a-uuid'), { cookie: demo })).statusCode).toBe(400);
  });

  it('a consumer, an administrator and a regulator get 403, a visitor 401', async () => {
    for (const role of ['consumer', 'system_admin', 'regulator'] as const) {
      const res = await call(noticeUrl(scored.reportId), { cookie: await logInAs(t.app, role) });
      expect(res.statusCode, role).toBe(403);
    }
    expect((await call(noticeUrl(scored.reportId))).statusCode).toBe(401);
  });

  it('an API key needs reports:read (the scope of the report PDF)', async () => {
    const enterprise = await createBusiness(t, { planCode: 'enterprise' });
    const own = await pull(enterprise.cookie, 'DEMO0001');
    const keyOf = async (scopes: string[]) => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/businesses/me/api-keys',
        headers: { cookie: enterprise.cookie },
        payload: { name: scopes.join(' '), scopes },
      });
      expect(created.statusCode, created.body).toBe(201);
      return { authorization: `Bearer ${created.json().key}` };
    };
    const withoutRead = await call(noticeUrl(own.reportId), await keyOf(['data:report', 'disputes:answer']));
    expect(withoutRead.statusCode).toBe(403);
    expect(withoutRead.json().code).toBe('API_KEY_SCOPE_MISSING');
    const withRead = await call(noticeUrl(own.reportId), await keyOf(['reports:read']));
    expect(withRead.statusCode).toBe(200);
    expect(textOf(withRead.rawPayload)).toContain('made this decision, not CreditCheck SL');
    // The key acts as its business: the demo business's report stays out of reach.
    expect((await call(noticeUrl(scored.reportId), await keyOf(['reports:read']))).statusCode).toBe(404);
  });
});
