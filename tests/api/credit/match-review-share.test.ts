// Identity review a bureau can staff (docs/matching.md, decision 006): a record goes to a reviewer
// only when the evidence leaves a real question. What the evidence settles is settled: another
// first name, or a name and birth date with another phone and another address, make a new person;
// a person with no birth date on file is linked by the same name, phone and address. What it
// does not settle still goes to a reviewer, and nothing is merged on a name and birth date alone.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/server/db/query';
import { createTestApp, logInAs, type TestApp } from '../../helpers/test-app';
import { accountReport } from './credit-fixtures';

let t: TestApp;
let business: string;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp();
  business = await logInAs(t.app, 'business');
});
afterAll(() => t.close());

interface Person {
  nationalId?: string;
  passportNumber?: string;
  firstName: string;
  lastName: string;
  dateOfBirth?: string;
  phone: string;
  line: string;
  district: string;
}

/** Reports one account for the person as described (no middle name); answers the match and the person. */
async function reportAs(p: Person): Promise<{ match: string; subjectId: string; accountNumber: string }> {
  const accountNumber = `SHARE-${++serial}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/credit/accounts',
    headers: { cookie: business },
    payload: accountReport({
      subject: {
        nationalId: p.nationalId,
        passportNumber: p.passportNumber,
        firstName: p.firstName,
        middleName: undefined,
        lastName: p.lastName,
        dateOfBirth: p.dateOfBirth,
        phone: p.phone,
        address: { line: p.line, district: p.district },
      },
      account: { accountNumber },
    }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...res.json(), accountNumber };
}

async function reviewsOf(accountNumber: string): Promise<string[]> {
  const rows = await queryRows<{ reason: string }>(
    t.db,
    sql`SELECT r.reason FROM credit_match_reviews r JOIN credit_accounts a ON a.id = r.account_id WHERE a.account_number = ${accountNumber}`,
  );
  return rows.map((r) => r.reason);
}

// Names no demo person carries, one family per test.
const on = (first: string, last: string, extra: Partial<Person> = {}): Person => ({
  firstName: first,
  lastName: last,
  dateOfBirth: '1987-03-14',
  phone: `+2327${String(6_000_000 + ++serial).padStart(7, '0')}`,
  line: '12 Wallace Johnson Street, Makeni',
  district: 'Bombali',
  ...extra,
});

describe('settled without a reviewer', () => {
  it('makes a new person of someone sharing only a surname and a birth date (another first name)', async () => {
    const known = await reportAs(on('Tamba', 'Lebbie', { nationalId: 'SHR0000001' }));
    const other = await reportAs(
      on('Christiana', 'Lebbie', { passportNumber: 'SHRP000001', line: '4 Hill Station Road, Kenema', district: 'Kenema' }),
    );
    expect(other.match).toBe('new');
    expect(other.subjectId).not.toBe(known.subjectId);
    expect(await reviewsOf(other.accountNumber)).toEqual([]);
  });

  it('makes a new person of a namesake born the same day with another phone and another address', async () => {
    const known = await reportAs(on('Sahr', 'Gbondo', { nationalId: 'SHR0000002' }));
    const namesake = await reportAs(
      on('Sahr', 'Gbondo', { passportNumber: 'SHRP000002', line: '88 Dama Road, Kailahun', district: 'Kailahun' }),
    );
    expect(namesake.match).toBe('new');
    expect(namesake.subjectId).not.toBe(known.subjectId);
    expect(await reviewsOf(namesake.accountNumber)).toEqual([]);
  });

  it('makes a new person of a namesake holding another NIN, with another phone, in the same street', async () => {
    const known = await reportAs(on('Finda', 'Tengbeh', { nationalId: 'SHR0000003' }));
    const namesake = await reportAs(on('Finda', 'Tengbeh', { nationalId: 'SHR0000004', line: '57 Wallace Johnson Street, Makeni' }));
    expect(namesake.match).toBe('new');
    expect(namesake.subjectId).not.toBe(known.subjectId);
    expect(await reviewsOf(namesake.accountNumber)).toEqual([]);
  });

  it('links a person with no birth date on file by the same name, phone and address', async () => {
    const first = on('Bockarie', 'Swaray', { nationalId: 'SHR0000005', dateOfBirth: undefined });
    const known = await reportAs(first);
    const again = await reportAs({ ...first, nationalId: undefined, passportNumber: 'SHRP000005' });
    expect(again.match).toBe('probable');
    expect(again.subjectId).toBe(known.subjectId);
    expect(await reviewsOf(again.accountNumber)).toEqual([]);
  });
});

describe('still asked of a reviewer, never merged alone', () => {
  it('queues the same name and birth date at the same address with a new phone', async () => {
    const person = on('Musu', 'Kpaka', { nationalId: 'SHR0000006' });
    const known = await reportAs(person);
    const movedPhone = await reportAs({ ...person, nationalId: undefined, passportNumber: 'SHRP000006', phone: '+23278999001' });
    expect(movedPhone.match).toBe('review');
    expect(movedPhone.subjectId).not.toBe(known.subjectId);
    expect(await reviewsOf(movedPhone.accountNumber)).toEqual(['uncertain_candidate']);
  });

  it('does not link a person with no birth date by name and phone when the address differs', async () => {
    const first = on('Jusu', 'Mattia', { nationalId: 'SHR0000007', dateOfBirth: undefined });
    const known = await reportAs(first);
    const elsewhere = await reportAs({
      ...first,
      nationalId: undefined,
      passportNumber: 'SHRP000007',
      line: '3 Blama Road, Kenema',
      district: 'Kenema',
    });
    expect(elsewhere.match).toBe('review');
    expect(elsewhere.subjectId).not.toBe(known.subjectId);
  });

  it('queues a relative on the family phone with a close name and another birth date, never linking them', async () => {
    const person = on('Komba', 'Sandi', { nationalId: 'SHR0000008' });
    const known = await reportAs(person);
    const relative = await reportAs({ ...person, nationalId: 'SHR0000009', firstName: 'Kombah', dateOfBirth: '2006-09-30' });
    expect(relative.match).not.toBe('probable');
    expect(relative.subjectId).not.toBe(known.subjectId);
  });
});
