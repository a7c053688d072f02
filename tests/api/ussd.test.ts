import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_USSD_PIN } from '../../src/shared/demo';
import { USSD_MAX_CHARS } from '../../src/shared/schemas/consumer/ussd';
import {
  consumerProfiles,
  consumerUssdPins,
  notifications,
  smsOutbox,
  users,
  ussdCallbackRequests,
} from '../../src/server/db/schema/index';
import { hashPassword } from '../../src/server/modules/accounts';
import { ussdCallerCheck } from '../../src/server/modules/ussd';
import { createTestApp, logInAs, type TestApp } from '../helpers/test-app';

// USSD for any phone (issue 21, decisions/044): the aggregator's callback over HTTP with form bodies.

const SECRET = 'ussd-test-secret-0123456789';
const PHONE = DEMO_ACCOUNTS.consumer.phone;
let t: TestApp;
let consumerId: string;
let consumerCookie: string;
let session = 0;
const answers: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ config: { ussdSharedSecret: SECRET, ussdAllowedIps: ['127.0.0.0/8', '196.201.214.0/24'] } });
  const [row] = await t.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'consumer'), eq(users.phone, PHONE)));
  consumerId = row!.id;
  consumerCookie = await logInAs(t.app, 'consumer');
});
afterAll(() => t.close());

/** One callback as Africa's Talking sends it; the answer's text. */
async function dial(text: string, options: { phone?: string; sessionId?: string; secret?: string | null; remoteAddress?: string } = {}) {
  const form = new URLSearchParams({
    sessionId: options.sessionId ?? `ATUid_${++session}`,
    serviceCode: '*384*2024#',
    phoneNumber: options.phone ?? PHONE,
    text,
  });
  const secret = options.secret === undefined ? SECRET : options.secret;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/ussd',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(secret ? { 'x-ussd-secret': secret } : {}) },
    payload: form.toString(),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  if (response.statusCode === 200) {
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    answers.push(response.body);
  }
  return response;
}
const say = async (text: string, options?: Parameters<typeof dial>[1]) => {
  const response = await dial(text, options);
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
};

describe('the menu of a verified consumer with a PIN', () => {
  it('asks for the PIN, then shows the menu', async () => {
    expect(await say('')).toBe('CON CreditCheck SL\nEnter your 4-digit PIN:');
    const menu = await say(DEMO_USSD_PIN);
    expect(menu).toMatch(/^CON /);
    expect(menu).toContain('1 My score');
    expect(menu).toContain('4 Freeze my file');
    expect(menu).toContain('5 Call me about a dispute');
  });

  it('1: the score and band the portal shows', async () => {
    const dashboard = (
      await t.app.inject({ method: 'GET', url: '/api/consumers/me/dashboard', headers: { cookie: consumerCookie } })
    ).json<{
      score: { value: number; band: string } | null;
    }>();
    const answer = await say(`${DEMO_USSD_PIN}*1`);
    expect(answer).toMatch(/^END /);
    if (dashboard.score) expect(answer).toContain(`Your credit score is ${dashboard.score.value} (${dashboard.score.band})`);
    else expect(answer).toContain('no score yet');
  });

  it('2: the counts of open, late and defaulted accounts', async () => {
    const answer = await say(`${DEMO_USSD_PIN}*2`);
    expect(answer).toMatch(/^END Your accounts\nOpen: \d+\nLate: \d+\nIn default: \d+$/);
  });

  it('3: the last three checks of the file, with the purpose in words and a Freetown date', async () => {
    const answer = await say(`${DEMO_USSD_PIN}*3`);
    expect(answer).toMatch(/^END /);
    const log = (await t.app.inject({ method: 'GET', url: '/api/consumers/me/access-log', headers: { cookie: consumerCookie } })).json<{
      entries: { businessName: string }[];
    }>();
    if (log.entries.length === 0) expect(answer).toContain('Nobody has checked');
    else {
      expect(answer).toContain('Last checks of your file:');
      expect(answer.split('\n').length).toBe(1 + Math.min(3, log.entries.length));
      expect(answer).toMatch(/\d{1,2} [A-Z][a-z]{2} \d{4}/);
      expect(answer).not.toMatch(/credit_application|account_review|_/);
    }
  });

  it('4: freezes with a confirm step, then unfreezes; the privacy API sees each', async () => {
    const privacy = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/consumers/me/privacy', headers: { cookie: consumerCookie } })).json<{
        frozenAt: string | null;
      }>();
    expect((await privacy()).frozenAt).toBeNull();
    expect(await say(`${DEMO_USSD_PIN}*4`)).toMatch(/^CON Freeze your file\?.*\n1 Yes\n2 No$/s);
    expect(await say(`${DEMO_USSD_PIN}*4*2`)).toBe('END Nothing changed.');
    expect((await privacy()).frozenAt).toBeNull();
    expect(await say(`${DEMO_USSD_PIN}*4*1`)).toMatch(/^END Your file is frozen/);
    expect((await privacy()).frozenAt).not.toBeNull();
    expect(await say(DEMO_USSD_PIN)).toContain('4 Unfreeze my file');
    expect(await say(`${DEMO_USSD_PIN}*4`)).toMatch(/^CON Unfreeze your file\?/);
    expect(await say(`${DEMO_USSD_PIN}*4*1`)).toMatch(/^END Your file is unfrozen/);
    expect((await privacy()).frozenAt).toBeNull();
    const events = await t.db.execute(
      sql`SELECT action FROM audit_events WHERE actor_user_id = ${consumerId}::uuid AND action IN ('consumer.file_frozen', 'consumer.file_unfrozen')`,
    );
    expect(JSON.stringify(events)).toContain('consumer.file_frozen');
  });

  it('5: records a call back the staff can see, with an audit event and notifications', async () => {
    expect(await say(`${DEMO_USSD_PIN}*5`)).toMatch(/^END Thank you\. Our staff will call you on \+23276000001/);
    const rows = await t.db.select().from(ussdCallbackRequests).where(eq(ussdCallbackRequests.userId, consumerId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ phone: PHONE, status: 'open' });
    const kinds = await t.db.select({ userId: notifications.userId }).from(notifications).where(eq(notifications.kind, 'ussd_callback'));
    expect(kinds.some((n) => n.userId === consumerId)).toBe(true);
    expect(kinds.length).toBeGreaterThan(1); // the bureau's administrators too
  });

  it('records every view of the file in the audit log as ussd.session', async () => {
    const rows = (await t.db.execute(
      sql`SELECT details->>'view' AS view FROM audit_events WHERE actor_user_id = ${consumerId}::uuid AND action = 'ussd.session'`,
    )) as unknown as { rows?: { view: string }[] } | { view: string }[];
    const views = (Array.isArray(rows) ? rows : (rows.rows ?? [])).map((r) => r.view);
    expect(views).toEqual(expect.arrayContaining(['menu', 'score', 'accounts', 'checks']));
  });

  it('a choice not on the menu ends the session in words', async () => {
    expect(await say(`${DEMO_USSD_PIN}*9`)).toBe('END That choice is not on the menu. Please dial again.');
  });
});

describe('phones that are not a verified consumer', () => {
  it('an unknown phone is told how to register', async () => {
    const answer = await say('', { phone: '+23299123456' });
    expect(answer).toMatch(/^END This phone is not linked/);
    expect(answer).toContain('creditcheck.sl');
    expect(answer).toContain('confirm your identity');
  });

  it('the phone of a consumer who has not confirmed their identity is told the same', async () => {
    const [user] = await t.db
      .insert(users)
      .values({ role: 'consumer', phone: '+23277555123', passwordHash: await hashPassword('x-unused-password-1') })
      .returning({ id: users.id });
    await t.db.insert(consumerProfiles).values({
      userId: user!.id,
      nationalId: 'USSD0002',
      firstName: 'Fatmata',
      lastName: 'Sesay',
      dateOfBirth: '1990-01-01',
      consentToDataProcessing: true,
    });
    expect(await say('', { phone: '+23277555123' })).toMatch(/^END This phone is not linked/);
    expect(await say('1357*1', { phone: '077 555 123' })).toMatch(/^END This phone is not linked/);
  });
});

describe('wrong PINs', () => {
  it('five wrong PINs lock USSD for an hour, with a notification and an SMS; the lock outlasts a right PIN', async () => {
    for (let left = 4; left >= 1; left--)
      expect(await say('9999*1')).toBe(`END Wrong PIN. Tries left: ${left}. After 5 wrong PINs USSD is locked for 1 hour.`);
    const locked = await say('0000');
    expect(locked).toMatch(/^END Wrong PIN 5 times\. USSD is locked until \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} GMT\./);
    expect(await say(DEMO_USSD_PIN)).toMatch(/^END Too many wrong PINs\. USSD is locked until .* GMT\./);
    const [pin] = await t.db.select().from(consumerUssdPins).where(eq(consumerUssdPins.userId, consumerId));
    expect(pin!.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
    const notes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, consumerId), eq(notifications.kind, 'ussd_locked')));
    expect(notes).toHaveLength(1);
    const texts = await t.db
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.toPhone, PHONE), eq(smsOutbox.purpose, 'ussd_locked')));
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain('5 wrong USSD PINs');
  });

  it('the lock opens once its hour has passed', async () => {
    await t.db
      .update(consumerUssdPins)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(consumerUssdPins.userId, consumerId));
    expect(await say(DEMO_USSD_PIN)).toMatch(/^CON CreditCheck SL\n1 My score/);
    const [pin] = await t.db.select().from(consumerUssdPins).where(eq(consumerUssdPins.userId, consumerId));
    expect(pin).toMatchObject({ failedAttempts: 0, lockedUntil: null });
  });
});

describe('Krio', () => {
  it('answers a Krio-speaking person in Krio, band names too', async () => {
    await t.db.update(consumerProfiles).set({ language: 'kri' }).where(eq(consumerProfiles.userId, consumerId));
    try {
      expect(await say('')).toBe('CON CreditCheck SL\nPut yu 4-nomba PIN:');
      expect(await say(DEMO_USSD_PIN)).toContain('1 Mi skor');
      const score = await say(`${DEMO_USSD_PIN}*1`);
      expect(score).toMatch(/^END (Yu kredit skor na \d+ \((Gud|Midul|Lo)\)|Yu no get skor yet)/);
      expect(await say(`${DEMO_USSD_PIN}*2`)).toMatch(/^END Yu akawnt dem\nOpin: \d+/);
      expect(await say(`${DEMO_USSD_PIN}*4*2`)).toBe('END Notin no chenj.');
      expect(await say('1357')).toMatch(/^END Di PIN no rayt/);
    } finally {
      await t.db.update(consumerProfiles).set({ language: 'en' }).where(eq(consumerProfiles.userId, consumerId));
      await t.db.update(consumerUssdPins).set({ failedAttempts: 0 }).where(eq(consumerUssdPins.userId, consumerId));
    }
  });

  it('every answer of this file fits one USSD screen (182 characters)', () => {
    expect(answers.length).toBeGreaterThan(25);
    for (const answer of answers) expect(answer.length, answer).toBeLessThanOrEqual(USSD_MAX_CHARS);
  });
});

describe('only the aggregator may call', () => {
  it('refuses a caller without the secret, or with a wrong one, before reading the body', async () => {
    for (const secret of [null, 'wrong-secret-wrong-secret']) {
      const response = await dial('', { secret });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'USSD_CALLER_REFUSED' });
    }
  });

  it('takes the secret as the ?secret= query parameter too (an aggregator that only takes a URL)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/ussd?secret=${SECRET}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ sessionId: 's-q', serviceCode: '*384#', phoneNumber: PHONE, text: '' }).toString(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/^CON /);
  });

  it('refuses an address outside USSD_ALLOWED_IPS even with the secret', async () => {
    const response = await dial('', { remoteAddress: '10.9.8.7' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'USSD_CALLER_REFUSED' });
    expect((await dial('', { remoteAddress: '196.201.214.20' })).statusCode).toBe(200);
  });

  it('without a secret: refused in production, open in demo mode (the simulator)', () => {
    const request = { ip: '127.0.0.1', headers: {}, query: {} };
    expect(ussdCallerCheck({ ussdAllowedIps: [], demoMode: false, isProduction: true }, request)).toBe('no_secret_configured');
    expect(ussdCallerCheck({ ussdAllowedIps: [], demoMode: true, isProduction: false }, request)).toBe('allowed');
    expect(
      ussdCallerCheck({ ussdAllowedIps: ['10.0.0.0/8'], demoMode: true, isProduction: false }, { ...request, ip: '::ffff:10.1.2.3' }),
    ).toBe('allowed');
  });

  it('a form field missing is a 400 naming it; other routes stay JSON only', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ussd',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-ussd-secret': SECRET },
      payload: 'sessionId=x&text=',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'phoneNumber' }] });
    const other = await t.app.inject({
      method: 'PUT',
      url: '/api/consumers/me/ussd-pin',
      headers: { cookie: consumerCookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'pin=2468',
    });
    expect(other.statusCode).toBe(415);
  });

  it('limits the callbacks of one phone a minute', async () => {
    let last = '';
    for (let i = 0; i < 62; i++) last = (await dial('', { phone: '+23288000111' })).body;
    expect(last).toBe('END Too many requests from this phone. Wait a minute and dial again.');
  });
});

describe('the demo simulator route', () => {
  it('answers the same menu as JSON in demo mode', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ussd/simulator',
      payload: { sessionId: 'sim-1', serviceCode: '*384#', phoneNumber: PHONE, text: '' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ reply: 'CON CreditCheck SL\nEnter your 4-digit PIN:' });
  });

  it('does not exist outside demo mode', async () => {
    const prod = await createTestApp({ seed: false, config: { demoMode: false } });
    try {
      const response = await prod.app.inject({
        method: 'POST',
        url: '/api/ussd/simulator',
        payload: { sessionId: 'sim-1', serviceCode: '*384#', phoneNumber: PHONE, text: '' },
      });
      expect(response.statusCode).toBe(404);
      // And without a secret outside demo mode, the callback refuses everyone.
      const callback = await prod.app.inject({
        method: 'POST',
        url: '/api/ussd',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'sessionId=a&serviceCode=b&phoneNumber=%2B23276000001&text=',
      });
      expect(callback.statusCode).toBe(403);
    } finally {
      await prod.close();
    }
  });
});

describe('PUT /api/consumers/me/ussd-pin', () => {
  const put = (payload: unknown, cookie?: string) =>
    t.app.inject({ method: 'PUT', url: '/api/consumers/me/ussd-pin', headers: cookie ? { cookie } : {}, payload: payload as object });

  it('refuses anything but four digits, and guessable PINs, naming pin in plain words', async () => {
    for (const pin of ['123', '12345', 'abcd', '12a4', '', 1234]) {
      const response = await put({ pin }, consumerCookie);
      expect(response.statusCode, String(pin)).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: [{ field: 'pin', message: 'Your PIN must be exactly 4 digits.' }],
      });
    }
    for (const pin of ['0000', '1111', '1234', '6789', '4321', '9876']) {
      const response = await put({ pin }, consumerCookie);
      expect(response.statusCode, pin).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ field: 'pin', message: expect.stringContaining('too easy to guess') });
    }
  });

  it('sets a new PIN (argon2id, never the digits), clears a lock, and audits it', async () => {
    await t.db
      .update(consumerUssdPins)
      .set({ failedAttempts: 3, lockedUntil: new Date(Date.now() + 3_600_000) })
      .where(eq(consumerUssdPins.userId, consumerId));
    expect((await put({ pin: '2468' }, consumerCookie)).statusCode).toBe(200);
    const [pin] = await t.db.select().from(consumerUssdPins).where(eq(consumerUssdPins.userId, consumerId));
    expect(pin).toMatchObject({ failedAttempts: 0, lockedUntil: null });
    expect(pin!.pinHash).toMatch(/^\$argon2id\$/);
    expect(pin!.pinHash).not.toContain('2468');
    expect(await say('2468')).toMatch(/^CON CreditCheck SL\n1 My score/);
    expect(await say(DEMO_USSD_PIN)).toMatch(/^END Wrong PIN/);
    const events = JSON.stringify(
      await t.db.execute(sql`SELECT action FROM audit_events WHERE actor_user_id = ${consumerId}::uuid AND action = 'ussd.pin_set'`),
    );
    expect(events).toContain('ussd.pin_set');
    expect((await put({ pin: DEMO_USSD_PIN }, consumerCookie)).statusCode).toBe(200);
  });

  it('refuses a consumer who has not confirmed their identity', async () => {
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/consumers/register',
      payload: {
        nationalId: 'USSD0003',
        firstName: 'Isata',
        lastName: 'Bangura',
        dateOfBirth: '1992-05-05',
        phone: '+23278111222',
        password: 'a-long-unused-password-9',
        confirmPassword: 'a-long-unused-password-9',
        consentToDataProcessing: true,
        agreeToTerms: true,
      },
    });
    if (register.statusCode !== 201) return expect.soft(register.statusCode, register.body).toBe(201);
    const cookie = await logInAs(t.app, 'consumer', 'USSD0003', 'a-long-unused-password-9');
    const response = await put({ pin: '2468' }, cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'IDENTITY_NOT_VERIFIED',
      message: expect.stringContaining('Confirm your identity first'),
    });
  });

  it('is for consumers only: a visitor 401, a business 403', async () => {
    expect((await put({ pin: '2468' })).statusCode).toBe(401);
    const business = await logInAs(t.app, 'business');
    const response = await put({ pin: '2468' }, business);
    expect(response.statusCode).toBe(403);
  });
});
