import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendAndApplyFile } from '../../helpers/submissions';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { accountReport, createBusiness } from './credit-fixtures';

// Issue 22: a round reads phones, addresses and identifiers only of the candidates whose names can
// count (submissions/candidate-sketches.ts). A candidate whose names cannot make it worth a review
// can still stand within the margin of a probable link, and then it must be read after all
// (candidate-decision.ts): these files decide as scoring every candidate whole does.

let t: TestApp;
let lender: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp({ config: { runSubmissionWorker: false } });
  lender = await createBusiness(t);
});
afterAll(() => t.close());

const tag = `${process.pid % 100_000}`;
const BORN = '1963-09-15';
const person = (n: string, subject: Record<string, unknown>) =>
  accountReport({
    subject: { nationalId: `SK${tag}${n}`, middleName: undefined, lastName: 'Kamara', ...subject },
    account: { accountNumber: `SK-${tag}-${n}` },
  });

async function sendAndApply(rows: unknown[]) {
  const { status, timings } = await sendAndApplyFile(t, lender.cookie, rows);
  return { matches: status.matches, timings };
}

describe('candidates read by their names first', () => {
  it('reads a namesake whose names alone leave it within the margin of a probable link, and lets it stop the link', async () => {
    // The person (born a day earlier, one spelling apart) and a namesake born the row's day with
    // another first name: no phone or address makes him worth a review, but with the row's phone
    // and address line he scores within the margin of the person.
    const registry = [
      person('T', {
        firstName: 'Mohammed',
        dateOfBirth: '1963-09-14',
        phone: '+232 76 510 001',
        address: { line: '3 Pa Demba Road, Freetown', district: 'Western Area Urban' },
      }),
      person('S', {
        firstName: 'Fatmata',
        dateOfBirth: BORN,
        phone: '+232 76 510 002',
        address: { line: '9 Wilkinson Road, Freetown', district: 'Western Area Urban' },
      }),
    ];
    expect((await sendAndApply(registry)).matches).toMatchObject({ new: 2 });

    const row = (n: string, phone: string, line: string) =>
      accountReport({
        subject: {
          nationalId: undefined,
          passportNumber: `PSK${tag}${n}`,
          firstName: 'Mohamed',
          middleName: undefined,
          lastName: 'Kamara',
          dateOfBirth: BORN,
          phone,
          address: { line, district: 'Western Area Urban' },
        },
        account: { accountNumber: `SK-${tag}-row-${n}` },
      });
    // At the person's phone: the namesakes are far behind; linked.
    const linked = await sendAndApply([row('1', '+232 76 510 001', '3 Pa Demba Road, Freetown')]);
    expect(linked.matches).toEqual({ exact: 0, probable: 1, new: 0, review: 0 });
    expect(linked.timings['count candidates sketched']).toBeGreaterThanOrEqual(1);
    expect(linked.timings['count candidates completed late']).toBeGreaterThanOrEqual(1);
  });

  it('keeps the row from the link when that namesake, read, stands within the margin (a family phone and his address)', async () => {
    const home = { line: '21 Circular Road, Bo', district: 'Bo' };
    await sendAndApply([
      person('T2', {
        firstName: 'Mohammed',
        dateOfBirth: '1971-05-21',
        phone: '+232 76 520 001',
        address: { line: '5 Dambara Road, Bo', district: 'Bo' },
      }),
      person('S2', { firstName: 'Fatmata', dateOfBirth: '1971-05-22', phone: '+232 76 520 001', address: home }),
    ]);
    const result = await sendAndApply([
      accountReport({
        subject: {
          nationalId: undefined,
          passportNumber: `PSK${tag}2`,
          firstName: 'Mohamed',
          middleName: undefined,
          lastName: 'Kamara',
          dateOfBirth: '1971-05-22',
          phone: '+232 76 520 001',
          address: home,
        },
        account: { accountNumber: `SK-${tag}-row-2` },
      }),
    ]);
    // Scored whole, the namesake is 0.04 behind the person: not clearly ahead, so a reviewer decides.
    expect(result.matches).toEqual({ exact: 0, probable: 0, new: 0, review: 1 });
    expect(result.timings['count candidates completed late']).toBeGreaterThanOrEqual(1);
  });

  it('takes a sketched namesake whole when an earlier row of the round brings him a new phone', async () => {
    await sendAndApply([person('S3', { firstName: 'Fatmata', dateOfBirth: '1958-11-30', phone: '+232 76 530 001' })]);
    const result = await sendAndApply([
      // His own NIN and name with a new phone: his, and his identity (names, phones, addresses) is read with the row's facts.
      accountReport({
        subject: {
          nationalId: `SK${tag}S3`,
          firstName: 'Fatmata',
          middleName: undefined,
          lastName: 'Kamara',
          dateOfBirth: '1958-11-30',
          phone: '+232 76 530 002',
        },
        account: { accountNumber: `SK-${tag}-row-3a` },
      }),
      // Another first name, the same surname and birth date: he is only a sketched candidate here.
      accountReport({
        subject: {
          nationalId: undefined,
          passportNumber: `PSK${tag}3`,
          firstName: 'Ibrahim',
          middleName: undefined,
          lastName: 'Kamara',
          dateOfBirth: '1958-11-30',
          phone: '+232 76 530 009',
        },
        account: { accountNumber: `SK-${tag}-row-3b` },
      }),
    ]);
    expect(result.matches).toEqual({ exact: 1, probable: 0, new: 1, review: 0 });
    expect(result.timings['count candidates sketched']).toBeGreaterThanOrEqual(1);
  });
});
