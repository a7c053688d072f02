import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type TRole } from '../../src/shared/roles';
import { createTestApp, logInAs, type TestApp } from '../helpers/test-app';

/**
 * Who may call each route. Every route the app registers must be listed here, and the roles must
 * be those its guard admits: a new route cannot escape this test. Ownership ("another business",
 * "another consumer") is tested in each area's own file; `owner` says where.
 */
type Access =
  | { public: true; note?: string }
  | { roles: TRole[]; wrongRole?: 401 | 403; owner?: string }
  /** No role guard, but the handler authorises (e.g. payment right after registration). */
  | { handlerChecked: string };

const ALL: TRole[] = [...ROLES];
const STAFF: TRole[] = ['system_admin', 'regulator'];

export const ACCESS_MATRIX: Record<string, Access> = {
  'GET /api/health': { public: true },
  'GET /api/ready': { public: true },
  'GET /api/config': { public: true },
  'GET /api/cms/content': { public: true },
  'GET /api/help-content': { public: true },
  'POST /api/help-content/:id/view': { public: true },
  'GET /api/plans': { public: true },
  'POST /api/payments': { handlerChecked: 'payments.test.ts: own business session or the registration grant; others 401/403' },
  'POST /api/payments/mobile-money': {
    handlerChecked: 'mobile-money.test.ts: own business session or the registration grant; others 401/403',
  },
  'GET /api/payments/mobile-money/:id': {
    handlerChecked:
      'mobile-money.test.ts: the paying business (session or registration grant); another business 404, visitor 401, other roles 403',
  },
  'POST /api/payments/mobile-money/callbacks/orange-money/:orderId': {
    public: true,
    note: "Orange Money's notification: its notif_token compared in constant time with the stored hash; refused 403 and audited (mobile-money.test.ts)",
  },
  'POST /api/payments/mobile-money/callbacks/afrimoney': {
    public: true,
    note: "Afrimoney's callback: HMAC-SHA256 signature of the raw body checked with timingSafeEqual; refused 403 and audited (mobile-money.test.ts)",
  },
  'POST /api/businesses/register': { public: true },
  'POST /api/consumers/register': { public: true },
  'POST /api/password-reset/request': { public: true, note: 'the same answer for any identifier (password-reset.test.ts)' },
  'POST /api/password-reset/confirm': { public: true, note: 'the code is the credential (password-reset.test.ts)' },
  'POST /api/businesses/login': { public: true },
  'POST /api/admin/login': { public: true },
  'POST /api/consumers/login': { public: true },
  'POST /api/regulators/login': { public: true },
  'POST /api/businesses/logout': { public: true, note: 'ends whatever session the browser has' },
  'POST /api/admin/logout': { public: true },
  'POST /api/consumers/logout': { public: true },
  'POST /api/regulators/logout': { public: true },
  'GET /api/businesses/me': { roles: ['business'], wrongRole: 401 },
  'GET /api/admin/me': { roles: ['system_admin'], wrongRole: 401 },
  'GET /api/consumers/me': { roles: ['consumer'], wrongRole: 401 },
  'GET /api/regulators/me': { roles: ['regulator'], wrongRole: 401 },
  'POST /api/admin/me/password': { roles: ['system_admin'] },
  'POST /api/regulators/me/password': { roles: ['regulator'] },
  'GET /api/admin/audit/verify': { roles: STAFF },
  'GET /api/admin/audit/events': { roles: STAFF },
  'GET /api/regulators/audit/seal-heads': { roles: STAFF },
  'POST /api/credit/accounts': { roles: ['business'], owner: 'credit: an account number is per business' },
  'DELETE /api/credit/accounts/:accountId': {
    roles: ['business'],
    owner: 'credit: another business’s account 404 (credit/account-corrections.test.ts)',
  },
  'POST /api/credit/accounts/:accountId/subject': {
    roles: ['business'],
    owner: 'credit: another business’s account 404 (credit/account-corrections.test.ts)',
  },
  'POST /api/credit/submissions': { roles: ['business'] },
  'GET /api/credit/submissions/:id': { roles: ['business'], owner: 'credit: another business gets 404' },
  'POST /api/credit/search': { roles: ['business'] },
  'POST /api/credit/reports': { roles: ['business'] },
  'GET /api/credit/purposes': { roles: ALL },
  'GET /api/businesses/me/usage': { roles: ['business'] },
  'GET /api/businesses/me/dashboard': { roles: ['business'] },
  'GET /api/businesses/me/analytics': { roles: ['business'] },
  'GET /api/businesses/me/analytics/scores': { roles: ['business'] },
  'GET /api/businesses/me/accounts': { roles: ['business'], owner: 'business-workspace: only this business’s accounts' },
  'GET /api/credit/submissions': { roles: ['business'], owner: 'business-workspace: only this business’s files' },
  'GET /api/credit/submissions/template.csv': { roles: ['business'] },
  'GET /api/credit/reports': { roles: ['business'], owner: 'business-workspace: only this business’s reports' },
  'GET /api/credit/reports/:id': { roles: ['business'], owner: 'business-workspace: another business gets 404' },
  'GET /api/credit/reports/:id/pdf': { roles: ['business'], owner: 'business-workspace: another business gets 404' },
  'GET /api/credit/reports/:id/adverse-action.pdf': { roles: ['business'], owner: 'credit/adverse-action: another business gets 404' },
  'GET /api/businesses/me/profile': { roles: ['business'] },
  'PUT /api/businesses/me/profile': { roles: ['business'], owner: 'business-workspace: the owner only, members 403' },
  'POST /api/businesses/me/password': { roles: ['business'] },
  'GET /api/businesses/me/subscription': { roles: ['business'] },
  'PATCH /api/businesses/me/subscription': { roles: ['business'], owner: 'business-workspace: the owner only, members 403' },
  'GET /api/businesses/me/team': { roles: ['business'] },
  'POST /api/businesses/me/team': { roles: ['business'], owner: 'business-workspace: the owner only, members 403' },
  'DELETE /api/businesses/me/team/:id': { roles: ['business'], owner: 'business-workspace: another business’s member 404' },
  'GET /api/businesses/me/api-keys': { roles: ['business'] },
  'POST /api/businesses/me/api-keys': { roles: ['business'], owner: 'business-workspace: Enterprise owner only' },
  'DELETE /api/businesses/me/api-keys/:id': { roles: ['business'], owner: 'business-workspace: another business’s key 404' },
  'GET /api/businesses/me/webhooks': { roles: ['business'], owner: 'webhooks: only the business’s own endpoints are listed' },
  'POST /api/businesses/me/webhooks': { roles: ['business'] },
  'DELETE /api/businesses/me/webhooks/:id': { roles: ['business'], owner: 'webhooks: another business’s endpoint 404' },
  'GET /api/scoring/model': { roles: ALL },
  'GET /api/consumers/me/scores': { roles: ['consumer'], owner: 'scoring: only the signed-in consumer' },
  'POST /api/consumers/me/scores/simulation': {
    roles: ['consumer'],
    owner: 'scoring/score-simulation.test.ts: only the own file; API keys 403',
  },
  'GET /api/scoring/scores/:id/audit': { roles: STAFF },
  'GET /api/scoring/drift': { roles: STAFF },
  'POST /api/scoring/drift/run': { roles: STAFF },
  // The consumer workspace and disputes (issue 7, decisions/015). Ownership: tests/api/consumer/*.
  'GET /api/consumers/me/identity': { roles: ['consumer'] },
  'POST /api/consumers/me/identity/code': { roles: ['consumer'], owner: 'consumer/identity.test.ts: only to a phone on the file' },
  'POST /api/consumers/me/identity/verify': { roles: ['consumer'] },
  'GET /api/consumers/me/dashboard': { roles: ['consumer'] },
  'GET /api/consumers/me/report': { roles: ['consumer'], owner: 'consumer/identity.test.ts: only the confirmed file' },
  'GET /api/consumers/me/reports': { roles: ['consumer'] },
  'POST /api/consumers/me/reports': { roles: ['consumer'] },
  'GET /api/consumers/me/report.pdf': {
    roles: ['consumer'],
    owner: "consumer/reports-and-settings.test.ts: another consumer's report is 404",
  },
  'POST /api/consumers/me/certificates': { roles: ['consumer'] },
  'GET /api/consumers/me/certificates': { roles: ['consumer'] },
  'GET /api/consumers/me/certificates/:id.pdf': {
    roles: ['consumer'],
    owner: "certificates.test.ts: another consumer's certificate is 404",
  },
  'POST /api/consumers/me/certificates/:id/revoke': {
    roles: ['consumer'],
    owner: "certificates.test.ts: another consumer's certificate is 404",
  },
  'GET /api/certificates/public-key': { public: true },
  'GET /api/certificates/:id': { public: true, note: 'anyone with the link (certificates.test.ts); rate-limited' },
  'GET /api/consumers/me/privacy': { roles: ['consumer'] },
  'POST /api/consumers/me/freeze': { roles: ['consumer'] },
  'POST /api/consumers/me/unfreeze': { roles: ['consumer'] },
  'POST /api/consumers/me/fraud-alert': { roles: ['consumer'] },
  'DELETE /api/consumers/me/fraud-alert': { roles: ['consumer'] },
  'GET /api/consumers/me/consents': { roles: ['consumer'] },
  'POST /api/consumers/me/consents': { roles: ['consumer'] },
  'DELETE /api/consumers/me/consents': {
    roles: ['consumer'],
    owner: "consumer/privacy-and-log.test.ts: another consumer's consent is 404",
  },
  'GET /api/consumers/me/lenders': { roles: ['consumer'] },
  'GET /api/consumers/me/access-log': { roles: ['consumer'], owner: "consumer/privacy-and-log.test.ts: never another's" },
  'GET /api/consumers/me/settings': { roles: ['consumer'] },
  'PUT /api/consumers/me/contact': { roles: ['consumer'] },
  'POST /api/consumers/me/password': { roles: ['consumer'] },
  'PUT /api/consumers/me/notification-preferences': { roles: ['consumer'] },
  'PUT /api/consumers/me/language': { roles: ['consumer'] },
  'GET /api/admin/sandbox/sms': { roles: ['system_admin'] },
  'GET /api/consumers/me/disputes': {
    roles: ['consumer'],
    owner: "consumer/disputes.test.ts: another consumer's disputes are never listed",
  },
  'POST /api/consumers/me/disputes': { roles: ['consumer'], owner: "consumer/disputes.test.ts: another person's account is 404" },
  'GET /api/businesses/me/disputes': {
    roles: ['business'],
    owner: "consumer/disputes.test.ts: another business's disputes are never listed",
  },
  'GET /api/businesses/me/disputes/:id': { roles: ['business'], owner: "consumer/disputes.test.ts: another business's dispute is 404" },
  'POST /api/businesses/me/disputes/:id/response': {
    roles: ['business'],
    owner: "consumer/disputes.test.ts: another business's dispute is 404",
  },
  'GET /api/notifications': { roles: ['consumer', 'business'], owner: 'consumer/reports-and-settings.test.ts: only the own' },
  'POST /api/notifications/read': {
    roles: ['consumer', 'business'],
    owner: "consumer/reports-and-settings.test.ts: another's ids are ignored",
  },
  // Administration and oversight (issue 8, decisions/013).
  'GET /api/admin/overview': { roles: ['system_admin'] },
  'GET /api/admin/businesses': { roles: ['system_admin'] },
  'GET /api/admin/businesses/:id': { roles: ['system_admin'] },
  'GET /api/admin/businesses/:id/documents/:documentId': {
    roles: ['system_admin'],
    owner: 'admin.test.ts: a document of another business is 404',
  },
  'POST /api/admin/businesses/:id/verify': { roles: ['system_admin'] },
  'POST /api/admin/businesses/:id/reject': { roles: ['system_admin'] },
  'POST /api/admin/businesses/:id/suspend': { roles: ['system_admin'] },
  'POST /api/admin/businesses/:id/reinstate': { roles: ['system_admin'] },
  'PUT /api/admin/businesses/:id/plan': { roles: ['system_admin'] },
  'GET /api/admin/users': { roles: ['system_admin'] },
  'POST /api/admin/users/:id/unlock': { roles: ['system_admin'] },
  'POST /api/admin/users/:id/disable': { roles: ['system_admin'] },
  'POST /api/admin/users/:id/enable': { roles: ['system_admin'] },
  'POST /api/admin/consumers/:id/unlink': { roles: ['system_admin'] },
  'GET /api/admin/invitations': { roles: ['system_admin'] },
  'POST /api/admin/invitations': { roles: ['system_admin'] },
  'POST /api/admin/invitations/:id/revoke': { roles: ['system_admin'] },
  'GET /api/invitations/:token': { public: true, note: 'the one-time token is the credential (admin.test.ts)' },
  'POST /api/invitations/:token/accept': { public: true, note: 'the one-time token is the credential (admin.test.ts)' },
  'GET /api/admin/match-reviews': { roles: ['system_admin'] },
  'GET /api/admin/match-reviews/:id': { roles: ['system_admin'] },
  'POST /api/admin/match-reviews/:id/merge': { roles: ['system_admin'] },
  'POST /api/admin/match-reviews/:id/keep-apart': { roles: ['system_admin'] },
  'GET /api/admin/security/incidents': { roles: ['system_admin'] },
  'POST /api/admin/security/incidents/scan': { roles: ['system_admin'] },
  'POST /api/admin/security/incidents/:id/acknowledge': { roles: ['system_admin'] },
  'POST /api/admin/security/incidents/:id/resolve': { roles: ['system_admin'] },
  'GET /api/admin/settings': { roles: ['system_admin'] },
  'PUT /api/admin/settings': { roles: ['system_admin'] },
  'GET /api/admin/rate-limits': { roles: ['system_admin'] },
  'PUT /api/admin/rate-limits': { roles: ['system_admin'] },
  'PUT /api/admin/businesses/:id/rate-limit': { roles: ['system_admin'] },
  'DELETE /api/admin/businesses/:id/rate-limit': { roles: ['system_admin'] },
  'GET /api/admin/plans': { roles: ['system_admin'] },
  'PUT /api/admin/plans/:code': { roles: ['system_admin'] },
  'GET /api/admin/content': { roles: ['system_admin'] },
  'PUT /api/admin/content': { roles: ['system_admin'] },
  'GET /api/admin/help': { roles: ['system_admin'] },
  'POST /api/admin/help': { roles: ['system_admin'] },
  'PUT /api/admin/help/:id': { roles: ['system_admin'] },
  'POST /api/admin/help/:id/publish': { roles: ['system_admin'] },
  'POST /api/admin/help/:id/unpublish': { roles: ['system_admin'] },
  'GET /api/businesses/me/documents': { roles: ['business'], owner: 'admin.test.ts: a business lists only its own documents' },
  'POST /api/businesses/me/documents': { roles: ['business'] },
  'GET /api/businesses/me/documents/:id': { roles: ['business'], owner: 'admin.test.ts: another business’s document is 404' },
  'DELETE /api/businesses/me/documents/:id': { roles: ['business'], owner: 'admin.test.ts: another business’s document is 404' },
  'GET /api/regulators/overview': { roles: ['regulator'] },
  'GET /api/regulators/policy': { roles: ['regulator'] },
  'GET /api/regulators/compliance': { roles: STAFF },
  'GET /api/regulators/compliance/:id': { roles: STAFF },
  'GET /api/regulators/audit-report': { roles: STAFF },
  'GET /api/regulators/incidents': { roles: ['regulator'] },
  'GET /api/regulators/complaints': { roles: ['regulator'] },
  'GET /api/regulators/investigations': { roles: ['regulator'] },
  'POST /api/regulators/investigations': { roles: ['regulator'] },
  'GET /api/regulators/investigations/:id': { roles: ['regulator'] },
  'POST /api/regulators/investigations/:id/notes': { roles: ['regulator'] },
  'PATCH /api/regulators/investigations/:id': { roles: ['regulator'] },
  'GET /api/consumers/me/complaints': { roles: ['consumer'], owner: 'oversight.test.ts: only the signed-in consumer’s complaints' },
  'POST /api/consumers/me/complaints': { roles: ['consumer'] },
  'GET /api/consumers/me/complaints/:id': { roles: ['consumer'], owner: 'oversight.test.ts: another consumer’s complaint is 404' },
  'GET /metrics': { public: true, note: 'bearer token when METRICS_TOKEN is set (operations.test.ts)' },
  'PUT /api/consumers/me/ussd-pin': { roles: ['consumer'] },
  'GET /api/consumers/me/sms-alerts': { roles: ['consumer'] },
  'PUT /api/consumers/me/sms-alerts': { roles: ['consumer'], owner: 'sms-provider.test.ts: the own sign-in phone only' },
  'POST /api/sms/delivery-reports': {
    handlerChecked:
      'sms-provider.test.ts: the SMS gateway only (SMS_CALLBACK_SECRET, SMS_CALLBACK_ALLOWED_IPS): others 403 SMS_CALLER_REFUSED',
  },
  'POST /api/sms/incoming': {
    handlerChecked:
      'sms-provider.test.ts: the SMS gateway only (SMS_CALLBACK_SECRET, SMS_CALLBACK_ALLOWED_IPS): others 403 SMS_CALLER_REFUSED',
  },
  'POST /api/ussd': {
    handlerChecked: 'ussd.test.ts: the aggregator only (shared secret, USSD_ALLOWED_IPS): others 403 USSD_CALLER_REFUSED',
  },
  'POST /api/ussd/simulator': { public: true, note: 'demo mode only: not registered otherwise (ussd.test.ts)' },
};

// Routes of the libraries themselves: the OpenAPI viewer and its static files.
const isLibraryRoute = (url: string) => url.startsWith('/api/docs') || url === '/*' || url === '/';

let t: TestApp;
const cookies = {} as Record<TRole, string>;
beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) cookies[role] = await logInAs(t.app, role);
});
afterAll(() => t.close());

const SAMPLE_PARAMS: Record<string, string> = { id: '00000000-0000-4000-8000-000000000000' };
const urlOf = (pattern: string) => pattern.replace(/:(\w+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? '1');
const call = (method: string, url: string, cookie?: string) =>
  t.app.inject({
    method: method as 'GET',
    url: urlOf(url),
    headers: cookie ? { cookie } : {},
    ...(method === 'GET' ? {} : { payload: {} }),
  });

describe('the access matrix', () => {
  it('lists every route the app registers, and only those', () => {
    const registered = t.app.routeTable.filter((r) => !isLibraryRoute(r.url)).map((r) => `${r.method} ${r.url}`);
    const missing = registered.filter((key) => !(key in ACCESS_MATRIX));
    expect(missing, 'routes missing from ACCESS_MATRIX').toEqual([]);
    const stale = Object.keys(ACCESS_MATRIX).filter((key) => !registered.includes(key));
    expect(stale, 'ACCESS_MATRIX entries with no route').toEqual([]);
  });

  it("matches each route's guard to the roles declared here", () => {
    for (const route of t.app.routeTable.filter((r) => !isLibraryRoute(r.url))) {
      const access = ACCESS_MATRIX[`${route.method} ${route.url}`];
      if (!access) continue;
      const declared = 'roles' in access ? [...access.roles].sort() : null;
      expect(route.roles ? [...route.roles].sort() : null, `${route.method} ${route.url}`).toEqual(declared);
    }
  });
});

const guarded = Object.entries(ACCESS_MATRIX).filter(
  (entry): entry is [string, Extract<Access, { roles: TRole[] }>] => 'roles' in entry[1],
);

describe.each(guarded)('%s', (key, access) => {
  const [method, url] = key.split(' ');

  it('answers a visitor 401', async () => {
    expect((await call(method, url)).statusCode).toBe(401);
  });

  it('answers every other role with 401/403 and lets the allowed roles through', async () => {
    for (const role of ROLES) {
      const { statusCode } = await call(method, url, cookies[role]);
      if (access.roles.includes(role)) expect([401, 403], `${role} is allowed`).not.toContain(statusCode);
      else expect(statusCode, `${role} is not allowed`).toBe(access.wrongRole ?? 403);
    }
  });
});

describe('public routes', () => {
  it.each(Object.entries(ACCESS_MATRIX).filter(([, a]) => 'public' in a && a.public))('%s is open to a visitor', async (key) => {
    const [method, url] = key.split(' ');
    expect([401, 403]).not.toContain((await call(method, url)).statusCode);
  });
});
