import { sql } from 'drizzle-orm';
import { maskIdentifier } from '@shared/identity';
import type { TCreditSearch, TCreditSearchResult } from '@shared/schemas/credit';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/query';
import { assertCanInquire, loadBusinessAccess } from './access';
import { recordInquiry, storedSearchTerms, type InquiryMeta } from './inquiries';
import { computeNameCodes, findCandidateSubjects, loadIdentities } from './matching/candidates';
import { joinName, normalizeName, swapDayMonth } from './matching/names';
import { rankCandidates, scoreCandidate, type ProbeIdentity } from './matching/score';

/** Candidates scoring less than this are not shown: they would only expose unrelated people. */
export const SEARCH_MIN_SCORE = 0.6;
export const SEARCH_MAX_CANDIDATES = 10;
/** Most people one phone number may list (a shared family or business phone). */
const PHONE_MAX = 10;

interface Hit {
  subjectId: string;
  score: number;
}

async function findByIdentifier(db: Database, type: 'nin' | 'passport' | 'drivers_license', value: string): Promise<Hit[]> {
  const rows = await queryRows<{ subject_id: string }>(
    db,
    sql`SELECT subject_id FROM credit_subject_identifiers WHERE type = ${type}::credit_identifier_type AND value = ${value}`,
  );
  return rows.map((r) => ({ subjectId: r.subject_id, score: 1 }));
}

async function findByPhone(db: Database, phone: string): Promise<Hit[]> {
  const rows = await queryRows<{ subject_id: string }>(
    db,
    sql`SELECT subject_id FROM credit_subject_phones WHERE phone = ${phone} ORDER BY last_reported_at DESC LIMIT ${PHONE_MAX}`,
  );
  return rows.map((r) => ({ subjectId: r.subject_id, score: 1 }));
}

/**
 * Name and birth date: the matcher's blocking and scoring, so search and reporting agree on who
 * is who. When the phonetic blocks find nobody (both names misspelt past their sound), a trigram
 * search on the full name within the birth year catches what is left.
 */
async function findByNameAndDob(db: Database, firstName: string, lastName: string, dateOfBirth: string): Promise<Hit[]> {
  const first = normalizeName(firstName);
  const last = normalizeName(lastName);
  const [codes] = await computeNameCodes(db, [{ first, last }]);
  const probe: ProbeIdentity = { first, middle: '', last, dob: dateOfBirth, ...codes, phone: null, identifiers: [] };
  const blocked = await findCandidateSubjects(db, [
    { idx: 0, firstCode: codes.firstCode, lastCode: codes.lastCode, dob: dateOfBirth, swappedDob: swapDayMonth(dateOfBirth), phone: null },
  ]);
  let ids = blocked.get(0) ?? new Set<string>();
  if (ids.size === 0) {
    const year = Number(dateOfBirth.slice(0, 4));
    const rows = await queryRows<{ subject_id: string }>(
      db,
      sql`SELECT DISTINCT subject_id FROM credit_subject_names
          WHERE full_name % ${`${first} ${last}`} AND date_of_birth BETWEEN make_date(${year}::int, 1, 1) AND make_date(${year}::int, 12, 31)
          LIMIT 50`,
    );
    ids = new Set(rows.map((r) => r.subject_id));
  }
  const identities = await loadIdentities(db, ids);
  return rankCandidates([...identities.values()].map((identity) => scoreCandidate(probe, identity)))
    .filter((s) => s.score >= SEARCH_MIN_SCORE)
    .slice(0, SEARCH_MAX_CANDIDATES)
    .map((s) => ({ subjectId: s.subjectId, score: s.score }));
}

async function describeCandidates(db: Database, hits: Hit[]): Promise<TCreditSearchResult['candidates']> {
  if (hits.length === 0) return [];
  const rows = await queryRows<{ id: string; first_name: string; middle_name: string | null; last_name: string; date_of_birth: string | null; district: string | null; nin: string | null }>(
    db,
    sql`SELECT s.id, s.first_name, s.middle_name, s.last_name, s.date_of_birth::text AS date_of_birth, s.district,
          (SELECT i.value FROM credit_subject_identifiers i WHERE i.subject_id = s.id AND i.type = 'nin' LIMIT 1) AS nin
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
export async function searchRegistry(db: Database, meta: InquiryMeta, search: TCreditSearch, hashKey: string): Promise<TCreditSearchResult> {
  assertCanInquire(await loadBusinessAccess(db, meta.businessId));
  let hits: Hit[];
  if (search.nationalId) hits = await findByIdentifier(db, 'nin', search.nationalId);
  else if (search.passportNumber) hits = await findByIdentifier(db, 'passport', search.passportNumber);
  else if (search.driversLicense) hits = await findByIdentifier(db, 'drivers_license', search.driversLicense);
  else if (search.phone) hits = await findByPhone(db, search.phone);
  else hits = await findByNameAndDob(db, search.firstName!, search.lastName!, search.dateOfBirth!);

  const candidates = await describeCandidates(db, hits);
  const { terms, termsHash } = storedSearchTerms(search, hashKey);
  const inquiryId = await db.transaction((tx) =>
    recordInquiry(tx, {
      ...meta,
      kind: 'search',
      purpose: search.purpose,
      searchTerms: terms,
      termsHash,
      shown: candidates.map((c) => ({ subjectId: c.subjectId, matchScore: c.matchScore })),
    }),
  );
  return { inquiryId, candidates };
}
