import { execFileSync } from 'node:child_process';
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/query';
import { extractCertificateToken, verifyCertificatePdf } from '../../src/server/modules/certificates';
import { createTestApp, logInAs, type TestApp } from '../helpers/test-app';
import { confirmIdentity, datePhonesBack, registerAndSignIn, type RegistryPerson } from './consumer/consumer-fixtures';
import { accountReport } from './credit/credit-fixtures';

// Issue 21: a clearance certificate anyone can verify (decisions/045).

let t: TestApp;
let clear: RegistryPerson[];
let defaulter: RegistryPerson;

/** Registry people with a NIN, birth date, phones and accounts, no consumer account; `negative`: with an account in default now, else none ever negative. */
async function people(count: number, negative: boolean): Promise<RegistryPerson[]> {
  const rows = await queryRows<{ subject_id: string; value: string; date_of_birth: string; first_name: string; last_name: string }>(
    t.db,
    sql`SELECT i.subject_id, i.value, s.date_of_birth::text AS date_of_birth, s.first_name, s.last_name
        FROM credit_subject_identifiers i JOIN credit_subjects s ON s.id = i.subject_id
        WHERE i.type = 'nin' AND s.date_of_birth IS NOT NULL AND i.value <> 'DEMO0001'
          AND EXISTS (SELECT 1 FROM credit_subject_phones p WHERE p.subject_id = s.id)
          AND EXISTS (SELECT 1 FROM credit_accounts a WHERE a.subject_id = s.id)
          AND NOT EXISTS (SELECT 1 FROM consumer_profiles cp WHERE cp.national_id = i.value)
          AND NOT EXISTS (SELECT 1 FROM credit_account_parties ap WHERE ap.subject_id = s.id)
          AND ${
            negative
              ? sql`EXISTS (SELECT 1 FROM credit_accounts a WHERE a.subject_id = s.id AND a.status = 'default')`
              : sql`NOT EXISTS (SELECT 1 FROM credit_accounts a WHERE a.subject_id = s.id
                      AND (a.status IN ('default', 'written_off', 'late_90') OR a.default_date IS NOT NULL OR a.payment_history LIKE '%D%'))`
          }
        ORDER BY i.value LIMIT ${count}`,
  );
  await datePhonesBack(
    t,
    rows.map((r) => r.subject_id),
  );
  return rows.map((r) => ({
    subjectId: r.subject_id,
    nationalId: r.value,
    dateOfBirth: r.date_of_birth,
    firstName: r.first_name,
    lastName: r.last_name,
    phones: [],
  }));
}

async function verifiedConsumer(_t: TestApp, person: RegistryPerson) {
  const account = await registerAndSignIn(t, { nationalId: person.nationalId, dateOfBirth: person.dateOfBirth });
  await confirmIdentity(t, account.cookie);
  return account;
}

const inject = (method: 'GET' | 'POST', url: string, cookie?: string) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(method === 'POST' ? { payload: {} } : {}) });
const issue = (cookie: string) => inject('POST', '/api/consumers/me/certificates', cookie);
const check = (id: string) => inject('GET', `/api/certificates/${id}`);

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'ccsl-certificate-'));
  const file = join(dir, 'certificate.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

beforeAll(async () => {
  t = await createTestApp();
  clear = await people(5, false);
  [defaulter] = await people(1, true);
  expect(clear.length).toBe(5);
  expect(defaulter).toBeDefined();
}, 120_000);
afterAll(() => t.close());

describe('a clearance certificate: issued, checked by anyone, tamper-evident', () => {
  let holder: { cookie: string };
  let certificate: { id: string; verifyUrl: string; pdfUrl: string };
  let pdf: Buffer;

  it('a verified consumer with a clean file gets one: 201 {id, verifyUrl, pdfUrl}, an unguessable id', async () => {
    holder = await verifiedConsumer(t, clear[0]);
    const response = await issue(holder.cookie);
    expect(response.statusCode).toBe(201);
    certificate = response.json();
    expect(Object.keys(certificate).sort()).toEqual(['id', 'pdfUrl', 'verifyUrl']);
    expect(certificate.id).toMatch(/^[A-Z2-7]{26}$/);
    expect(certificate.verifyUrl).toBe(`http://localhost:80/verify/${certificate.id}`);
    expect(certificate.pdfUrl).toBe(`/api/consumers/me/certificates/${certificate.id}.pdf`);
    const second = (await issue(holder.cookie)).json();
    expect(second.id).not.toBe(certificate.id);
  });

  it('anyone may check it without signing in: valid, with the holder and the masked NIN', async () => {
    const response = await check(certificate.id);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id: certificate.id,
      valid: true,
      standing: 'clear',
      holder: {
        name: expect.stringContaining(clear[0].lastName.replace(/^./, (c) => c.toUpperCase())),
        maskedNationalId: expect.any(String),
      },
      algorithm: 'Ed25519',
    });
    expect(body.reason).toBeUndefined();
    expect(body.holder.maskedNationalId).toMatch(new RegExp(`^\\*+${clear[0].nationalId.slice(-4)}$`));
    expect(JSON.stringify(body)).not.toContain(clear[0].nationalId);
    // The lower-case id is the same certificate; the public key checks the signature offline.
    expect((await check(certificate.id.toLowerCase())).json().valid).toBe(true);
    const key = (await inject('GET', '/api/certificates/public-key')).json();
    expect(key).toMatchObject({ algorithm: 'Ed25519', keyId: body.keyId });
    const { verify } = await import('node:crypto');
    expect(verify(null, Buffer.from(body.signedPayload), createPublicKey(key.publicKeyPem), Buffer.from(body.signature, 'base64url'))).toBe(
      true,
    );
    expect(JSON.parse(body.signedPayload)).toEqual({
      id: certificate.id,
      holderName: body.holder.name,
      maskedNationalId: body.holder.maskedNationalId,
      standing: 'clear',
      issuedAt: body.issuedAt,
      keyId: body.keyId,
    });
  });

  it('the PDF opens and shows the name, the masked NIN, the standing and the verify link; its QR code is the verify link', async () => {
    const response = await inject('GET', certificate.pdfUrl, holder.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    pdf = response.rawPayload;
    const text = pdfText(pdf);
    const verified = (await check(certificate.id)).json();
    expect(text).toContain('Clearance certificate');
    expect(text).toContain(verified.holder.name);
    expect(text).toContain(verified.holder.maskedNationalId);
    expect(text).toMatch(/Standing\s+Clear/i);
    expect(text).toContain(certificate.verifyUrl);
    expect(text).toContain(verified.keyId);
    // The QR image in the PDF is the verify URL's code, pixel for pixel (the same options draw both).
    const dir = mkdtempSync(join(tmpdir(), 'ccsl-certificate-qr-'));
    writeFileSync(join(dir, 'c.pdf'), pdf);
    execFileSync('pdfimages', ['-png', join(dir, 'c.pdf'), join(dir, 'img')]);
    const [image] = readdirSync(dir).filter((f) => f.startsWith('img') && f.endsWith('.png'));
    const fromPdf = PNG.sync.read(readFileSync(join(dir, image)));
    const expected = PNG.sync.read(
      await QRCode.toBuffer(certificate.verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 4 }),
    );
    expect([fromPdf.width, fromPdf.height]).toEqual([expected.width, expected.height]);
    const dark = (png: PNG, i: number) => png.data[i * 4] < 128;
    let differing = 0;
    for (let i = 0; i < expected.width * expected.height; i++) if (dark(fromPdf, i) !== dark(expected, i)) differing++;
    expect(differing).toBe(0);
  });

  it('the PDF carries the signed payload: it checks; a PDF whose payload was edited does not', async () => {
    const key = createPublicKey((await inject('GET', '/api/certificates/public-key')).json().publicKeyPem);
    const good = verifyCertificatePdf(pdf, key);
    expect(good.valid).toBe(true);
    expect(good.payload).toMatchObject({ id: certificate.id, standing: 'clear' });
    const token = extractCertificateToken(pdf)!;
    const forged = JSON.stringify({ ...JSON.parse(token.signedPayload), holderName: 'Someone Else' });
    const encoded = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
    const tampered = Buffer.from(pdf.toString('latin1').replace(encoded(token.signedPayload), encoded(forged)), 'latin1');
    expect(tampered.equals(pdf)).toBe(false);
    expect(verifyCertificatePdf(tampered, key)).toMatchObject({
      valid: false,
      payload: expect.objectContaining({ holderName: 'Someone Else' }),
    });
  });

  it('a key rotation keeps earlier certificates valid through the retired public key; a key left out signs nothing valid', async () => {
    const before = (await inject('GET', '/api/certificates/public-key')).json();
    expect(before.retiredKeys).toEqual([]);
    const newKey = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    // The bureau after the rotation: a new signing key, the old key's public half kept (a one-line setting with \n).
    const rotated = await createTestApp({
      sharedDatabase: t.database,
      config: { certificateSigningKey: newKey, certificateRetiredPublicKeys: before.publicKeyPem.replace(/\n/g, '\\n') },
    });
    // A compromised key: rotated away and not kept.
    const withoutOld = await createTestApp({ sharedDatabase: t.database, config: { certificateSigningKey: newKey } });
    try {
      const published = (await rotated.app.inject({ method: 'GET', url: '/api/certificates/public-key' })).json();
      expect(published.keyId).not.toBe(before.keyId);
      expect(published.retiredKeys).toEqual([{ keyId: before.keyId, publicKeyPem: before.publicKeyPem }]);
      const old = (await rotated.app.inject({ method: 'GET', url: `/api/certificates/${certificate.id}` })).json();
      expect(old).toMatchObject({ valid: true, keyId: before.keyId });
      const dropped = (await withoutOld.app.inject({ method: 'GET', url: `/api/certificates/${certificate.id}` })).json();
      expect(dropped).toMatchObject({ valid: false, reason: 'signature_invalid' });
      // New certificates are signed with the new key and check against it, not against the old one.
      const person = await verifiedConsumer(t, clear[4]);
      const fresh = await rotated.app.inject({
        method: 'POST',
        url: '/api/consumers/me/certificates',
        headers: { cookie: person.cookie },
        payload: {},
      });
      expect(fresh.statusCode).toBe(201);
      const checked = (await rotated.app.inject({ method: 'GET', url: `/api/certificates/${fresh.json().id}` })).json();
      expect(checked).toMatchObject({ valid: true, keyId: published.keyId });
      expect((await check(fresh.json().id)).json()).toMatchObject({ valid: false, reason: 'signature_invalid' });
    } finally {
      await rotated.close();
      await withoutOld.close();
    }
  });

  it('an id with one character changed, or a malformed one, is 404 with a stable code (never a 500)', async () => {
    const last = certificate.id.at(-1) === 'A' ? 'B' : 'A';
    for (const id of [certificate.id.slice(0, -1) + last, 'not-an-id', '1', "x'%20OR%201=1", 'A'.repeat(60)]) {
      const response = await check(encodeURIComponent(id));
      expect(response.statusCode, id).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
  });

  it('a database insider who edits the standing (or the name) is caught: valid false, signature_invalid', async () => {
    const other = (await issue(holder.cookie)).json();
    await t.db.execute(sql`UPDATE clearance_certificates SET standing = 'settled' WHERE id = ${other.id}`);
    expect((await check(other.id)).json()).toMatchObject({ valid: false, reason: 'signature_invalid' });
    const third = (await issue(holder.cookie)).json();
    await t.db.execute(
      sql`UPDATE clearance_certificates SET holder_name = 'Forged Name', signed_payload = replace(signed_payload, holder_name, 'Forged Name') WHERE id = ${third.id}`,
    );
    expect((await check(third.id)).json()).toMatchObject({ valid: false, reason: 'signature_invalid' });
  });

  it('issuing is limited to 5 a day (429 RATE_LIMITED with Retry-After)', async () => {
    // Four issued above; the fifth passes, the sixth is refused.
    expect((await issue(holder.cookie)).statusCode).toBe(201);
    const refused = await issue(holder.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('issuing is in the person’s access log and audited', async () => {
    const log = (await inject('GET', '/api/consumers/me/access-log', holder.cookie)).json();
    const entry = log.entries.find((e: { kind: string }) => e.kind === 'certificate.issued');
    expect(entry).toMatchObject({ businessName: 'CreditCheck SL', description: 'Issued you a clearance certificate of your file' });
    const [audited] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM audit_events WHERE action = 'certificate.issued' AND target_id = ${certificate.id}`,
    );
    expect(Number(audited.n)).toBe(1);
  });

  it('a check by someone with the link is in the access log: once an hour for each address, not per reload', async () => {
    const checks = async () =>
      Number(
        (
          await queryRows<{ n: number }>(
            t.db,
            sql`SELECT count(*)::int AS n FROM audit_events WHERE action = 'certificate.checked' AND target_id = ${certificate.id}`,
          )
        )[0].n,
      );
    const logged = async () => {
      const log = (await inject('GET', '/api/consumers/me/access-log', holder.cookie)).json();
      return log.entries.filter((e: { kind: string }) => e.kind === 'certificate.checked');
    };
    // Earlier tests checked it several times from one address: one entry.
    expect(await checks()).toBe(1);
    const before = (await logged()).length;
    await check(certificate.id);
    expect(await checks()).toBe(1);
    const elsewhere = await t.app.inject({ method: 'GET', url: `/api/certificates/${certificate.id}`, remoteAddress: '10.20.30.40' });
    expect(elsewhere.statusCode).toBe(200);
    expect(await checks()).toBe(2);
    const entries = await logged();
    expect(entries).toHaveLength(before + 1);
    expect(entries[0]).toMatchObject({ accessor: 'link_holder', businessName: 'Someone with the link' });
    expect(entries[0].description).toMatch(/^Checked your clearance certificate/);
    // An unknown id leaves nothing behind.
    await check(`${certificate.id.slice(0, -1)}${certificate.id.endsWith('A') ? 'B' : 'A'}`);
    expect(await checks()).toBe(2);
  });

  it('the list shows each certificate, valid or not', async () => {
    const list = (await inject('GET', '/api/consumers/me/certificates', holder.cookie)).json().certificates;
    expect(list.length).toBe(5);
    expect(list.find((c: { id: string }) => c.id === certificate.id)).toMatchObject({
      valid: true,
      revokedAt: null,
      pdfUrl: certificate.pdfUrl,
    });
    expect(list.filter((c: { reason?: string }) => c.reason === 'signature_invalid').length).toBe(2);
  });

  it('another consumer cannot download or revoke it (404), nor see it in their list', async () => {
    const stranger = await verifiedConsumer(t, clear[1]);
    expect((await inject('GET', certificate.pdfUrl, stranger.cookie)).statusCode).toBe(404);
    const revoke = await inject('POST', `/api/consumers/me/certificates/${certificate.id}/revoke`, stranger.cookie);
    expect(revoke.statusCode).toBe(404);
    expect(revoke.json().code).toBe('NOT_FOUND');
    expect((await inject('GET', '/api/consumers/me/certificates', stranger.cookie)).json().certificates).toEqual([]);
    expect((await check(certificate.id)).json().valid).toBe(true);
  });

  it('a business, staff or a visitor is refused on the consumer routes', async () => {
    const business = await logInAs(t.app, 'business');
    const admin = await logInAs(t.app, 'system_admin');
    for (const [method, url] of [
      ['POST', '/api/consumers/me/certificates'],
      ['GET', '/api/consumers/me/certificates'],
      ['GET', certificate.pdfUrl],
      ['POST', `/api/consumers/me/certificates/${certificate.id}/revoke`],
    ] as const) {
      expect((await inject(method, url)).statusCode, url).toBe(401);
      expect((await inject(method, url, business)).statusCode, url).toBe(403);
      expect((await inject(method, url, admin)).statusCode, url).toBe(403);
    }
  });

  it('the file changes for the worse (a lender reports a default): valid false, file_changed', async () => {
    const business = await logInAs(t.app, 'business');
    const person = clear[0];
    const phone = (
      await queryRows<{ phone: string }>(
        t.db,
        sql`SELECT phone FROM credit_subject_phones WHERE subject_id = ${person.subjectId}::uuid LIMIT 1`,
      )
    )[0].phone;
    const reported = await t.app.inject({
      method: 'POST',
      url: '/api/credit/accounts',
      headers: { cookie: business },
      payload: accountReport({
        subject: {
          nationalId: person.nationalId,
          firstName: person.firstName,
          middleName: undefined,
          lastName: person.lastName,
          dateOfBirth: person.dateOfBirth,
          phone,
        },
        account: {
          accountNumber: `CERT-DEFAULT-${process.pid}`,
          status: 'default',
          defaultAmount: '5000.00',
          defaultDate: new Date().toISOString().slice(0, 10),
          paymentHistory: 'D3210',
        },
      }),
    });
    expect(reported.statusCode, reported.body).toBeLessThan(300);
    expect((await check(certificate.id)).json()).toMatchObject({ valid: false, reason: 'file_changed' });
  });
});

describe('refusals and the person’s own choices', () => {
  it('refused while an account is in default: 409 FILE_IN_DEFAULT in plain words, nothing stored', async () => {
    const person = await verifiedConsumer(t, defaulter);
    const response = await issue(person.cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('FILE_IN_DEFAULT');
    expect(response.json().message).toMatch(/cannot be issued while an account on your file is in default/);
    expect((await inject('GET', '/api/consumers/me/certificates', person.cookie)).json().certificates).toEqual([]);
  });

  it('revoked by the person: valid false, reason revoked; in their access log', async () => {
    const person = await verifiedConsumer(t, clear[2]);
    const { id } = (await issue(person.cookie)).json();
    const revoked = await inject('POST', `/api/consumers/me/certificates/${id}/revoke`, person.cookie);
    expect(revoked.statusCode).toBe(200);
    expect((await check(id)).json()).toMatchObject({ valid: false, reason: 'revoked' });
    const log = (await inject('GET', '/api/consumers/me/access-log', person.cookie)).json();
    expect(log.entries.map((e: { kind: string }) => e.kind)).toContain('certificate.revoked');
  });

  it('not before the identity is confirmed (403 IDENTITY_NOT_VERIFIED); then a Krio speaker’s PDF is in Krio', async () => {
    const person = await registerAndSignIn(t, { nationalId: clear[3].nationalId, dateOfBirth: clear[3].dateOfBirth });
    const refused = await issue(person.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('IDENTITY_NOT_VERIFIED');
    await confirmIdentity(t, person.cookie);
    const cookie = person.cookie;
    const language = await t.app.inject({
      method: 'PUT',
      url: '/api/consumers/me/language',
      headers: { cookie },
      payload: { language: 'kri' },
    });
    expect(language.statusCode).toBe(200);
    const issued = await issue(cookie);
    expect(issued.statusCode).toBe(201);
    const text = pdfText((await inject('GET', issued.json().pdfUrl, cookie)).rawPayload);
    expect(text).toContain('Klians satifiket');
    expect(text).toContain('Aw di fayl tan'.toUpperCase());
    expect(text).toContain('Klin');
    expect(text).toContain('Aw fo chek dis satifiket');
    expect(text).not.toContain('Clearance certificate');
  });
});
