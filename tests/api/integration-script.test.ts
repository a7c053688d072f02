import { sql } from 'drizzle-orm';
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ENTERPRISE } from '../../src/shared/demo';
import { deliverDueWebhooks } from '../../src/server/modules/webhooks';
import { createTestApp, logInAs, type TestApp } from '../helpers/test-app';
import { registerAndSignIn, registryPeople } from './consumer/consumer-fixtures';

/**
 * Issue 18, docs/integration.md: the lender's whole cycle, run as a lender would run it. The
 * script in docs/integration/ is started as its own Node process with nothing but an API key,
 * against this app listening on loopback. The test plays the other parties: the owner who creates
 * the key in Settings, the person who disputes an account, and the delivery job (called every
 * quarter second instead of every 10 s).
 */

let t: TestApp;
let baseUrl: string;
let apiKey: string;
let consumerCookie: string;
let subject: Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

  const owner = await logInAs(t.app, 'business', DEMO_ENTERPRISE.username);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/businesses/me/api-keys',
    headers: { cookie: owner },
    payload: { name: 'Integration script', scopes: ['reports:read', 'data:report', 'disputes:answer', 'webhooks:manage'] },
  });
  expect(created.statusCode, created.body).toBe(201);
  apiKey = created.json().key as string;

  // The person whose account the script reports and who disputes it: a registered consumer whose
  // identity is confirmed, on file in the registry.
  const [person] = await registryPeople(t, 1);
  const account = await registerAndSignIn(t, { nationalId: person.nationalId, dateOfBirth: person.dateOfBirth });
  await t.db.execute(sql`UPDATE consumer_profiles SET identity_verified_at = now() WHERE user_id = ${account.id}::uuid`);
  consumerCookie = account.cookie;
  subject = {
    nationalId: person.nationalId,
    firstName: person.firstName,
    lastName: person.lastName,
    dateOfBirth: person.dateOfBirth,
    phone: person.phones[0],
    address: { line: '7 Wilkinson Road, Freetown', district: 'Western Area Urban' },
  };
}, 120_000);
afterAll(async () => {
  await t.close();
});

interface Step {
  step: string;
  [key: string]: unknown;
}

describe('docs/integration/lender-cycle.mjs', () => {
  it('runs a lender’s whole cycle with only an API key', async () => {
    const child = spawn(process.execPath, ['docs/integration/lender-cycle.mjs'], {
      env: { ...process.env, CCSL_URL: baseUrl, CCSL_API_KEY: apiKey, CCSL_SUBJECT: JSON.stringify(subject), CCSL_DISPUTE_WAIT_S: '60' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const steps: Step[] = [];
    const filing: Promise<{ statusCode: number; body: string }>[] = [];
    createInterface({ input: child.stdout }).on('line', (line) => {
      const step = JSON.parse(line) as Step;
      steps.push(step);
      if (step.step === 'waiting_for_dispute') {
        const filed = t.app.inject({
          method: 'POST',
          url: '/api/consumers/me/disputes',
          headers: { cookie: consumerCookie },
          payload: {
            accountId: step.accountId,
            reason: 'wrong_balance',
            statement: 'I paid this loan down last month; the balance is wrong.',
          },
        });
        // A refused filing ends the run at once rather than after the script's wait.
        void filed.then((answer) => answer.statusCode !== 201 && child.kill());
        filing.push(filed);
      }
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    let isRunning = true;
    void exited.then(() => (isRunning = false));
    while (isRunning) {
      await deliverDueWebhooks(t.db, { production: false });
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const code = await exited;
    const byName = new Map(steps.map((s) => [s.step, s]));
    const filed = await Promise.all(filing);
    expect(
      filed.map((f) => f.statusCode),
      filed.map((f) => f.body).join(),
    ).toEqual([201]);
    expect(code, `${JSON.stringify(steps, null, 1)}\n${stderr}`).toBe(0);
    expect(byName.get('file_sent')).toMatchObject({ status: 202, retrySameSubmission: true, retryReplayed: true });
    expect(byName.get('file_completed')).toMatchObject({ accepted: 3, rejected: 0 });
    expect(byName.get('searched')).toMatchObject({ candidates: 1 });
    expect(byName.get('report_pulled')?.reportId).toEqual(expect.any(String));
    expect(byName.get('accounts_listed')).toMatchObject({ accounts: 3, pages: 2 });
    expect(byName.get('dispute_received')?.reference).toEqual(expect.any(String));
    expect(byName.get('dispute_answered')).toMatchObject({ outcome: 'verified' });
    expect(byName.get('account_removed')).toMatchObject({ outcome: 'removed' });
    expect(byName.get('deliveries')?.delivered).toEqual(expect.arrayContaining(['submission.completed', 'dispute.filed']));
    expect(steps.at(-1)?.step).toBe('done');
  }, 180_000);
});
