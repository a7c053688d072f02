import { sql } from 'drizzle-orm';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/query';
import { createTestApp, logInAs, type TestApp } from '../helpers/test-app';
import { createBusiness } from './credit/credit-fixtures';
import { readablePdf } from '../helpers/documents';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const pdf = (text: string) => readablePdf(text);
const upload = (cookie: string, kind: string, fileName: string, data: Buffer) =>
  t.app.inject({
    method: 'POST',
    url: `/api/businesses/me/documents?kind=${kind}&fileName=${encodeURIComponent(fileName)}`,
    headers: { cookie, 'content-type': 'application/pdf' },
    payload: data,
  });
const call = (method: 'GET' | 'DELETE', url: string, cookie: string) => t.app.inject({ method, url, headers: { cookie } });

/** A team member of the business, signed in. */
async function memberOf(ownerCookie: string, name: string): Promise<{ userId: string; cookie: string }> {
  const username = `docs-member-${process.pid}-${name}`;
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/businesses/me/team',
    headers: { cookie: ownerCookie },
    payload: {
      fullName: `Member ${name}`,
      position: 'Compliance officer',
      username,
      email: `${username}@lender.sl`,
      password: 'Member-pass-1',
      confirmPassword: 'Member-pass-1',
    },
  });
  expect(added.statusCode, added.body).toBe(201);
  return { userId: added.json().userId as string, cookie: await logInAs(t.app, 'business', username, 'Member-pass-1') };
}

describe('registration documents of a business with a team', () => {
  it("lets a team member see, download, upload and remove their business's documents, never another business's", async () => {
    const business = await createBusiness(t, { verificationStatus: 'pending' });
    const other = await createBusiness(t, { verificationStatus: 'pending' });
    const ownersDocument = (await upload(business.cookie, 'registration', 'certificate.pdf', pdf('owner'))).json();
    const othersDocument = (await upload(other.cookie, 'registration', 'other.pdf', pdf('other'))).json();
    const member = await memberOf(business.cookie, 'a');

    const list = await call('GET', '/api/businesses/me/documents', member.cookie);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({
      verificationStatus: 'pending',
      documents: [{ id: ownersDocument.id, fileName: 'certificate.pdf' }],
    });
    const download = await call('GET', `/api/businesses/me/documents/${ownersDocument.id}`, member.cookie);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf('owner'))).toBe(true);

    // Another business's document is not found, whoever of this business asks.
    expect((await call('GET', `/api/businesses/me/documents/${othersDocument.id}`, member.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/businesses/me/documents/${othersDocument.id}`, member.cookie)).statusCode).toBe(404);
    expect(
      (await call('GET', '/api/businesses/me/documents', member.cookie)).json().documents.map((d: { id: string }) => d.id),
    ).not.toContain(othersDocument.id);

    // What the member uploads is the business's, and the owner sees it; the audit names the member.
    const byMember = await upload(member.cookie, 'tax', 'tin.pdf', pdf('member'));
    expect(byMember.statusCode, byMember.body).toBe(201);
    const ownerList = (await call('GET', '/api/businesses/me/documents', business.cookie)).json();
    expect(ownerList.documents.map((d: { id: string }) => d.id).sort()).toEqual([ownersDocument.id, byMember.json().id].sort());
    const [audit] = await queryRows<{ business_id: string; actor_user_id: string }>(
      t.db,
      sql`SELECT business_id, actor_user_id FROM audit_events WHERE action = 'business.document_uploaded' AND target_id = ${byMember.json().id}`,
    );
    expect(audit).toEqual({ business_id: business.id, actor_user_id: member.userId });
    expect((await call('GET', '/api/businesses/me/documents', other.cookie)).json().documents.map((d: { id: string }) => d.id)).toEqual([
      othersDocument.id,
    ]);

    expect((await call('DELETE', `/api/businesses/me/documents/${byMember.json().id}`, member.cookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/businesses/me/documents', business.cookie)).json().documents).toHaveLength(1);
  });
});

describe('a document must open', () => {
  it('refuses a 14-byte fake PDF, a PDF without pages, a cut PNG and a JPEG that does not decode, naming the file field; a real PNG and JPEG pass', async () => {
    const business = await createBusiness(t, { verificationStatus: 'pending' });
    const fakes: [string, Buffer][] = [
      ['fake.pdf', Buffer.from('%PDF-1.4\n%%EOF')],
      ['no-pages.pdf', Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')],
      ['cut.png', PNG.sync.write(new PNG({ width: 4, height: 4 })).subarray(0, 40)],
      ['broken.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00])],
    ];
    for (const [name, data] of fakes) {
      const refused = await upload(business.cookie, 'registration', name, data);
      expect({ name, status: refused.statusCode }).toEqual({ name, status: 400 });
      expect(refused.json().errors).toEqual([
        { field: 'file', message: expect.stringMatching(/^This file is not a readable (PDF|PNG image|JPEG image)/) },
      ]);
    }
    expect((await call('GET', '/api/businesses/me/documents', business.cookie)).json().documents).toHaveLength(0);

    const png = PNG.sync.write(new PNG({ width: 4, height: 4 }));
    const jpg = jpeg.encode({ data: Buffer.alloc(4 * 4 * 4, 200), width: 4, height: 4 }, 80).data;
    expect((await upload(business.cookie, 'registration', 'scan.png', png)).statusCode).toBe(201);
    expect((await upload(business.cookie, 'tax', 'photo.jpg', jpg)).statusCode).toBe(201);
  });
});
