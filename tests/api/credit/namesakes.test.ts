import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAMESAKES_SCORED } from '../../../src/server/modules/submissions/namesake-limit';
import { sendAndApplyFile } from '../../helpers/submissions';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { accountReport, createBusiness } from './credit-fixtures';

// Issue 22: a file whose rows all share one name and birth date, each with a NIN of its own (a
// lender's export with a default birth date, or a hostile one), must not cost more per row as the
// namesakes on file grow. Counted, not timed: the candidates each row is scored against. Before
// decisions/052 every row was scored against every namesake of its round before it and the first
// 200 of the registry's, so the count per row grew with the file.

let t: TestApp;
let lender: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp({ config: { runSubmissionWorker: false } });
  lender = await createBusiness(t);
});
afterAll(() => t.close());

const tag = `${process.pid % 100_000}`;
/** A street name of its own for each row (numbered streets would be the same line to the matcher). */
const street = (n: number) =>
  Array.from({ length: 6 }, (_, k) => String.fromCharCode(97 + (Math.floor((n * 7_919 + 13) / 26 ** k) % 26))).join('');
const namesake = (file: string, i: number, phone = `+232 77 ${file === 'A' ? 1 : 2}${String(i).padStart(5, '0')}`) =>
  accountReport({
    subject: {
      nationalId: `NS${tag}${file}${i}`,
      firstName: 'Isatu',
      middleName: undefined,
      lastName: 'Bangura',
      dateOfBirth: '1971-03-03',
      phone,
      address: { line: `${street(i + (file === 'A' ? 0 : 1_000))} Lane, Bo`, district: 'Bo' },
    },
    account: { accountNumber: `NS-${tag}-${file}-${i}` },
  });

/** Sends the rows as one file and applies it in rounds of 150 rows; the file's status and the candidates scored. */
async function sendAndApply(rows: unknown[]) {
  const { status, timings } = await sendAndApplyFile(t, lender.cookie, rows, { chunkSize: 150 });
  return { status, scored: timings['count candidates scored'] ?? 0 };
}

describe('a file of namesakes, each with a NIN of its own', () => {
  it('scores each row against a bounded number of namesakes, however many are on file, and decides as before', async () => {
    const first = await sendAndApply(Array.from({ length: 200 }, (_, i) => namesake('A', i)));
    expect(first.status.matches).toEqual({ exact: 0, probable: 0, new: 200, review: 0 });

    // 600 more namesakes, then two rows with a NIN of their own at the phone of a namesake past the
    // limit: one of this file (found in the round), one of the first (found in the registry).
    // A different NIN and the same phone, name and birth date is a question for a reviewer, as before.
    const rows = Array.from({ length: 600 }, (_, i) => namesake('B', i));
    rows.push(namesake('B', 600, `+232 77 2${String(450).padStart(5, '0')}`));
    rows.push(namesake('B', 601, `+232 77 1${String(180).padStart(5, '0')}`));
    const second = await sendAndApply(rows);
    expect(second.status.matches).toEqual({ exact: 0, probable: 0, new: 600, review: 2 });
    // At most NAMESAKES_SCORED from the registry and as many from the round, plus those at the
    // row's phone: before the limit this file scored over 200 a row, and more the longer the file.
    expect(second.scored / rows.length).toBeLessThanOrEqual(2 * NAMESAKES_SCORED + 2);
    expect(second.scored / rows.length).toBeGreaterThan(NAMESAKES_SCORED / 2);
  });
});
