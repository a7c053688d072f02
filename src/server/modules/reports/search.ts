import { IDENTIFIER_TYPES } from '@shared/credit-reference';
import { maskIdentifier } from '@shared/identity';
import type { TCreditSearch, TCreditSearchResult } from '@shared/schemas/credit';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { ZSubjectRow } from '../../db/subject-row';
import { compiledStatement, queryPreparedParsedRows } from '../../db/prepared';
import { jsonColumnOf, parseRows, queryParsedRows } from '../../db/query';
import { recordSearchInquiry, storedSearchTerms, type InquiryMeta } from '../credit-file';
import {
  addIdentifier,
  computeNameCodes,
  findCandidateSubjects,
  joinName,
  normalizeName,
  rankCandidates,
  scoreCandidate,
  swapDayMonth,
  tightNameBlockSql,
  toNameRecord,
  ZNameRow,
  type CandidateIdentity,
  type ProbeIdentity,
} from '../matching';
import { accessOrNotFound, assertCanInquire, businessAccessColumn, loadBusinessAccess, ZBusinessAccessColumn } from './business-access';

/** Candidates scoring less than this are not shown: they would only expose unrelated people. */
export const SEARCH_MIN_SCORE = 0.6;
export const SEARCH_MAX_CANDIDATES = 10;
/** Most people one phone number may list (a shared family or business phone). */
const PHONE_MAX = 10;

const ZSubjectIdRow = z.object({ subject_id: z.string() });

interface Hit {
  subjectId: string;
  score: number;
}

async function findByIdentifier(db: Database, type: 'nin' | 'passport' | 'drivers_license', value: string): Promise<Hit[]> {
  const rows = await queryParsedRows(
    db,
    ZSubjectIdRow,
    sql`SELECT subject_id FROM credit_subject_identifiers WHERE type = ${type}::credit_identifier_type AND value = ${value}`,
  );
  return rows.map((r) => ({ subjectId: r.subject_id, score: 1 }));
}

async function findByPhone(db: Database, phone: string): Promise<Hit[]> {
  const rows = await queryParsedRows(
    db,
    ZSubjectIdRow,
    sql`SELECT subject_id FROM credit_subject_phones WHERE phone = ${phone} ORDER BY last_reported_at DESC LIMIT ${PHONE_MAX}`,
  );
  return rows.map((r) => ({ subjectId: r.subject_id, score: 1 }));
}

/** A hit this close on name and birth date means the blocks found the person searched for. */
const STRONG_NAME = 0.9;
const STRONG_DOB = 0.9;
/** How many of the people born that day the nearest-name look-up brings back. */
const NEAREST_BORN_THAT_DAY = 25;

/**
 * Name and birth date: the matcher's blocking and scoring, so search and reporting agree on who
 * is who. Blocks stop at a few dozen people each, and one birth date carries hundreds sharing a
 * first name at national scale (1 January, Mohamed): with a spelling variant of one name and a
 * typo in the other, neither name's sound nor both together find the person, and the block of
 * one sound may return others first. So when the blocks bring nobody close, the people born that
 * day (or with day and month swapped) nearest to the whole name are added: by sound (a name's
 * dmetaphone code) and spelling (trigram similarity of the full name) together, either way round.
 * When even that finds nobody, a trigram search on the full name within the birth year.
 *
 * The business's access is read in the same statement as the tight block's people, and checked
 * before any of them is used: the usual search is then one read and one write (docs/performance.md).
 */
async function findByNameAndDob(
  db: Database,
  businessId: string,
  firstName: string,
  lastName: string,
  dateOfBirth: string,
): Promise<{ hits: Hit[]; people: Map<string, Candidate> }> {
  const first = normalizeName(firstName);
  const last = normalizeName(lastName);
  const [codes] = await computeNameCodes(db, [{ first, last }]);
  const probe: ProbeIdentity = { first, middle: '', last, dob: dateOfBirth, ...codes, phone: null, identifiers: [] };
  const swapped = swapDayMonth(dateOfBirth);
  // The tight block first (birth date and both names' sounds): when it holds the person searched
  // for, the loose blocks would only add namesakes scored below them, and at national scale they
  // were most of a search's cost (docs/performance.md).
  const [read] = await readAccessAndTightBlock(db, {
    businessId,
    firstCode: codes.firstCode,
    lastCode: codes.lastCode,
    dobs: [dateOfBirth, swapped ?? dateOfBirth],
  });
  assertCanInquire(accessOrNotFound(read.access));
  const people = candidatesOf(read.candidates);
  const scoreAll = () => rankCandidates([...people.values()].map((p) => scoreCandidate(probe, p.identity)));
  let ranked = scoreAll();
  const isFound = () => ranked.some((s) => s.nameScore >= STRONG_NAME && (s.dobScore ?? 0) >= STRONG_DOB);
  if (!isFound()) {
    const blockProbe = [
      { idx: 0, firstCode: codes.firstCode, lastCode: codes.lastCode, dob: dateOfBirth, swappedDob: swapped, phone: null },
    ];
    const loose = await findCandidateSubjects(db, blockProbe, { prepared: true, blocks: 'loose' });
    const more = [...(loose.get(0) ?? [])].filter((id) => !people.has(id));
    if (more.length > 0) {
      for (const [id, candidate] of await loadCandidates(db, more)) people.set(id, candidate);
      ranked = scoreAll();
    }
  }
  if (!isFound()) {
    const fullName = `${first} ${last}`;
    const nearest = await queryPreparedParsedRows(
      db,
      'credit-search-nearest-born-that-day',
      ZSubjectIdRow,
      sql`SELECT subject_id FROM credit_subject_names
          WHERE date_of_birth = ANY (${sql.param([dateOfBirth, swapped ?? dateOfBirth])}::date[])
          ORDER BY ((first_code = ANY (${sql.param([codes.firstCode, codes.lastCode])}::text[]))::int
              + (last_code = ANY (${sql.param([codes.firstCode, codes.lastCode])}::text[]))::int) * 0.25
            + similarity(full_name, ${fullName}) DESC, subject_id
          LIMIT ${NEAREST_BORN_THAT_DAY}`,
    );
    let extra = nearest.map((r) => r.subject_id).filter((id) => !people.has(id));
    if (extra.length === 0 && people.size === 0) {
      const year = Number(dateOfBirth.slice(0, 4));
      const rows = await queryParsedRows(
        db,
        ZSubjectIdRow,
        sql`SELECT DISTINCT subject_id FROM credit_subject_names
            WHERE full_name % ${fullName} AND date_of_birth BETWEEN make_date(${year}::int, 1, 1) AND make_date(${year}::int, 12, 31)
            LIMIT 50`,
      );
      extra = rows.map((r) => r.subject_id);
    }
    if (extra.length > 0) {
      for (const [id, candidate] of await loadCandidates(db, extra)) people.set(id, candidate);
      ranked = scoreAll();
    }
  }
  const hits = ranked
    .filter((s) => s.score >= SEARCH_MIN_SCORE)
    .slice(0, SEARCH_MAX_CANDIDATES)
    .map((s) => ({ subjectId: s.subjectId, score: s.score }));
  return { hits, people };
}

interface Candidate {
  identity: CandidateIdentity;
  row: DescribedRow;
}

const ZDescribedRow = ZSubjectRow.extend({
  nin: z.string().nullable(),
});
type DescribedRow = z.infer<typeof ZDescribedRow>;

/**
 * A person blocking found: the described row and what the matcher scores (candidatesColumnSql's
 * object). The NIN shown (masked) is taken from the identifiers.
 */
const ZCandidateJson = ZSubjectRow.extend({
  names: z.array(ZNameRow.omit({ subject_id: true })),
  phones: z.array(z.string()),
  addresses: z.array(z.string()),
  identifiers: z.array(z.object({ type: z.enum(IDENTIFIER_TYPES), value: z.string() })),
});
const ZCandidatesColumn = jsonColumnOf(z.array(ZCandidateJson));

/**
 * The people credit_subjects `s` rows `where` names, as one json array: what the matcher scores
 * (names with their sound codes, phones, addresses, identifiers) and what the result list shows.
 */
function candidatesColumnSql(where: SQL): SQL {
  return sql`COALESCE((SELECT json_agg(json_build_object('id', s.id, 'first_name', s.first_name, 'middle_name', s.middle_name,
          'last_name', s.last_name, 'date_of_birth', s.date_of_birth::text, 'district', s.district,
          'names', COALESCE((SELECT json_agg(json_build_object('first_name', n.first_name, 'middle_name', n.middle_name, 'last_name', n.last_name,
              'date_of_birth', n.date_of_birth::text, 'first_code', n.first_code, 'last_code', n.last_code))
            FROM credit_subject_names n WHERE n.subject_id = s.id), '[]'::json),
          'phones', COALESCE((SELECT json_agg(p.phone) FROM credit_subject_phones p WHERE p.subject_id = s.id), '[]'::json),
          'addresses', COALESCE((SELECT json_agg(a.line) FROM credit_subject_addresses a WHERE a.subject_id = s.id), '[]'::json),
          'identifiers', COALESCE((SELECT json_agg(json_build_object('type', i.type, 'value', i.value) ORDER BY i.type, i.value)
            FROM credit_subject_identifiers i WHERE i.subject_id = s.id), '[]'::json)))
        FROM credit_subjects s WHERE ${where}), '[]'::json)`;
}

/**
 * The business's access and the people of the tight name block, in one round trip; built once
 * (compiledStatement): a search's SQL is the same every time, only its values change.
 */
const readAccessAndTightBlockStatement = compiledStatement<unknown>(
  'credit-search-access-tight-block',
  () => sql`SELECT ${businessAccessColumn(sql`${sql.placeholder('businessId')}::uuid`)} AS access,
      ${candidatesColumnSql(
        sql`s.id IN (${tightNameBlockSql({
          firstCode: sql`${sql.placeholder('firstCode')}::text`,
          lastCode: sql`${sql.placeholder('lastCode')}::text`,
          dobs: sql`${sql.placeholder('dobs')}::date[]`,
        })})`,
      )} AS candidates`,
);
const ZAccessAndTightBlockRow = z.object({ access: ZBusinessAccessColumn, candidates: ZCandidatesColumn });

async function readAccessAndTightBlock(
  db: Database,
  values: { businessId: string; firstCode: string; lastCode: string; dobs: string[] },
): Promise<z.output<typeof ZAccessAndTightBlockRow>[]> {
  const rows = await readAccessAndTightBlockStatement(db, values);
  return parseRows(ZAccessAndTightBlockRow, rows, () => '"credit-search-access-tight-block"');
}

function candidatesOf(column: z.output<typeof ZCandidatesColumn>): Map<string, Candidate> {
  const people = new Map<string, Candidate>();
  for (const r of column) {
    const identity: CandidateIdentity = {
      subjectId: r.id,
      names: r.names.map(toNameRecord),
      phones: new Set(r.phones),
      addresses: new Set(r.addresses),
      identifiers: new Map(),
    };
    for (const i of r.identifiers) addIdentifier(identity, i.type, i.value);
    // The person's NIN from the identifiers already read (one index descent a candidate fewer than
    // reading it on its own). Someone holding two shows the first in order, as describeCandidates does.
    const nin = r.identifiers.find((i) => i.type === 'nin')?.value ?? null;
    const { id, first_name, middle_name, last_name, date_of_birth, district } = r;
    people.set(r.id, { identity, row: { id, first_name, middle_name, last_name, date_of_birth, district, nin } });
  }
  return people;
}

const ZCandidatesRow = z.object({ candidates: ZCandidatesColumn });

/** People the loose blocks or the nearest-name look-ups found, as candidatesOf makes them. */
async function loadCandidates(db: Database, ids: string[]): Promise<Map<string, Candidate>> {
  if (ids.length === 0) return new Map();
  const [row] = await queryPreparedParsedRows(
    db,
    'credit-search-candidates',
    ZCandidatesRow,
    sql`SELECT ${candidatesColumnSql(sql`s.id = ANY (${sql.param(ids)}::uuid[])`)} AS candidates`,
  );
  return candidatesOf(row?.candidates ?? []);
}

async function describeCandidates(db: Database, hits: Hit[], loaded?: Map<string, Candidate>): Promise<TCreditSearchResult['candidates']> {
  if (hits.length === 0) return [];
  const rows = loaded
    ? [...loaded.values()].map((c) => c.row)
    : await queryParsedRows(
        db,
        ZDescribedRow,
        sql`SELECT s.id, s.first_name, s.middle_name, s.last_name, s.date_of_birth::text AS date_of_birth, s.district,
          (SELECT i.value FROM credit_subject_identifiers i WHERE i.subject_id = s.id AND i.type = 'nin' ORDER BY i.value LIMIT 1) AS nin
        FROM credit_subjects s WHERE s.id = ANY (${sql.param(hits.map((h) => h.subjectId))}::uuid[])`,
      );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return hits
    .filter((h) => byId.has(h.subjectId))
    .map((h) => {
      const r = byId.get(h.subjectId)!;
      return {
        subjectId: r.id,
        fullName: joinName(r.first_name, r.middle_name, r.last_name),
        maskedNationalId: r.nin ? maskIdentifier(r.nin) : null,
        birthYear: r.date_of_birth ? Number(r.date_of_birth.slice(0, 4)) : null,
        district: r.district,
        // Phone and address agreement can lift a score past 1; the scale shown stops at 100.
        matchScore: Math.min(100, Math.round(h.score * 100)),
      };
    });
}

/** Finds people by one identifier or by name with birth date; every search, a no-hit too, is an inquiry. */
export async function searchRegistry(
  db: Database,
  meta: InquiryMeta,
  search: TCreditSearch,
  hashKey: string,
): Promise<TCreditSearchResult> {
  let hits: Hit[];
  let loaded: Map<string, Candidate> | undefined;
  // A search by name reads the business's access with its first block (findByNameAndDob).
  const byName = !search.nationalId && !search.passportNumber && !search.driversLicense && !search.phone;
  if (!byName) assertCanInquire(await loadBusinessAccess(db, meta.businessId));
  if (search.nationalId) hits = await findByIdentifier(db, 'nin', search.nationalId);
  else if (search.passportNumber) hits = await findByIdentifier(db, 'passport', search.passportNumber);
  else if (search.driversLicense) hits = await findByIdentifier(db, 'drivers_license', search.driversLicense);
  else if (search.phone) hits = await findByPhone(db, search.phone);
  else ({ hits, people: loaded } = await findByNameAndDob(db, meta.businessId, search.firstName!, search.lastName!, search.dateOfBirth!));

  const candidates = await describeCandidates(db, hits, loaded);
  const { terms, termsHash } = storedSearchTerms(search, hashKey);
  const inquiryId = await recordSearchInquiry(db, {
    ...meta,
    kind: 'search',
    purpose: search.purpose,
    searchTerms: terms,
    termsHash,
    shown: candidates.map((c) => ({ subjectId: c.subjectId, matchScore: c.matchScore })),
  });
  return { inquiryId, candidates };
}
