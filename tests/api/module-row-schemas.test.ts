// Issue 16: the modules' raw SQL reads parse each row with one zod schema (queryParsedRows). These
// schemas must take what either driver gives: pg answers bigint (counts, WITH ORDINALITY, money) as
// text and timestamps as Date, PGlite numbers, and json may arrive as its text.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../../src/server/db/client';
import {
  creditSubjectAddresses,
  creditSubjectIdentifiers,
  creditSubjectNames,
  creditSubjectPhones,
  creditSubjects,
} from '../../src/server/db/schema/index';
import { jsonColumnOf, queryParsedRows } from '../../src/server/db/query';
import { ZWithdrawnConsent } from '../../src/server/modules/credit-file/withdrawn-consent';
import { ZAccountRow } from '../../src/server/modules/disputes/dispute-account';
import { computeNameCodes, findKnownFacts } from '../../src/server/modules/matching/candidates';
import { loadContacts, loadIdentifiers, loadIdentities } from '../../src/server/modules/matching/identities';
import { readScoringInputs, ZScoringInputsRow } from '../../src/server/modules/scoring/queries';
import { openTestDatabase } from '../helpers/test-database';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase('seeded');
});
afterAll(() => handle.close());

describe('row schemas of the modules', () => {
  it('a disputed account takes money as pg text or as a number (PGlite, json)', () => {
    const row = {
      id: 'a',
      business_id: 'b',
      subject_id: 's',
      lender: 'Lender',
      account_number: 'LN-1',
      type: 'personal_loan',
      type_name: 'Personal loan',
      currency: 'SLE',
      status: 'current',
      status_name: 'Current',
      default_date: null,
      payment_history: '000',
      opened_at: '2025-01-01',
    };
    expect(ZAccountRow.parse({ ...row, principal: '150000', balance: '92550', default_amount: null }).principal).toBe('150000');
    expect(ZAccountRow.parse({ ...row, principal: 150000, balance: 92550, default_amount: 100 }).default_amount).toBe(100);
    expect(ZAccountRow.safeParse({ ...row, principal: null, balance: 1, default_amount: null }).success).toBe(false);
  });

  it('the withdrawn-consent json is read from json or its text; the scoring columns must be json arrays', () => {
    const withdrawn = { consent_id: 'c', revoked_at: '2026-01-02T03:04:05+00:00', purpose: 'credit_application' };
    const column = jsonColumnOf(ZWithdrawnConsent.nullable());
    expect(column.parse(JSON.stringify(withdrawn))).toEqual(withdrawn);
    expect(column.parse(withdrawn)).toEqual(withdrawn);
    expect(column.parse(null)).toBeNull();
    expect(ZScoringInputsRow.safeParse({ scoring_accounts: '[]', scoring_inquiries: [] }).success).toBe(true);
    expect(ZScoringInputsRow.safeParse({ scoring_accounts: {}, scoring_inquiries: [] }).success).toBe(false);
  });

  it('the matcher look-ups and the scoring read parse real rows on this engine', async () => {
    const [person] = await queryParsedRows(
      handle.db,
      z.object({ id: z.string(), first_name: z.string(), last_name: z.string() }),
      sql`SELECT s.id, s.first_name, s.last_name FROM credit_subjects s
          WHERE EXISTS (SELECT 1 FROM credit_accounts a WHERE a.subject_id = s.id) ORDER BY s.id LIMIT 1`,
    );
    expect(person).toBeDefined();
    // Ordinals (bigint: text on pg) come back as the position of each name.
    const codes = await computeNameCodes(handle.db, [
      { first: `${person!.first_name.toUpperCase()}ZQX`, last: `${person!.last_name.toUpperCase()}ZQY` },
      { first: 'FATMATA', last: 'KOROMA' },
    ]);
    expect(codes).toHaveLength(2);
    expect(codes[1]!.firstCode.length).toBeGreaterThan(0);
    const identities = await loadIdentities(handle.db, [person!.id]);
    expect(identities.get(person!.id)?.names.length).toBeGreaterThan(0);
    const [facts] = await findKnownFacts(handle.db, [
      { subjectId: person!.id, first: 'NOBODY', middle: '', last: 'ATALL', dob: null, phone: null, addressLine: 'Nowhere' },
    ]);
    expect(facts).toMatchObject({ name: false, phone: true, addressLine: false });
    const inputs = await readScoringInputs(handle.db, person!.id, new Date());
    expect(inputs.accounts.length).toBeGreaterThan(0);
    expect(typeof inputs.accounts[0]!.principal).toBe('number');
  });
  it('a batch of people is read whole: every name, phone, address and identifier of each, nothing for what is not on file', async () => {
    const [a, b] = await handle.db
      .insert(creditSubjects)
      .values([
        { firstName: 'Zainab', lastName: 'Conteh' },
        { firstName: 'Alhaji', lastName: 'Bangura' },
      ])
      .returning({ id: creditSubjects.id });
    await handle.db.insert(creditSubjectNames).values([
      { subjectId: a!.id, firstName: 'zainab', middleName: 'i', lastName: 'conteh', dateOfBirth: '1990-02-03' },
      { subjectId: a!.id, firstName: 'zainab', middleName: '', lastName: 'conteh', dateOfBirth: null },
      { subjectId: b!.id, firstName: 'alhaji', middleName: '', lastName: 'bangura', dateOfBirth: '1975-12-31' },
    ]);
    await handle.db.insert(creditSubjectPhones).values([
      { subjectId: a!.id, phone: '+23276000001' },
      { subjectId: a!.id, phone: '+23277000002' },
    ]);
    await handle.db.insert(creditSubjectAddresses).values({ subjectId: a!.id, line: '12 "Old" Road, Freetown' });
    await handle.db.insert(creditSubjectIdentifiers).values([
      { subjectId: a!.id, type: 'nin', value: 'ZC900203X' },
      { subjectId: a!.id, type: 'passport', value: 'P1234567' },
    ]);
    const people = await loadIdentities(handle.db, [b!.id, a!.id, a!.id]);
    const zainab = people.get(a!.id)!;
    expect(zainab.names).toHaveLength(2);
    expect(zainab.names).toEqual(
      expect.arrayContaining([
        { first: 'zainab', middle: '', last: 'conteh', dob: null, firstCode: 'SNP', lastCode: 'KNT' },
        { first: 'zainab', middle: 'i', last: 'conteh', dob: '1990-02-03', firstCode: 'SNP', lastCode: 'KNT' },
      ]),
    );
    expect(zainab.phones).toEqual(new Set(['+23276000001', '+23277000002']));
    expect(zainab.addresses).toEqual(new Set(['12 "Old" Road, Freetown']));
    expect(zainab.identifiers).toEqual(
      new Map([
        ['nin', new Set(['ZC900203X'])],
        ['passport', new Set(['P1234567'])],
      ]),
    );
    const alhaji = people.get(b!.id)!;
    expect(alhaji.names).toMatchObject([{ first: 'alhaji', dob: '1975-12-31' }]);
    expect([alhaji.phones.size, alhaji.addresses.size, alhaji.identifiers.size]).toEqual([0, 0, 0]);
    // Without contacts and identifiers: names only, then each kind added on its own.
    const sketch = (await loadIdentities(handle.db, [a!.id], { contacts: false, identifiers: false })).get(a!.id)!;
    expect([sketch.names.length, sketch.phones.size, sketch.identifiers.size]).toEqual([2, 0, 0]);
    await loadIdentifiers(handle.db, [sketch]);
    expect([sketch.phones.size, sketch.identifiers.size]).toEqual([0, 2]);
    await loadContacts(handle.db, [sketch]);
    expect([sketch.phones.size, sketch.addresses.size, sketch.names.length]).toEqual([2, 1, 2]);
  });
});
