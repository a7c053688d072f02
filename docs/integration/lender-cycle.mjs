#!/usr/bin/env node
// A lender's whole cycle against the CreditCheck SL API with nothing but an API key:
// receive events, send a monthly file, wait for it, search, pull a report, answer a dispute,
// correct an account. docs/integration.md walks through it; CI runs it against a test server
// (tests/api/integration-script.test.ts), so what it shows keeps working.
//
// Plain Node.js 20 (fetch, node:http, node:crypto): copy it and change what you need.
//
//   CCSL_URL=http://localhost:3000 CCSL_API_KEY=ccsl_... node docs/integration/lender-cycle.mjs
//
// Settings (environment):
//   CCSL_URL              the API's address (default http://localhost:3000)
//   CCSL_API_KEY          an Enterprise key with the four scopes (Settings, API keys)
//   CCSL_WEBHOOK_HOST     the address your receiver is reached at (default 127.0.0.1: outside
//                         production the bureau delivers to loopback; in production only a public
//                         https URL is allowed, so put a tunnel or your own endpoint here)
//   CCSL_SUBJECT          optional JSON of the person whose account is disputed, shaped as a
//                         report's `subject` (CI passes a registered consumer, who files the dispute)
//   CCSL_DISPUTE_WAIT_S   how long to wait for a dispute to be filed (default 120; 0 skips that part)
//
// Each step prints one JSON line, so another program (CI) can follow it.

import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const BASE = (process.env.CCSL_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const KEY = process.env.CCSL_API_KEY;
const WEBHOOK_HOST = process.env.CCSL_WEBHOOK_HOST ?? '127.0.0.1';
const DISPUTE_WAIT_S = Number(process.env.CCSL_DISPUTE_WAIT_S ?? 120);
if (!KEY) {
  console.error('Set CCSL_API_KEY to an API key (Settings, API keys, on an Enterprise plan).');
  process.exit(2);
}

const log = (step, details = {}) => console.log(JSON.stringify({ step, ...details }));

/** One call. Every error body carries a stable `code` to branch on (docs/api.md, Error codes). */
async function api(method, path, { body, idempotencyKey, contentType } = {}) {
  const headers = { authorization: `Bearer ${KEY}` };
  if (body !== undefined) headers['content-type'] = contentType ?? 'application/json';
  // Every POST that writes or charges takes a key of ours: a retry after a timeout replays the
  // first answer and charges nothing more.
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  const response = await fetch(`${BASE}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  const json = text && (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text;
  if (!response.ok) {
    const error = new Error(`${method} ${path}: ${response.status} ${json.code ?? ''} ${json.message ?? text}`);
    error.status = response.status;
    error.body = json;
    throw error;
  }
  return { status: response.status, body: json, replayed: response.headers.get('idempotent-replayed') === 'true' };
}

/** The receiver's check, as docs/api.md says: on the raw body, before parsing, with a time window. */
function verifySignature(header, rawBody, secret, toleranceSeconds = 300) {
  const parts = Object.fromEntries(
    String(header)
      .split(',')
      .map((part) => part.split('=')),
  );
  if (!parts.t || !parts.v1 || Math.abs(Date.now() / 1000 - Number(parts.t)) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${rawBody}`).digest('hex');
  return parts.v1.length === expected.length && timingSafeEqual(Buffer.from(parts.v1), Buffer.from(expected));
}

/** A small receiver: answers 200 at once, keeps verified events, ignores repeats by event id. */
function startReceiver() {
  const events = [];
  const waiting = [];
  let secret = null;
  const seen = new Set();
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      if (!secret || !verifySignature(request.headers['x-creditcheck-signature'], raw, secret)) {
        response.writeHead(401).end();
        return;
      }
      response.writeHead(200).end();
      const event = JSON.parse(raw);
      if (seen.has(event.id)) return; // at least once: a retry of an event we already have
      seen.add(event.id);
      events.push(event);
      for (const wait of [...waiting]) {
        if (wait.match(event)) {
          waiting.splice(waiting.indexOf(wait), 1);
          wait.resolve(event);
        }
      }
    });
  });
  return {
    server,
    setSecret: (value) => (secret = value),
    /** The first event (already received or still to come) that matches, or null after the timeout. */
    waitFor(match, timeoutMs) {
      const found = events.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => {
        const wait = { match, resolve };
        waiting.push(wait);
        setTimeout(() => {
          if (waiting.includes(wait)) waiting.splice(waiting.indexOf(wait), 1);
          resolve(null);
        }, timeoutMs).unref();
      });
    },
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const run = randomUUID().slice(0, 8).toUpperCase();

/** Three people of this run (made up, so the script can run again), the disputed one first. */
function monthlyFileRows() {
  const given = process.env.CCSL_SUBJECT ? JSON.parse(process.env.CCSL_SUBJECT) : null;
  const person = (n, first, last, born) => ({
    nationalId: `SLI${run}${n}`,
    firstName: first,
    lastName: last,
    dateOfBirth: born,
    phone: `+232 76 ${String(100000 + Math.floor(Math.random() * 800000)).replace(/(\d{3})(\d{3})/, '$1 $2')}`,
    address: { line: `${n} Siaka Stevens Street, Freetown`, district: 'Western Area Urban' },
  });
  const account = (suffix, extra = {}) => ({
    accountNumber: `INT-${run}-${suffix}`,
    type: 'personal_loan',
    currency: 'SLE',
    principal: '12000.00',
    balance: '8000.00',
    openedAt: '2025-01-15',
    status: 'current',
    paymentHistory: '000000000',
    ...extra,
  });
  return [
    { subject: given ?? person(1, 'Aminata', 'Kamara', '1990-04-12'), account: account('A') },
    { subject: person(2, 'Ibrahim', 'Conteh', '1984-09-30'), account: account('B') },
    { subject: person(3, 'Fatmata', 'Bangura', '1979-01-05'), account: account('C', { status: 'late_30', paymentHistory: '100000000' }) },
  ];
}

async function main() {
  // 1. The key works, and what the plan allows.
  const usage = await api('GET', '/api/businesses/me/usage');
  log('usage', { plan: usage.body.planName, reportsLeftThisMonth: usage.body.remaining });

  // 2. Receive events instead of polling: a local receiver, registered as a webhook.
  const receiver = startReceiver();
  await new Promise((resolve) => receiver.server.listen(0, '0.0.0.0', resolve));
  const webhookUrl = `http://${WEBHOOK_HOST}:${receiver.server.address().port}/creditcheck-events`;
  const webhook = await api('POST', '/api/businesses/me/webhooks', {
    body: { url: webhookUrl, events: ['submission.completed', 'submission.failed', 'dispute.filed'] },
  });
  receiver.setSecret(webhook.body.secret); // shown once: keep it in your secret store
  log('webhook_registered', { id: webhook.body.id, url: webhookUrl });

  try {
    // 3. The monthly file. A retry with the same Idempotency-Key (after a timeout, say) gets the
    // same submission back, never a second one.
    const rows = monthlyFileRows();
    const fileKey = randomUUID();
    const sent = await api('POST', '/api/credit/submissions', { body: { rows }, idempotencyKey: fileKey });
    const retried = await api('POST', '/api/credit/submissions', { body: { rows }, idempotencyKey: fileKey });
    log('file_sent', {
      submissionId: sent.body.id,
      status: sent.status,
      retrySameSubmission: retried.body.id === sent.body.id,
      retryReplayed: retried.replayed,
    });

    // 4. Wait for it: the webhook says when it is applied; polling the status is the fallback.
    const submissionId = sent.body.id;
    const completed = await Promise.race([
      receiver
        .waitFor((e) => e.type.startsWith('submission.') && e.data.submissionId === submissionId, 120_000)
        .then((e) => e && { via: 'webhook', status: e.type === 'submission.completed' ? 'completed' : 'failed', data: e.data }),
      (async () => {
        for (let i = 0; i < 240; i++) {
          const status = await api('GET', `/api/credit/submissions/${submissionId}`);
          if (status.body.status === 'completed' || status.body.status === 'failed')
            return { via: 'polling', status: status.body.status, data: status.body };
          await sleep(500);
        }
        return null;
      })(),
    ]);
    if (!completed || completed.status !== 'completed') throw new Error(`the monthly file did not complete: ${JSON.stringify(completed)}`);
    log('file_completed', { via: completed.via, accepted: completed.data.accepted, rejected: completed.data.rejected });

    // 5. Search for a person by NIN, then pull their report (charged once: an Idempotency-Key).
    const searched = await api('POST', '/api/credit/search', {
      body: { purpose: 'credit_application', nationalId: rows[2].subject.nationalId },
    });
    const subjectId = searched.body.candidates[0]?.subjectId;
    if (!subjectId) throw new Error('the person of the file was not found');
    log('searched', { candidates: searched.body.candidates.length });
    const report = await api('POST', '/api/credit/reports', {
      body: { subjectId, purpose: 'credit_application', consent: true },
      idempotencyKey: randomUUID(),
    });
    log('report_pulled', {
      reportId: report.body.reportId,
      accounts: report.body.accounts.length,
      score: report.body.score?.value ?? null,
    });

    // 6. The accounts this business reported, page by page with the cursor.
    const accountIds = {};
    let cursor = null;
    let pages = 0;
    do {
      const page = await api('GET', `/api/businesses/me/accounts?q=INT-${run}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      for (const item of page.body.items) accountIds[item.accountNumber] = item.accountId;
      cursor = page.body.nextCursor;
      pages++;
    } while (cursor);
    log('accounts_listed', { accounts: Object.keys(accountIds).length, pages });

    // 7. A dispute: the person disputes account A; the business hears of it and answers it.
    if (DISPUTE_WAIT_S > 0) {
      const disputedAccountId = accountIds[`INT-${run}-A`];
      log('waiting_for_dispute', { accountId: disputedAccountId, accountNumber: `INT-${run}-A` });
      const filed = await receiver.waitFor(
        (e) => e.type === 'dispute.filed' && e.data.accountId === disputedAccountId,
        DISPUTE_WAIT_S * 1000,
      );
      if (!filed) throw new Error(`no dispute.filed within ${DISPUTE_WAIT_S} s`);
      log('dispute_received', { reference: filed.data.reference, dueAt: filed.data.dueAt });
      const answered = await api('POST', `/api/businesses/me/disputes/${filed.data.disputeId}/response`, {
        body: { outcome: 'verified', note: 'Checked against the signed loan agreement and the repayment ledger: the account is right.' },
        idempotencyKey: randomUUID(),
      });
      log('dispute_answered', { status: answered.body.status, outcome: answered.body.outcome });
    }

    // 8. Account B was reported in error: remove it (it leaves every report; the person is told).
    const removed = await api('DELETE', `/api/credit/accounts/${accountIds[`INT-${run}-B`]}`, {
      body: { reason: 'Reported in error: the loan was never disbursed' },
      idempotencyKey: randomUUID(),
    });
    log('account_removed', { outcome: removed.body.outcome });

    // 9. Each delivery's outcome, as the business sees it.
    const hooks = await api('GET', '/api/businesses/me/webhooks');
    const mine = hooks.body.endpoints.find((e) => e.id === webhook.body.id);
    log('deliveries', { delivered: mine.deliveries.filter((d) => d.status === 'delivered').map((d) => d.type) });
  } finally {
    await api('DELETE', `/api/businesses/me/webhooks/${webhook.body.id}`).catch(() => undefined);
    receiver.server.close();
  }
  log('done');
}

main().catch((error) => {
  log('failed', { message: error.message, code: error.body?.code ?? null });
  process.exit(1);
});
