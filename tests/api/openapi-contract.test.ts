import { eq } from 'drizzle-orm';
import { validate as validateOpenApi } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessProfiles, users } from '../../src/server/db/schema/index';
import { DEMO_ACCOUNTS } from '../../src/shared/demo';
import { createTestApp, logInAs, type TestApp } from '../helpers/test-app';
import { accountReport } from './credit/credit-fixtures';
import {
  answerChecker,
  operationIdProblems,
  operationsOf,
  sampleOf,
  type DocumentedOperation,
  type OpenApiDocument,
} from '../helpers/openapi-contract';

/**
 * The OpenAPI document is the contract (issue 18, decisions/035): valid OpenAPI 3, an operationId on
 * every operation, and every real answer one it declares. Every operation is called as every
 * identity, with real ids from the seeded data where a list shows one, and each answer's status,
 * content type, body (ajv, against the documented schema) and contract headers are checked.
 */

type Headers = Record<string, string>;
const IDENTITIES = ['visitor', 'consumer', 'businessOwner', 'teamMember', 'apiKey', 'systemAdmin', 'regulator'] as const;
type Identity = (typeof IDENTITIES)[number];

let t: TestApp;
let doc: OpenApiDocument;
const identities = {} as Record<Identity, Headers>;

beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  const cookie = async (role: Parameters<typeof logInAs>[1], username?: string, password?: string) => ({
    cookie: await logInAs(t.app, role, username, password),
  });
  // The demo business, on Enterprise for this file: its owner, a team member and an API key all
  // act for the business whose seeded reports, accounts and disputes give the real ids.
  const [owner] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, DEMO_ACCOUNTS.business.username));
  await t.db.update(businessProfiles).set({ planCode: 'enterprise' }).where(eq(businessProfiles.userId, owner.id));
  identities.visitor = {};
  identities.consumer = await cookie('consumer');
  identities.systemAdmin = await cookie('system_admin');
  identities.regulator = await cookie('regulator');
  identities.businessOwner = await cookie('business');
  const member = { username: `contract-member-${process.pid}`, password: 'Contract-member-1' };
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/businesses/me/team',
    headers: identities.businessOwner,
    payload: {
      fullName: 'Contract Member',
      position: 'Loan officer',
      email: `${member.username}@lender.sl`,
      ...member,
      confirmPassword: member.password,
    },
  });
  if (added.statusCode !== 201) throw new Error(`team member: ${added.statusCode} ${added.body}`);
  identities.teamMember = await cookie('business', member.username, member.password);
  const key = await t.app.inject({
    method: 'POST',
    url: '/api/businesses/me/api-keys',
    headers: identities.businessOwner,
    payload: { name: 'Contract test', ...allScopes() },
  });
  if (key.statusCode !== 201) throw new Error(`API key: ${key.statusCode} ${key.body}`);
  identities.apiKey = { authorization: `Bearer ${key.json().key}` };
  await recordActivity();
});

/**
 * What the seed has none of, made through the API so the routes that show one answer 200 with it: a
 * search and a report pulled (the dashboard's inquiries with and without a score), an account of the
 * demo consumer's and a monthly file, the consumer's dispute of that account and a complaint about
 * it, and the regulator's investigation of the complaint.
 */
async function recordActivity() {
  const post = async (identity: Identity, url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: identities[identity], payload });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const person = DEMO_ACCOUNTS.consumer;
  const purpose = 'credit_application';
  const found = await post('businessOwner', '/api/credit/search', { purpose, nationalId: person.nationalId });
  await post('businessOwner', '/api/credit/reports', { subjectId: found.candidates[0].subjectId, purpose, consent: true });
  // The demo consumer as the seed has them (src/server/db/seed/demo-registry.ts), so the account is on their file.
  const subject = { ...person, middleName: undefined, dateOfBirth: '1988-04-12' };
  const account = await post(
    'businessOwner',
    '/api/credit/accounts',
    accountReport({ subject, account: { accountNumber: 'LN-CONTRACT-1' } }),
  );
  await post('businessOwner', '/api/credit/submissions', { rows: [accountReport({ account: { accountNumber: 'LN-CONTRACT-2' } })] });
  const dispute = await post('consumer', '/api/consumers/me/disputes', {
    accountId: account.accountId,
    reason: 'wrong_balance',
    statement: 'The balance shown is higher than what I owe.',
  });
  const complaint = await post('consumer', '/api/consumers/me/complaints', {
    disputeId: dispute.id,
    subject: 'My dispute',
    description: 'The lender has not answered my dispute about the balance.',
  });
  await post('regulator', '/api/regulators/investigations', { complaintId: complaint.id, title: 'Unanswered dispute' });
}
afterAll(() => t.close());

/** Every scope a key can have, read from the document (no scopes: a key without them). */
function allScopes(): { scopes?: unknown[] } {
  const body = doc.paths['/api/businesses/me/api-keys'].post.requestBody?.content?.['application/json']?.schema;
  const scopes = (body?.properties as Record<string, { items?: { enum?: unknown[] } }> | undefined)?.scopes?.items?.enum;
  return scopes ? { scopes: scopes.filter((s) => s !== null) } : {};
}

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3 (a maintained third-party validator)', async () => {
    const result = await validateOpenApi(structuredClone(doc) as never, { validate: { errors: { colorize: false } } });
    expect(result.valid, JSON.stringify(result).slice(0, 3000)).toBe(true);
    expect(doc.openapi).toMatch(/^3\.0\./);
  });

  it('documents every route the app registers', () => {
    const documented = new Set(operationsOf(doc).map((o) => `${o.method.toUpperCase()} ${o.path}`));
    const routes = t.app.routeTable
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(routes.filter((r) => !documented.has(r))).toEqual([]);
  });

  it('gives every operation an operationId, and no two the same', () => {
    expect(operationIdProblems(operationsOf(doc))).toEqual([]);
    expect(doc.paths['/api/credit/reports/{id}/pdf'].get.operationId).toBe('getCreditReportsByIdPdf');
    expect(doc.paths['/api/businesses/me/disputes/{id}/response'].post.operationId).toBe('postBusinessesMeDisputesByIdResponse');
  });

  it('would name an operation without an operationId and two that collide (the check can fail)', () => {
    const get = (operationId?: string) => ({ get: { operationId, responses: {} } });
    const broken = { openapi: '3.0.3', paths: { '/a': get('getA'), '/b': get('getA'), '/c': get() } };
    expect(operationIdProblems(operationsOf(broken))).toEqual(['GET /c has no operationId', 'operationId getA is given twice']);
  });

  it('would name an undocumented status, content type or header, and a body off its schema (the checker can fail)', () => {
    const problemsOf = answerChecker(doc);
    const dashboard = { method: 'get', path: '/api/businesses/me/dashboard', operation: doc.paths['/api/businesses/me/dashboard'].get };
    const json = { 'content-type': 'application/json; charset=utf-8' };
    const notSignedIn = JSON.stringify({ code: 'NOT_SIGNED_IN', message: 'Not signed in' });
    expect(problemsOf(dashboard, { statusCode: 401, headers: json, body: notSignedIn })).toEqual([]);
    expect(problemsOf(dashboard, { statusCode: 418, headers: json, body: '{}' })).toEqual([
      expect.stringContaining('418 is not documented'),
    ]);
    expect(problemsOf(dashboard, { statusCode: 401, headers: { 'content-type': 'application/pdf' }, body: '%PDF-' })).toEqual([
      expect.stringContaining('401 answered application/pdf'),
    ]);
    expect(problemsOf(dashboard, { statusCode: 401, headers: { ...json, 'ratelimit-limit': '10' }, body: notSignedIn })).toEqual([
      '401 sent the header ratelimit-limit, not documented there',
    ]);
    expect(problemsOf(dashboard, { statusCode: 401, headers: json, body: JSON.stringify({ code: 'NOT_A_CODE', message: 'x' }) })).toEqual([
      expect.stringContaining('401 body does not fit its schema'),
    ]);
  });

  it('documents error bodies as JSON on the file downloads, and their files as the 200', () => {
    for (const [path, types] of [
      ['/api/credit/reports/{id}/pdf', ['application/pdf']],
      ['/api/consumers/me/report.pdf', ['application/pdf']],
      ['/api/credit/submissions/template.csv', ['text/csv']],
      ['/api/businesses/me/documents/{id}', ['application/pdf', 'image/png', 'image/jpeg']],
      ['/api/admin/businesses/{id}/documents/{documentId}', ['application/pdf', 'image/png', 'image/jpeg']],
    ] as const) {
      const responses = doc.paths[path].get.responses ?? {};
      expect(Object.keys(responses['200']?.content ?? {}), path).toEqual(types);
      for (const status of ['400', '401', '403', '404'].filter((s) => responses[s])) {
        expect(responses[status].content, `${path} ${status}`).toEqual({
          'application/json': { schema: { $ref: '#/components/schemas/Error' } },
        });
      }
    }
  });

  it('documents 415 and 413 where a body is read, 429 and the rate-limit headers where requests are counted', () => {
    const post = doc.paths['/api/credit/search'].post;
    expect(Object.keys(post.responses ?? {})).toEqual(expect.arrayContaining(['400', '401', '403', '413', '415', '429', '500', '503']));
    expect(Object.keys(post.responses?.['200'].headers ?? {})).toEqual(
      expect.arrayContaining(['API-Version', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']),
    );
    expect(Object.keys(post.responses?.['429'].headers ?? {})).toEqual(expect.arrayContaining(['Retry-After', 'RateLimit-Reset']));
    expect(doc.paths['/api/credit/purposes'].get.responses?.['415']).toBeUndefined();
  });
});

// Routes called after all others: they end sessions, disable or suspend accounts, change the
// limits, or revoke the key and member the identities use.
const LAST =
  /\/(logout|disable|suspend|reject|unlink|revoke|password|merge|keep-apart|rate-limits?|settings|plan)$|\/me\/(api-keys|team)\/\{id\}$/;
const order = (o: DocumentedOperation) =>
  (o.method === 'get' ? 0 : LAST.test(o.path) ? 3 : o.method === 'delete' ? 2 : 1) * 10 + (o.path.match(/\{/g)?.length ?? 0);

describe('every operation as every identity', () => {
  it('answers only what the document declares, never a 5xx', async () => {
    const started = performance.now();
    const problemsOf = answerChecker(doc);
    const operations = operationsOf(doc).sort((a, b) => order(a) - order(b));
    /** JSON answers of the GETs so far, by concrete path, each identity's first: where real ids come from. */
    const answers = new Map<string, unknown[]>();
    /** Each problem once, with the identities that met it. */
    const problems = new Map<string, Identity[]>();
    const note = (problem: string, identity: Identity) => problems.set(problem, [...(problems.get(problem) ?? []), identity]);
    let calls = 0;
    let variantCalls = 0;
    /** 2xx answers per identity: each identity must really act as itself somewhere. */
    const successes = Object.fromEntries(IDENTITIES.map((identity) => [identity, 0])) as Record<Identity, number>;
    const check = async (documented: DocumentedOperation, identity: Identity, url: string) => {
      const body = documented.operation.requestBody?.content?.['application/json']?.schema;
      const res = await t.app.inject({
        method: documented.method.toUpperCase() as 'GET',
        url,
        headers: identities[identity],
        ...(documented.operation.requestBody ? { payload: sampleOf(doc, body, (name) => knownValue(answers, name)) as object } : {}),
      });
      const where = `${documented.method.toUpperCase()} ${documented.path}: `;
      if (res.statusCode >= 500) note(`${where}${res.statusCode} ${res.body.slice(0, 300)}`, identity);
      for (const problem of problemsOf(documented, res)) note(where + problem, identity);
      if (documented.method === 'get' && res.statusCode === 200 && res.headers['content-type']?.toString().startsWith('application/json')) {
        answers.set(url, [...(answers.get(url) ?? []), res.json()]);
      }
      if (res.statusCode < 300) successes[identity]++;
      return res.statusCode;
    };
    for (const documented of operations) {
      for (const identity of IDENTITIES) {
        const url = urlOf(documented, answers);
        const status = await check(documented, identity, url);
        calls++;
        // Each value of an enum query parameter (format=csv|pdf, a status filter...) as a caller it
        // admits: another value may be another body or another content type.
        if (status >= 300) continue;
        for (const query of enumQueriesOf(documented)) {
          await check(documented, identity, `${url}?${query}`);
          variantCalls++;
        }
      }
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(
      `openapi contract: ${operations.length} operations × ${IDENTITIES.length} identities = ${calls} calls, and ${variantCalls} with each value of an enum query parameter, in ${seconds} s; 2xx by identity ${JSON.stringify(successes)}`,
    );
    expect([...problems].map(([problem, who]) => `${problem} [${who.join(', ')}]`)).toEqual([]);
    expect(calls).toBe(operations.length * IDENTITIES.length);
    expect(IDENTITIES.filter((identity) => successes[identity] < 5)).toEqual([]);
    // Real ids reached the routes: a 200 for an answer that needs one.
    expect([...answers.keys()].filter((url) => /\/api\/credit\/reports\/[0-9a-f-]{36}$/.test(url))).not.toEqual([]);
  }, 300_000);
});

/** `name=value` for each value of each enum query parameter of a GET but its default. */
function enumQueriesOf({ method, operation }: DocumentedOperation): string[] {
  if (method !== 'get') return [];
  return (operation.parameters ?? [])
    .filter((p) => p.in === 'query' && Array.isArray(p.schema?.enum))
    .flatMap((p) =>
      (p.schema?.enum as unknown[])
        .filter((value) => value !== null && value !== p.schema?.default)
        .map((value) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(value))}`),
    );
}

/** Where the id of a path parameter is listed, when it is not the path before the parameter. */
const ID_SOURCES: Record<string, { list: string; key: string }> = {
  '/api/credit/accounts/{accountId}': { list: '/api/businesses/me/accounts', key: 'accountId' },
  '/api/credit/reports/{id}': { list: '/api/credit/reports', key: 'reportId' },
  '/api/scoring/scores/{id}': { list: '/api/consumers/me/scores', key: 'id' },
  '/api/regulators/compliance/{id}': { list: '/api/regulators/compliance', key: 'businessId' },
  '/api/admin/plans/{code}': { list: '/api/admin/plans', key: 'code' },
};

/** The operation's URL, each path parameter a real id where an earlier answer listed one. */
function urlOf({ path }: DocumentedOperation, answers: Map<string, unknown[]>): string {
  let url = '';
  for (const part of path.split(/(\{\w+\})/).filter(Boolean)) {
    const param = /^\{(\w+)\}$/.exec(part)?.[1];
    if (!param) {
      url += part;
      continue;
    }
    const source = ID_SOURCES[`${path.slice(0, path.indexOf(part))}${part}`] ?? { list: url.replace(/\/$/, ''), key: param };
    const listed = (answers.get(source.list) ?? []).map((answer) => firstValue(answer, source.key) ?? firstValue(answer, 'id'));
    url += encodeURIComponent(listed.find((v) => v !== undefined) ?? '00000000-0000-4000-8000-000000000000');
  }
  return url;
}

/** A value some answer so far gave under this key (a body's subjectId, accountId...). */
function knownValue(answers: Map<string, unknown[]>, key: string): string | undefined {
  if (!key.endsWith('Id')) return undefined;
  for (const list of answers.values()) {
    for (const answer of list) {
      const value = firstValue(answer, key);
      if (value !== undefined) return value;
    }
  }
  return undefined;
}

/** The first string or number under `key` in a JSON answer, depth first. */
function firstValue(value: unknown, key: string): string | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = firstValue(item, key);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const own = (value as Record<string, unknown>)[key];
  if (typeof own === 'string' || typeof own === 'number') return String(own);
  for (const child of Object.values(value)) {
    const found = firstValue(child, key);
    if (found !== undefined) return found;
  }
  return undefined;
}
