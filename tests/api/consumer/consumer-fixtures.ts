import { sql } from 'drizzle-orm';
import { queryRows } from '../../../src/server/db/query';
import { consumerPayload } from '../../helpers/fixtures';
import { logInAs, type TestApp } from '../../helpers/test-app';

export interface RegistryPerson {
  subjectId: string;
  nationalId: string;
  dateOfBirth: string;
  firstName: string;
  lastName: string;
  phones: string[];
}

/** A person of the seeded registry with a NIN, a birth date and a phone, no consumer account, with accounts. */
export async function registryPeople(t: TestApp, count: number): Promise<RegistryPerson[]> {
  const rows = await queryRows<{
    subject_id: string;
    value: string;
    date_of_birth: string;
    first_name: string;
    last_name: string;
    phones: string[] | string;
  }>(
    t.db,
    sql`SELECT i.subject_id, i.value, s.date_of_birth::text AS date_of_birth, s.first_name, s.last_name,
          (SELECT array_agg(phone ORDER BY phone) FROM credit_subject_phones p WHERE p.subject_id = s.id) AS phones
        FROM credit_subject_identifiers i JOIN credit_subjects s ON s.id = i.subject_id
        WHERE i.type = 'nin' AND s.date_of_birth IS NOT NULL AND i.value <> 'DEMO0001'
          AND EXISTS (SELECT 1 FROM credit_subject_phones p WHERE p.subject_id = s.id)
          AND EXISTS (SELECT 1 FROM credit_accounts a WHERE a.subject_id = s.id)
          AND NOT EXISTS (SELECT 1 FROM consumer_profiles cp WHERE cp.national_id = i.value)
        ORDER BY i.value LIMIT ${count}`,
  );
  // Their phones have been on file for more than a year, as a seeded registry's would be: a phone
  // is trusted for identity codes only after PHONE_TRUST_DAYS on file or once two lenders reported
  // it (decisions/021), and the seed writes every phone with today's date.
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
    phones: typeof r.phones === 'string' ? r.phones.replace(/[{}]/g, '').split(',') : r.phones,
  }));
}

let phoneCounter = 0;
/** A phone no one registered: +232 77 9xx xxx. */
export function freshPhone(): string {
  phoneCounter++;
  return `+23277${String(900000 + ((process.pid * 37 + phoneCounter) % 99999)).padStart(6, '0')}`;
}

/** Registers a consumer through the API and signs them in. */
export async function registerAndSignIn(
  t: TestApp,
  input: { nationalId: string; dateOfBirth: string; phone?: string },
): Promise<{ id: string; cookie: string; phone: string }> {
  const phone = input.phone ?? freshPhone();
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/consumers/register',
    payload: consumerPayload({
      nationalId: input.nationalId,
      dateOfBirth: input.dateOfBirth,
      phone,
      password: 'Str0ng-pass-1',
      confirmPassword: 'Str0ng-pass-1',
    }),
  });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const cookie = await logInAs(t.app, 'consumer', phone, 'Str0ng-pass-1');
  return { id: response.json().id as string, cookie, phone };
}

/**
 * The people's phones have been on file for 400 days, so they are trusted for identity codes
 * (decisions/021: after PHONE_TRUST_DAYS, or once two lenders reported them).
 */
export async function datePhonesBack(t: TestApp, subjectIds: string[]): Promise<void> {
  if (subjectIds.length === 0) return;
  await t.db.execute(
    sql`UPDATE credit_subject_phones SET first_reported_at = now() - interval '400 days' WHERE subject_id IN (${sql.join(
      subjectIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
}

/**
 * The identity code last sent to this phone (the sandbox outbox). By purpose: the alert to the
 * sign-in phone and the notices to the file's other phones are written in the same transaction,
 * with the same timestamp.
 */
export async function lastCodeSentTo(t: TestApp, phone: string): Promise<string> {
  const [row] = await queryRows<{ body: string }>(
    t.db,
    sql`SELECT body FROM sms_outbox WHERE to_phone = ${phone} AND purpose = 'identity_code' ORDER BY created_at DESC LIMIT 1`,
  );
  const code = row?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was sent to ${phone}`);
  return code;
}

/** Sends a code to the file's first phone and confirms it. */
export async function confirmIdentity(t: TestApp, cookie: string): Promise<void> {
  const status = (await t.app.inject({ method: 'GET', url: '/api/consumers/me/identity', headers: { cookie } })).json();
  const phoneId = status.phones[0].phoneId as string;
  const sent = await t.app.inject({ method: 'POST', url: '/api/consumers/me/identity/code', headers: { cookie }, payload: { phoneId } });
  if (sent.statusCode !== 200) throw new Error(`code not sent: ${sent.statusCode} ${sent.body}`);
  const [row] = await queryRows<{ to_phone: string }>(
    t.db,
    sql`SELECT to_phone FROM sms_outbox WHERE purpose = 'identity_code' ORDER BY created_at DESC LIMIT 1`,
  );
  const code = await lastCodeSentTo(t, row.to_phone);
  const verified = await t.app.inject({ method: 'POST', url: '/api/consumers/me/identity/verify', headers: { cookie }, payload: { code } });
  if (verified.statusCode !== 200) throw new Error(`not verified: ${verified.statusCode} ${verified.body}`);
}

/** A verified consumer holding the file of a registry person. */
export async function verifiedConsumer(t: TestApp, person: RegistryPerson) {
  const account = await registerAndSignIn(t, { nationalId: person.nationalId, dateOfBirth: person.dateOfBirth });
  await confirmIdentity(t, account.cookie);
  return account;
}
