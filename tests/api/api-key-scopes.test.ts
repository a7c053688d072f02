// Issue 18, "Keys with scopes" (decisions/032): an Enterprise API key reaches every route a lender's
// system needs, each under one of four scopes chosen when the key is made, and is refused (403, the
// missing scope named) elsewhere; staff-only routes stay session-only. Driven by the app's own route
// table, so a new business route is either given a scope or refused to keys: it cannot be forgotten.
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessProfiles } from '../../src/server/db/schema/index';
import { queryRows } from '../../src/server/db/query';
import { API_KEY_SCOPES, type TApiKeyScope } from '../../src/shared/api-key-scopes';
import { createTestApp, logInAs, type TestApp } from '../helpers/test-app';
import { createBusiness } from './credit/credit-fixtures';

/**
 * The business routes that refuse every key (403 API_KEY_NOT_ALLOWED): the signed-in person, the
 * business's settings (profile, registration documents), its people (team), money (subscription)
 * and credentials (password, API keys). POST /api/payments has no role guard (a visitor with a
 * registration grant pays too) and refuses keys as well: tested below.
 */
const SESSION_ONLY_BUSINESS_ROUTES = [
  'GET /api/businesses/me',
  'GET /api/businesses/me/profile',
  'PUT /api/businesses/me/profile',
  'POST /api/businesses/me/password',
  'GET /api/businesses/me/subscription',
  'PATCH /api/businesses/me/subscription',
  'GET /api/businesses/me/team',
  'POST /api/businesses/me/team',
  'DELETE /api/businesses/me/team/:id',
  'GET /api/businesses/me/documents',
  'POST /api/businesses/me/documents',
  'GET /api/businesses/me/documents/:id',
  'DELETE /api/businesses/me/documents/:id',
  'GET /api/businesses/me/api-keys',
  'POST /api/businesses/me/api-keys',
  'DELETE /api/businesses/me/api-keys/:id',
].sort();

/** The scope of each route a key may use: the table docs/api.md shows lenders. */
const EXPECTED_SCOPES: Record<string, TApiKeyScope> = {
  'POST /api/credit/search': 'reports:read',
  'POST /api/credit/reports': 'reports:read',
  'GET /api/credit/reports': 'reports:read',
  'GET /api/credit/reports/:id': 'reports:read',
  'GET /api/credit/reports/:id/pdf': 'reports:read',
  'GET /api/credit/reports/:id/adverse-action.pdf': 'reports:read',
  'GET /api/credit/purposes': 'reports:read',
  'GET /api/scoring/model': 'reports:read',
  'GET /api/businesses/me/usage': 'reports:read',
  'GET /api/businesses/me/dashboard': 'reports:read',
  'GET /api/businesses/me/analytics': 'reports:read',
  'GET /api/businesses/me/analytics/scores': 'reports:read',
  'POST /api/credit/accounts': 'data:report',
  'DELETE /api/credit/accounts/:accountId': 'data:report',
  'POST /api/credit/accounts/:accountId/subject': 'data:report',
  'GET /api/businesses/me/accounts': 'data:report',
  'POST /api/credit/submissions': 'data:report',
  'GET /api/credit/submissions': 'data:report',
  'GET /api/credit/submissions/:id': 'data:report',
  'GET /api/credit/submissions/template.csv': 'data:report',
  'GET /api/businesses/me/disputes': 'disputes:answer',
  'GET /api/businesses/me/disputes/:id': 'disputes:answer',
  'POST /api/businesses/me/disputes/:id/response': 'disputes:answer',
  'GET /api/notifications': 'disputes:answer',
  'POST /api/notifications/read': 'disputes:answer',
  'GET /api/businesses/me/webhooks': 'webhooks:manage',
  'POST /api/businesses/me/webhooks': 'webhooks:manage',
  'DELETE /api/businesses/me/webhooks/:id': 'webhooks:manage',
};

let t: TestApp;
let owner: { id: string; cookie: string };
/** A key with only that scope, and one with all four (as every key made before scopes). */
const keyWith = {} as Record<TApiKeyScope, string>;
let allScopes: string;

const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';
const urlOf = (pattern: string) => pattern.replace(/:(\w+)/g, SAMPLE_ID);
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

function call(method: string, url: string, headers: Record<string, string>, payload?: unknown) {
  const options: InjectOptions = { method: method as InjectOptions['method'], url: urlOf(url), headers };
  if (method !== 'GET' && method !== 'DELETE') options.payload = (payload ?? {}) as InjectOptions['payload'];
  return t.app.inject(options);
}

async function createKey(cookie: string, body: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/businesses/me/api-keys', headers: { cookie }, payload: body as object });
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createBusiness(t, { planCode: 'enterprise' });
  for (const scope of API_KEY_SCOPES) {
    const created = await createKey(owner.cookie, { name: `Only ${scope}`, scopes: [scope] });
    expect(created.statusCode, created.body).toBe(201);
    keyWith[scope] = created.json().key;
  }
  allScopes = (await createKey(owner.cookie, { name: 'Everything', scopes: [...API_KEY_SCOPES] })).json().key;
});
afterAll(() => t.close());

const apiRoutes = () => t.app.routeTable.filter((r) => r.url.startsWith('/api/'));
const nameOf = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

describe('every business route either declares a scope or refuses keys', () => {
  it('the routes a key may use are exactly the documented table, each behind the business role guard', () => {
    const scoped = Object.fromEntries(apiRoutes().flatMap((r) => (r.apiKeyScope ? [[nameOf(r), r.apiKeyScope]] : [])));
    expect(scoped).toEqual(EXPECTED_SCOPES);
    for (const route of apiRoutes().filter((r) => r.apiKeyScope)) expect(route.roles, nameOf(route)).toContain('business');
  });

  it('the business routes without a scope are exactly the session-only ones: team, keys, password, billing, settings', () => {
    const sessionOnly = apiRoutes()
      .filter((r) => r.roles?.includes('business') && !r.apiKeyScope)
      .map(nameOf)
      .sort();
    expect(sessionOnly).toEqual(SESSION_ONLY_BUSINESS_ROUTES);
  });

  it('an app in which a route declares a scope without admitting the business role does not start', async () => {
    const { default: Fastify } = await import('fastify');
    const { default: authorizationPlugin, requireRole } = await import('../../src/server/plugins/authorization');
    const app = Fastify();
    const start = async () => {
      await app.register(authorizationPlugin);
      await app.register(async (module) => {
        module.get('/api/admin/x', { preHandler: requireRole('system_admin'), config: { apiKeyScope: 'reports:read' } }, async () => ({}));
      });
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/apiKeyScope 'reports:read' on a route without the business role guard/);
  });
});

describe.each([...API_KEY_SCOPES])('a key with only %s', (scope) => {
  it('reaches every route of its scope (as the business: never 401, never refused for its key)', async () => {
    const own = apiRoutes().filter((r) => r.apiKeyScope === scope);
    expect(own.length).toBeGreaterThan(0);
    for (const route of own) {
      const res = await call(route.method, route.url, bearer(keyWith[scope]));
      expect(res.statusCode, `${nameOf(route)}: ${res.body.slice(0, 200)}`).not.toBe(401);
      expect(res.statusCode, `${nameOf(route)}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      if (res.headers['content-type']?.toString().startsWith('application/json'))
        expect(String(res.json().code ?? ''), nameOf(route)).not.toMatch(/^API_KEY_/);
    }
  });

  it("is refused with 403 API_KEY_SCOPE_MISSING, the scope named, on every other scope's routes", async () => {
    for (const route of apiRoutes().filter((r) => r.apiKeyScope && r.apiKeyScope !== scope)) {
      const res = await call(route.method, route.url, bearer(keyWith[scope]));
      expect(res.statusCode, nameOf(route)).toBe(403);
      expect(res.json(), nameOf(route)).toMatchObject({ code: 'API_KEY_SCOPE_MISSING', requiredScope: route.apiKeyScope });
      expect(res.json().message, nameOf(route)).toContain(route.apiKeyScope);
    }
  });
});

describe('routes without a scope refuse every key', () => {
  it('every /api route without a scope (staff-only business routes, other roles, public ones) answers an all-scopes key 403 API_KEY_NOT_ALLOWED', async () => {
    const unscoped = apiRoutes().filter((r) => !r.apiKeyScope);
    expect(unscoped.length).toBeGreaterThan(SESSION_ONLY_BUSINESS_ROUTES.length);
    for (const route of unscoped) {
      const res = await call(route.method, route.url, bearer(allScopes));
      expect(res.statusCode, nameOf(route)).toBe(403);
      expect(res.json().code, nameOf(route)).toBe('API_KEY_NOT_ALLOWED');
      expect(res.json().message, nameOf(route)).toMatch(/Sign in as a staff member/);
    }
  });

  it('ATTACK: a key cannot invite to the team, make a key, change the password or pay, and nothing changes', async () => {
    const key = bearer(allScopes);
    const before = await queryRows<{ keys: number; members: number; password: string }>(
      t.db,
      sql`SELECT (SELECT count(*)::int FROM api_keys WHERE business_id = ${owner.id}::uuid) AS keys,
                 (SELECT count(*)::int FROM business_members WHERE business_id = ${owner.id}::uuid) AS members,
                 (SELECT password_hash FROM users WHERE id = ${owner.id}::uuid) AS password`,
    );
    const attempts = [
      call('POST', '/api/businesses/me/team', key, {
        fullName: 'Intruder',
        position: 'Loan officer',
        username: `intruder-${process.pid}`,
        email: `intruder-${process.pid}@lender.sl`,
        password: 'Intruder-pass-1',
        confirmPassword: 'Intruder-pass-1',
      }),
      call('POST', '/api/businesses/me/api-keys', key, { name: 'Another', scopes: [...API_KEY_SCOPES] }),
      call('POST', '/api/businesses/me/password', key, {
        currentPassword: 'Str0ng-pass-123',
        newPassword: 'Taken-over-123',
        confirmPassword: 'Taken-over-123',
      }),
      call('POST', '/api/payments', key, { planCode: 'enterprise', method: 'card' }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('API_KEY_NOT_ALLOWED');
    }
    const after = await queryRows<{ keys: number; members: number; password: string }>(
      t.db,
      sql`SELECT (SELECT count(*)::int FROM api_keys WHERE business_id = ${owner.id}::uuid) AS keys,
                 (SELECT count(*)::int FROM business_members WHERE business_id = ${owner.id}::uuid) AS members,
                 (SELECT password_hash FROM users WHERE id = ${owner.id}::uuid) AS password`,
    );
    expect(after).toEqual(before);
  });

  it('ATTACK: a key next to the owner’s session cookie does not fall back to the session', async () => {
    const res = await call('GET', '/api/businesses/me/team', { cookie: owner.cookie, ...bearer(allScopes) });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('API_KEY_NOT_ALLOWED');
    const missing = await call('GET', '/api/businesses/me/webhooks', { cookie: owner.cookie, ...bearer(keyWith['reports:read']) });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().code).toBe('API_KEY_SCOPE_MISSING');
    // The same cookie alone is the owner.
    expect((await call('GET', '/api/businesses/me/team', { cookie: owner.cookie })).statusCode).toBe(200);
  });

  it('refuses before the body is read: a malformed body is never parsed (403, not 400), and the connection is closed', async () => {
    const headers = { ...bearer(keyWith['reports:read']), 'content-type': 'application/json' };
    const upload = await t.app.inject({ method: 'POST', url: '/api/credit/submissions', headers, payload: '{"rows": [' });
    expect(upload.statusCode).toBe(403);
    expect(upload.json().code).toBe('API_KEY_SCOPE_MISSING');
    expect(upload.headers.connection).toBe('close');
    const staff = await t.app.inject({
      method: 'POST',
      url: '/api/businesses/me/team',
      headers: { ...bearer(allScopes), 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(staff.statusCode).toBe(403);
    expect(staff.json().code).toBe('API_KEY_NOT_ALLOWED');
  });

  it('records each refusal of a valid key as access.denied of its creator, with the key and the code (the incident scan counts them)', async () => {
    const made = (await createKey(owner.cookie, { name: 'Probe', scopes: ['webhooks:manage'] })).json();
    await call('GET', '/api/businesses/me/disputes', bearer(made.key));
    await call('GET', '/api/businesses/me/team', bearer(made.key));
    const events = await queryRows<{ actor_user_id: string; actor_role: string; business_id: string; target_id: string; details: object }>(
      t.db,
      sql`SELECT actor_user_id, actor_role, business_id, target_id, details FROM audit_events
          WHERE action = 'access.denied' AND details->>'apiKeyId' = ${made.id} ORDER BY id`,
    );
    expect(events).toEqual([
      {
        actor_user_id: owner.id,
        actor_role: 'business',
        business_id: owner.id,
        target_id: 'GET /api/businesses/me/disputes',
        details: { status: 403, code: 'API_KEY_SCOPE_MISSING', apiKeyId: made.id },
      },
      {
        actor_user_id: owner.id,
        actor_role: 'business',
        business_id: owner.id,
        target_id: 'GET /api/businesses/me/team',
        details: { status: 403, code: 'API_KEY_NOT_ALLOWED', apiKeyId: made.id },
      },
    ]);
  });

  it('an unknown /api path with a valid key is a 404, as for anyone', async () => {
    const res = await call('GET', '/api/businesses/me/no-such-thing', bearer(allScopes));
    expect(res.statusCode).toBe(404);
  });
});

describe('a key that does not work is 401 as before, on any route', () => {
  it('an unknown or revoked key: 401 INVALID_API_KEY, on scoped and staff-only routes alike', async () => {
    const made = await createKey(owner.cookie, { name: 'To revoke', scopes: ['disputes:answer'] });
    const revoked = made.json().key as string;
    await t.app.inject({ method: 'DELETE', url: `/api/businesses/me/api-keys/${made.json().id}`, headers: { cookie: owner.cookie } });
    for (const key of [revoked, 'ccsl_not-a-real-key']) {
      for (const [method, url] of [
        ['GET', '/api/businesses/me/disputes'],
        ['GET', '/api/businesses/me/team'],
        ['GET', '/api/health'],
      ]) {
        const res = await call(method, url, bearer(key));
        expect(res.statusCode, url).toBe(401);
        expect(res.json().code, url).toBe('INVALID_API_KEY');
        expect(res.headers['www-authenticate']).toBe('Bearer');
      }
    }
  });

  it('a suspended business’s key: 401 BUSINESS_SUSPENDED; restored, it works again', async () => {
    const lender = await createBusiness(t, { planCode: 'enterprise' });
    const key = (await createKey(lender.cookie, { name: 'Core banking', scopes: ['disputes:answer'] })).json().key as string;
    expect((await call('GET', '/api/businesses/me/disputes', bearer(key))).statusCode).toBe(200);
    await t.db.update(businessProfiles).set({ verificationStatus: 'suspended' }).where(eq(businessProfiles.userId, lender.id));
    for (const url of ['/api/businesses/me/disputes', '/api/businesses/me/team']) {
      const res = await call('GET', url, bearer(key));
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code, url).toBe('BUSINESS_SUSPENDED');
    }
    await t.db.update(businessProfiles).set({ verificationStatus: 'verified' }).where(eq(businessProfiles.userId, lender.id));
    expect((await call('GET', '/api/businesses/me/disputes', bearer(key))).statusCode).toBe(200);
  });
});

describe('what each scope opens, as a lender’s system uses it', () => {
  it('disputes:answer lists disputes and reads and marks notifications; reports:read sees usage; data:report the accounts; webhooks:manage the endpoints', async () => {
    const ok = async (scope: TApiKeyScope, method: string, url: string, payload?: unknown) => {
      const res = await call(method, url, bearer(keyWith[scope]), payload);
      expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 200)}`).toBe(200);
      return res.json();
    };
    expect(await ok('disputes:answer', 'GET', '/api/businesses/me/disputes')).toHaveProperty('items');
    expect(await ok('disputes:answer', 'GET', '/api/notifications')).toHaveProperty('unread');
    await ok('disputes:answer', 'POST', '/api/notifications/read', {});
    expect(await ok('reports:read', 'GET', '/api/businesses/me/usage')).toHaveProperty('planCode', 'enterprise');
    expect(await ok('data:report', 'GET', '/api/businesses/me/accounts')).toHaveProperty('items');
    expect(await ok('webhooks:manage', 'GET', '/api/businesses/me/webhooks')).toBeDefined();
  });
});

describe('creating a key', () => {
  it('ATTACK: without scopes, with none, or with an unknown one is a 400 naming scopes, and no key is made', async () => {
    const count = async () =>
      (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM api_keys WHERE business_id = ${owner.id}::uuid`))[0].n;
    const before = await count();
    const missing = await createKey(owner.cookie, { name: 'No scopes' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toMatchObject({ field: 'scopes' });
    const empty = await createKey(owner.cookie, { name: 'Empty', scopes: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toEqual({
      field: 'scopes',
      message: 'Choose at least one scope: reports:read, data:report, disputes:answer, webhooks:manage',
    });
    const unknown = await createKey(owner.cookie, { name: 'Too much', scopes: ['reports:read', 'admin:all'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].field).toBe('scopes.1');
    expect(unknown.json().errors[0].message).toContain('Unknown scope "admin:all"');
    const notAList = await createKey(owner.cookie, { name: 'Text', scopes: 'reports:read' });
    expect(notAList.statusCode).toBe(400);
    expect(notAList.json().errors[0].field).toBe('scopes');
    expect(await count()).toBe(before);
  });

  it('stores each scope once, in the one order, and the list shows each key’s scopes (never the key)', async () => {
    const made = await createKey(owner.cookie, { name: 'Twice', scopes: ['webhooks:manage', 'reports:read', 'webhooks:manage'] });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().scopes).toEqual(['reports:read', 'webhooks:manage']);
    const list = (await t.app.inject({ method: 'GET', url: '/api/businesses/me/api-keys', headers: { cookie: owner.cookie } })).json();
    expect(list.keys.find((k: { id: string }) => k.id === made.json().id).scopes).toEqual(['reports:read', 'webhooks:manage']);
    expect(JSON.stringify(list)).not.toContain(made.json().key);
    const [audit] = await queryRows<{ details: { scopes: string[] } }>(
      t.db,
      sql`SELECT details FROM audit_events WHERE action = 'business.api_key_created' AND target_id = ${made.json().id}`,
    );
    expect(audit.details.scopes).toEqual(['reports:read', 'webhooks:manage']);
  });

  it('a team member who is not the owner still cannot create keys', async () => {
    const member = {
      fullName: 'Member K',
      position: 'Loan officer',
      username: `scopes-member-${process.pid}`,
      email: `scopes-member-${process.pid}@lender.sl`,
      password: 'Member-pass-1',
      confirmPassword: 'Member-pass-1',
    };
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/businesses/me/team',
      headers: { cookie: owner.cookie },
      payload: member,
    });
    expect(added.statusCode, added.body).toBe(201);
    const cookie = await logInAs(t.app, 'business', member.username, member.password);
    const res = await createKey(cookie, { name: 'Mine', scopes: ['reports:read'] });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('Only the business owner');
  });
});

describe('the OpenAPI document', () => {
  it('names the scope of each route a key may use, and only the session elsewhere', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const route of apiRoutes().filter((r) => r.roles && !r.url.startsWith('/api/docs'))) {
      const operation = doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      if (!operation) continue; // hidden routes; business-workspace.test.ts checks every route is documented
      const expected = route.apiKeyScope ? [{ session: [] }, { apiKey: [route.apiKeyScope] }] : [{ session: [] }];
      expect(operation.security, nameOf(route)).toEqual(expected);
    }
  });
});
