import { maskIdentifier } from '@shared/identity';
import type { TMatchReviewDetail, TMatchReviewSummary, TSubjectEvidence } from '@shared/schemas/admin';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { jsonColumnOf, queryParsedRows } from '../../db/query';
import { ZSubjectRow } from '../../db/subject-row';
import { notFound } from '../../lib/http-error';
import { swapDayMonth } from './names';

// The registry's review queue: pairs the matcher would not decide alone. An administrator looks at
// both people side by side and merges them or keeps them apart (decisions/013).

export const ZReviewStatus = z.enum(['open', 'merged', 'dismissed']);
export type ReviewStatus = z.infer<typeof ZReviewStatus>;

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const fullName = (first: string, middle: string | null, last: string) => [first, middle, last].filter(Boolean).join(' ');

const ZDateOrText = z.union([z.date(), z.string()]);

const ZReviewRow = z.object({
  id: z.string(),
  subject_id: z.string(),
  candidate_subject_id: z.string(),
  reason: z.string(),
  score: z.coerce.number<number | string>(),
  status: ZReviewStatus,
  reported: jsonColumnOf(z.record(z.string(), z.unknown())),
  created_at: ZDateOrText,
  resolved_at: ZDateOrText.nullable(),
  business_name: z.string().nullable(),
  record_name: z.string().nullable(),
  candidate_name: z.string().nullable(),
});
type ReviewRow = z.infer<typeof ZReviewRow>;

const ZCount = z.object({ n: z.coerce.number<number | string>() });

const REVIEW_SELECT = sql`
  SELECT r.id, r.subject_id, r.candidate_subject_id, r.reason, r.score, r.status, r.reported, r.created_at, r.resolved_at,
    b.business_name,
    (SELECT concat_ws(' ', s.first_name, s.middle_name, s.last_name) FROM credit_subjects s WHERE s.id = r.subject_id) AS record_name,
    (SELECT concat_ws(' ', s.first_name, s.middle_name, s.last_name) FROM credit_subjects s WHERE s.id = r.candidate_subject_id) AS candidate_name
  FROM credit_match_reviews r
  LEFT JOIN business_profiles b ON b.user_id = r.business_id`;

function toSummary(row: ReviewRow): TMatchReviewSummary {
  const reported = row.reported ?? {};
  const reportedName = fullName(
    String(reported.firstName ?? ''),
    (reported.middleName as string | null) ?? null,
    String(reported.lastName ?? ''),
  );
  return {
    id: row.id,
    reason: row.reason,
    score: Math.round(Number(row.score) * 1000) / 1000,
    status: row.status,
    // Once merged both columns name the survivor: the record is then shown as the lender reported it.
    recordName: row.subject_id === row.candidate_subject_id ? reportedName : (row.record_name ?? reportedName),
    candidateName: row.candidate_name ?? '(merged)',
    businessName: row.business_name,
    createdAt: iso(row.created_at)!,
    resolvedAt: iso(row.resolved_at),
  };
}

export async function listMatchReviews(db: Database, filter: { status: ReviewStatus; limit: number }) {
  const rows = await queryParsedRows(
    db,
    ZReviewRow,
    sql`${REVIEW_SELECT} WHERE r.status = ${filter.status}::credit_review_status
        ORDER BY ${filter.status === 'open' ? sql`r.created_at ASC` : sql`r.resolved_at DESC NULLS LAST`}, r.id LIMIT ${filter.limit}`,
  );
  const [{ n }] = await queryParsedRows(db, ZCount, sql`SELECT count(*)::int AS n FROM credit_match_reviews WHERE status = 'open'`);
  return { reviews: rows.map(toSummary), openCount: Number(n) };
}

async function loadEvidence(
  db: Database,
  subjectId: string,
): Promise<
  (Omit<TSubjectEvidence, 'identifiers' | 'phones'> & { rawIdentifiers: { type: string; value: string }[]; rawPhones: string[] }) | null
> {
  const [subject] = await queryParsedRows(
    db,
    ZSubjectRow.extend({
      created_at: ZDateOrText,
      frozen_at: ZDateOrText.nullable(),
    }),
    sql`SELECT id, first_name, middle_name, last_name, date_of_birth::text, district, created_at, frozen_at FROM credit_subjects WHERE id = ${subjectId}`,
  );
  if (!subject) return null;
  const [names, identifiers, phones, addresses, accounts, inquiries] = await Promise.all([
    queryParsedRows(
      db,
      z.object({ first_name: z.string(), middle_name: z.string(), last_name: z.string(), date_of_birth: z.string().nullable() }),
      sql`SELECT first_name, middle_name, last_name, date_of_birth::text FROM credit_subject_names WHERE subject_id = ${subjectId} ORDER BY created_at LIMIT 20`,
    ),
    queryParsedRows(
      db,
      z.object({ type: z.string(), value: z.string() }),
      sql`SELECT type::text, value FROM credit_subject_identifiers WHERE subject_id = ${subjectId} ORDER BY type, value`,
    ),
    queryParsedRows(
      db,
      z.object({ phone: z.string() }),
      sql`SELECT phone FROM credit_subject_phones WHERE subject_id = ${subjectId} ORDER BY last_reported_at DESC LIMIT 20`,
    ),
    queryParsedRows(
      db,
      z.object({ line: z.string(), district: z.string().nullable() }),
      sql`SELECT line, district FROM credit_subject_addresses WHERE subject_id = ${subjectId} ORDER BY last_reported_at DESC LIMIT 20`,
    ),
    queryParsedRows(
      db,
      z.object({
        id: z.string(),
        business_name: z.string().nullable(),
        account_number: z.string(),
        type: z.string(),
        status: z.string(),
        opened_at: z.string(),
        is_disputed: z.boolean(),
      }),
      sql`SELECT a.id, b.business_name, a.account_number, a.type, a.status, a.opened_at::text, a.is_disputed
          FROM credit_accounts a LEFT JOIN business_profiles b ON b.user_id = a.business_id
          WHERE a.subject_id = ${subjectId} ORDER BY a.opened_at DESC LIMIT 50`,
    ),
    queryParsedRows(db, ZCount, sql`SELECT count(*)::int AS n FROM credit_inquiries WHERE subject_id = ${subjectId}`),
  ]);
  return {
    subjectId: subject.id,
    displayName: fullName(subject.first_name, subject.middle_name, subject.last_name),
    dateOfBirth: subject.date_of_birth,
    district: subject.district,
    createdAt: iso(subject.created_at)!,
    isFrozen: subject.frozen_at !== null,
    names: names.map((n) => ({ fullName: fullName(n.first_name, n.middle_name || null, n.last_name), dateOfBirth: n.date_of_birth })),
    rawIdentifiers: identifiers,
    rawPhones: phones.map((p) => p.phone),
    addresses: addresses.map((a) => ({ line: a.line, district: a.district })),
    accounts: accounts.map((a) => ({
      id: a.id,
      businessName: a.business_name ?? 'Unknown business',
      // Staff see enough of an account number to tell accounts apart, not the whole number.
      accountNumber: maskIdentifier(a.account_number),
      type: a.type,
      status: a.status,
      openedAt: a.opened_at,
      isDisputed: a.is_disputed,
    })),
    inquiryCount: Number(inquiries[0]?.n ?? 0),
  };
}

const normalise = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');

type Evidence = NonNullable<Awaited<ReturnType<typeof loadEvidence>>>;

/**
 * Field by field, whether the record agrees with the candidate. The record's ID numbers include
 * those the lender reported for it: a number that stayed with its holder (the name did not fit)
 * is still evidence that the two are one person.
 */
function compare(record: Evidence, candidate: Evidence, reported: { type: string; value: string }[]): TMatchReviewDetail['agreement'] {
  const namesOf = (e: Evidence) => new Set(e.names.map((n) => normalise(n.fullName)).concat(normalise(e.displayName)));
  const recordNames = namesOf(record);
  const candidateNames = namesOf(candidate);
  const sameName = [...recordNames].some((n) => candidateNames.has(n));
  const lastNames = (e: Evidence) => new Set(e.names.map((n) => normalise(n.fullName.split(' ').at(-1) ?? '')));
  const similarName = [...lastNames(record)].some((n) => lastNames(candidate).has(n));

  const dobVerdict = (): 'same' | 'similar' | 'different' | 'missing' => {
    const a = record.dateOfBirth;
    const b = candidate.dateOfBirth;
    if (!a || !b) return 'missing';
    if (a === b) return 'same';
    if (swapDayMonth(a) === b || a.slice(0, 4) === b.slice(0, 4)) return 'similar';
    return 'different';
  };
  const idVerdict = (): 'same' | 'different' | 'missing' => {
    let isSame = false;
    for (const id of [...record.rawIdentifiers, ...reported]) {
      const other = candidate.rawIdentifiers.filter((c) => c.type === id.type);
      if (other.some((c) => c.value === id.value)) isSame = true;
      else if (other.length > 0) return 'different';
    }
    return isSame ? 'same' : 'missing';
  };
  const samePhone = record.rawPhones.some((p) => candidate.rawPhones.includes(p));
  const sameAddress = record.addresses.some((a) => candidate.addresses.some((c) => normalise(c.line) === normalise(a.line)));
  const sameDistrict = !!record.district && record.district === candidate.district;
  return [
    { field: 'name', verdict: sameName ? 'same' : similarName ? 'similar' : 'different' },
    { field: 'dateOfBirth', verdict: dobVerdict() },
    { field: 'identifiers', verdict: idVerdict() },
    {
      field: 'phone',
      verdict: record.rawPhones.length === 0 || candidate.rawPhones.length === 0 ? 'missing' : samePhone ? 'same' : 'different',
    },
    {
      field: 'address',
      verdict: sameAddress
        ? 'same'
        : sameDistrict
          ? 'similar'
          : record.addresses.length && candidate.addresses.length
            ? 'different'
            : 'missing',
    },
  ];
}

function present(e: Evidence | null, other: Evidence | null, reportedIds: Set<string>): TSubjectEvidence | null {
  if (!e) return null;
  const { rawIdentifiers, rawPhones, ...rest } = e;
  const otherIds = new Set((other?.rawIdentifiers ?? []).map((i) => `${i.type}:${i.value}`));
  return {
    ...rest,
    identifiers: rawIdentifiers.map((i) => ({
      type: i.type,
      masked: maskIdentifier(i.value),
      isShared: otherIds.has(`${i.type}:${i.value}`) || reportedIds.has(`${i.type}:${i.value}`),
    })),
    phones: rawPhones.map((p) => ({ phone: p, isShared: (other?.rawPhones ?? []).includes(p) })),
  };
}

export async function getMatchReview(db: Database, id: string): Promise<TMatchReviewDetail> {
  const [row] = await queryParsedRows(db, ZReviewRow, sql`${REVIEW_SELECT} WHERE r.id = ${id}`);
  if (!row) throw notFound('Review not found');
  const [record, candidate] = await Promise.all([loadEvidence(db, row.subject_id), loadEvidence(db, row.candidate_subject_id)]);
  const r = row.reported ?? {};
  const reportedIdentifiers = (
    [
      ['nin', r.nationalId],
      ['drivers_license', r.driversLicense],
      ['passport', r.passportNumber],
    ] as const
  )
    .filter((pair): pair is readonly ['nin' | 'drivers_license' | 'passport', string] => typeof pair[1] === 'string' && pair[1].length > 0)
    .map(([type, value]) => ({ type, value: value.replace(/[\s-]/g, '').toUpperCase() }));
  const reportedIds = new Set(reportedIdentifiers.map((i) => `${i.type}:${i.value}`));
  const isSamePerson = row.subject_id === row.candidate_subject_id;
  return {
    ...toSummary(row),
    reported: {
      fullName: fullName(String(r.firstName ?? ''), (r.middleName as string | null) ?? null, String(r.lastName ?? '')),
      dateOfBirth: (r.dateOfBirth as string | null) ?? null,
      phone: (r.phone as string | null) ?? null,
      address: (r.address as string | null) ?? null,
      identifiers: reportedIdentifiers.map((i) => ({ type: i.type, masked: maskIdentifier(i.value) })),
    },
    record: present(record, isSamePerson ? null : candidate, reportedIds),
    candidate: isSamePerson ? null : present(candidate, record, reportedIds),
    agreement: record && candidate && !isSamePerson ? compare(record, candidate, reportedIdentifiers) : [],
  };
}
