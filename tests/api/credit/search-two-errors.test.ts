// Search by name and birth date with two errors at once: a spelling variant of one name and a typo
// in the other. At national scale one birth date carries hundreds of people sharing a first name
// (1 January, Mohamed), more than a blocking key brings back, so the person must be found by how
// close the whole name is, not by the luck of which rows a block returned first.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/server/db/query';
import { createTestApp, logInAs, type TestApp } from '../../helpers/test-app';

let t: TestApp;
let business: string;
const DOB = '1990-01-01';

/** Surnames that sound like none of the targets' (no shared dmetaphone code with Kamara, Koroma, Sesay). */
const DECOY_SURNAMES = [
  'Bangura',
  'Conteh',
  'Turay',
  'Kanu',
  'Jalloh',
  'Mansaray',
  'Kargbo',
  'Fofanah',
  'Lahai',
  'Massaquoi',
  'Komba',
  'Cole',
  'Macauley',
  'Bah',
  'Barrie',
  'Sankoh',
  'Dumbuya',
  'Tarawally',
  'Gbla',
  'Vandi',
  'Bockarie',
  'Lansana',
  'Musa',
  'Yillah',
  'Samura',
];

/**
 * First names that sound like none of the targets', and whose sounds sort before Fatmata's (FTMT):
 * the index gives them first.
 */
const DECOY_FIRST_NAMES = [
  'Aminata',
  'Isatu',
  'Adama',
  'Esther',
  'Agnes',
  'Umu',
  'Yeabu',
  'Abibatu',
  'Aisha',
  'Ama',
  'Edna',
  'Elizabeth',
  'Iye',
  'Ola',
  'Umaru',
  'Alimamy',
  'Amara',
  'Ansu',
  'Augustine',
  'Emmanuel',
  'Ishmael',
  'Idrissa',
  'Osman',
  'Ibrahim',
  'Alhaji',
];

/** People written straight into the registry (as a generated registry holds them), in this order. */
async function addPerson(first: string, last: string, dob: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    t.db,
    sql`INSERT INTO credit_subjects (first_name, last_name, date_of_birth, district) VALUES (${first}, ${last}, ${dob}, 'Bo') RETURNING id`,
  );
  await t.db.execute(
    sql`INSERT INTO credit_subject_names (subject_id, first_name, last_name, date_of_birth) VALUES (${row.id}, ${first.toLowerCase()}, ${last.toLowerCase()}, ${dob})`,
  );
  return row.id;
}

const search = (firstName: string, lastName: string, dateOfBirth = DOB) =>
  t.app.inject({
    method: 'POST',
    url: '/api/credit/search',
    payload: { purpose: 'credit_application', firstName, lastName, dateOfBirth },
    headers: { cookie: business },
  });

const targets: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  business = await logInAs(t.app, 'business');
  // More people born that day under each first name than one block brings back (40), written
  // before the people searched for, so an unordered block returns the decoys first.
  for (const first of ['Mohamed', 'Fatmata']) {
    for (const last of DECOY_SURNAMES) {
      await addPerson(first, last, DOB);
      await addPerson(first, `${last}-Jr`, DOB);
    }
  }
  // And more Sesays born that day than one block brings back, none of them a Fatmata.
  for (const first of DECOY_FIRST_NAMES) {
    await addPerson(first, 'Sesay', DOB);
    await addPerson(first, 'Sesay', DOB);
  }
  targets.mohamedKamara = await addPerson('Mohamed', 'Kamara', DOB);
  targets.fatmataKoroma = await addPerson('Fatmata', 'Koroma', DOB);
  targets.fatmataSesay = await addPerson('Fatmata', 'Sesay', DOB);
}, 120_000);
afterAll(() => t.close());

async function rankOf(subjectId: string, firstName: string, lastName: string): Promise<number> {
  const res = await search(firstName, lastName);
  expect(res.statusCode).toBe(200);
  return res.json().candidates.findIndex((c: { subjectId: string }) => c.subjectId === subjectId);
}

describe('search by name and birth date with two errors at once', () => {
  it('puts the person searched without an error first', async () => {
    expect(await rankOf(targets.mohamedKamara, 'Mohamed', 'Kamara')).toBe(0);
    expect(await rankOf(targets.fatmataKoroma, 'Fatmata', 'Koroma')).toBe(0);
  });

  it('finds a spelling variant of the first name with a one-letter typo in the last name in the top five', async () => {
    // Mohammed sounds like Mohamed; Kanara does not sound like Kamara (the typo changed its sound).
    const rank = await rankOf(targets.mohamedKamara, 'Mohammed', 'Kanara');
    expect(rank).toBeGreaterThanOrEqual(0);
    expect(rank).toBeLessThan(5);
    // Fatimata sounds like Fatmata; Koroba does not sound like Koroma.
    const other = await rankOf(targets.fatmataKoroma, 'Fatimata', 'Koroba');
    expect(other).toBeGreaterThanOrEqual(0);
    expect(other).toBeLessThan(5);
  });

  it('finds a typo in the first name with a spelling variant of the last name in the top five', async () => {
    // Fatnata: one letter off Fatmata, another sound; Sessay sounds like Sesay.
    const rank = await rankOf(targets.fatmataSesay, 'Fatnata', 'Sessay');
    expect(rank).toBeGreaterThanOrEqual(0);
    expect(rank).toBeLessThan(5);
  });

  it('still does not show people whose names are far from the search', async () => {
    const res = await search('Christiana', 'Williams');
    expect(res.statusCode).toBe(200);
    const shown = res.json().candidates.map((c: { subjectId: string }) => c.subjectId);
    expect(shown).not.toContain(targets.mohamedKamara);
    expect(shown).not.toContain(targets.fatmataKoroma);
  });
});
