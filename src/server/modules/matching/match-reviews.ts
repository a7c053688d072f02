import { maskIdentifier } from '@shared/identity';
import type { TMatchReviewDetail, TMatchReviewSummary, TSubjectEvidence } from '@shared/schemas/admin';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/query';
import { HttpError, notFound } from '../../lib/http-error';
import { recordAuditEvent, type AuditEventInput } from '../audit';

// The registry's review queue: pairs the matcher would not decide alone. An administrator looks at
// both people side by side and merges them or keeps them apart (decisions/013).

type AuditContext = Pick<AuditEventInput, 'actorUserId' | 'actorRole' | 'ip' | 'requestId'>;
type ReviewStatus = 'open' | 'merged' | 'dismissed';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const fullName = (first: string, middle: string | null, last: string) => [first, middle, last].filter(Boolean).join(' ');

interface ReviewRow {
  id: string;
  subject_id: string;
  candidate_subject_id: string;
  reason: string;
  score: number;
  status: ReviewStatus;
  reported: Record<string, unknown>;
  created_at: Date | string;
  resolved_at: Date | string | null;
  business_name: string | null;
  record_name: string | null;
  candidate_name: string | null;
}

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
  const rows = await queryRows<ReviewRow>(
    db,
    sql`${REVIEW_SELECT} WHERE r.status = ${filter.status}::credit_review_status
        ORDER BY ${filter.status === 'open' ? sql`r.created_at ASC` : sql`r.resolved_at DESC NULLS LAST`}, r.id LIMIT ${filter.limit}`,
  );
  const [{ n }] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM credit_match_reviews WHERE status = 'open'`);
  return { reviews: rows.map(toSummary), openCount: Number(n) };
}

async function loadEvidence(
  db: Database,
  subjectId: string,
): Promise<
  (Omit<TSubjectEvidence, 'identifiers' | 'phones'> & { rawIdentifiers: { type: string; value: string }[]; rawPhones: string[] }) | null
> {
  const [subject] = await queryRows<{
    id: string;
    first_name: string;
    middle_name: string | null;
    last_name: string;
    date_of_birth: string | null;
    district: string | null;
    created_at: Date | string;
    frozen_at: Date | string | null;
  }>(
    db,
    sql`SELECT id, first_name, middle_name, last_name, date_of_birth::text, district, created_at, frozen_at FROM credit_subjects WHERE id = ${subjectId}`,
  );
  if (!subject) return null;
  const [names, identifiers, phones, addresses, accounts, inquiries] = await Promise.all([
    queryRows<{ first_name: string; middle_name: string; last_name: string; date_of_birth: string | null }>(
      db,
      sql`SELECT first_name, middle_name, last_name, date_of_birth::text FROM credit_subject_names WHERE subject_id = ${subjectId} ORDER BY created_at LIMIT 20`,
    ),
    queryRows<{ type: string; value: string }>(
      db,
      sql`SELECT type::text, value FROM credit_subject_identifiers WHERE subject_id = ${subjectId} ORDER BY type, value`,
    ),
    queryRows<{ phone: string }>(
      db,
      sql`SELECT phone FROM credit_subject_phones WHERE subject_id = ${subjectId} ORDER BY last_reported_at DESC LIMIT 20`,
    ),
    queryRows<{ line: string; district: string | null }>(
      db,
      sql`SELECT line, district FROM credit_subject_addresses WHERE subject_id = ${subjectId} ORDER BY last_reported_at DESC LIMIT 20`,
    ),
    queryRows<{
      id: string;
      business_name: string | null;
      account_number: string;
      type: string;
      status: string;
      opened_at: string;
      is_disputed: boolean;
    }>(
      db,
      sql`SELECT a.id, b.business_name, a.account_number, a.type, a.status, a.opened_at::text, a.is_disputed
          FROM credit_accounts a LEFT JOIN business_profiles b ON b.user_id = a.business_id
          WHERE a.subject_id = ${subjectId} ORDER BY a.opened_at DESC LIMIT 50`,
    ),
    queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM credit_inquiries WHERE subject_id = ${subjectId}`),
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
const swapDayMonth = (d: string) => `${d.slice(0, 4)}-${d.slice(8, 10)}-${d.slice(5, 7)}`;

type Evidence = NonNullable<Awaited<ReturnType<typeof loadEvidence>>>;

function compare(record: Evidence, candidate: Evidence): TMatchReviewDetail['agreement'] {
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
    for (const id of record.rawIdentifiers) {
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
  const [row] = await queryRows<ReviewRow>(db, sql`${REVIEW_SELECT} WHERE r.id = ${id}`);
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
    agreement: record && candidate && !isSamePerson ? compare(record, candidate) : [],
  };
}

/** Tables whose subject references the merge moves itself (keys that could collide, or history). */
const HANDLED = new Set([
  'credit_subject_identifiers',
  'credit_subject_names',
  'credit_subject_phones',
  'credit_subject_addresses',
  'credit_accounts',
  'credit_inquiries',
  'credit_inquiry_subjects',
  'credit_match_reviews',
  'credit_scores',
]);

const countOf = (result: unknown) =>
  Number((result as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0);

/**
 * Merges the two people of a review into one, in one transaction: identifiers, names, phones,
 * addresses, accounts, inquiries and scores move to the surviving person, and so does any row of
 * another area that references a registry subject (found through the foreign keys, so a table
 * added later is not forgotten). The absorbed person is deleted and the merge is recorded.
 */
export async function mergeReview(
  db: Database,
  reviewId: string,
  input: { survivor: 'candidate' | 'record'; note?: string },
  context: AuditContext,
) {
  return db.transaction(async (tx) => {
    const t = tx;
    const [review] = await queryRows<{ subject_id: string; candidate_subject_id: string; status: ReviewStatus }>(
      t,
      sql`SELECT subject_id, candidate_subject_id, status FROM credit_match_reviews WHERE id = ${reviewId} FOR UPDATE`,
    );
    if (!review) throw notFound('Review not found');
    if (review.status !== 'open')
      throw new HttpError(409, `This review is already ${review.status === 'merged' ? 'merged' : 'closed (kept apart)'}.`);
    if (review.subject_id === review.candidate_subject_id) throw new HttpError(409, 'These records already belong to one person.');
    const survivor = input.survivor === 'record' ? review.subject_id : review.candidate_subject_id;
    const absorbed = input.survivor === 'record' ? review.candidate_subject_id : review.subject_id;
    // Both people locked, in id order so two merges never wait on each other in a circle.
    const locked = await queryRows<{ id: string }>(
      t,
      sql`SELECT id FROM credit_subjects WHERE id IN (${survivor}, ${absorbed}) ORDER BY id FOR UPDATE`,
    );
    if (locked.length !== 2)
      throw new HttpError(409, 'One of these people is no longer in the registry (merged elsewhere). Reload the queue.');

    const moved: Record<string, number> = {};
    const run = async (name: string, statement: ReturnType<typeof sql>) => {
      moved[name] = (moved[name] ?? 0) + countOf(await tx.execute(statement));
    };
    await run('identifiers', sql`UPDATE credit_subject_identifiers SET subject_id = ${survivor} WHERE subject_id = ${absorbed}`);
    await run(
      'names',
      sql`INSERT INTO credit_subject_names (subject_id, first_name, middle_name, last_name, date_of_birth, created_at)
          SELECT ${survivor}, first_name, middle_name, last_name, date_of_birth, created_at FROM credit_subject_names WHERE subject_id = ${absorbed}
          ON CONFLICT DO NOTHING`,
    );
    await run(
      'phones',
      sql`INSERT INTO credit_subject_phones (subject_id, phone, first_reported_at, last_reported_at)
          SELECT ${survivor}, phone, first_reported_at, last_reported_at FROM credit_subject_phones WHERE subject_id = ${absorbed}
          ON CONFLICT (subject_id, phone) DO UPDATE SET first_reported_at = LEAST(credit_subject_phones.first_reported_at, EXCLUDED.first_reported_at),
            last_reported_at = GREATEST(credit_subject_phones.last_reported_at, EXCLUDED.last_reported_at)`,
    );
    await run(
      'addresses',
      sql`INSERT INTO credit_subject_addresses (subject_id, line, district, first_reported_at, last_reported_at)
          SELECT ${survivor}, line, district, first_reported_at, last_reported_at FROM credit_subject_addresses WHERE subject_id = ${absorbed}
          ON CONFLICT (subject_id, line) DO UPDATE SET first_reported_at = LEAST(credit_subject_addresses.first_reported_at, EXCLUDED.first_reported_at),
            last_reported_at = GREATEST(credit_subject_addresses.last_reported_at, EXCLUDED.last_reported_at)`,
    );
    await run('accounts', sql`UPDATE credit_accounts SET subject_id = ${survivor}, updated_at = now() WHERE subject_id = ${absorbed}`);
    await run('inquiries', sql`UPDATE credit_inquiries SET subject_id = ${survivor} WHERE subject_id = ${absorbed}`);
    await run(
      'inquirySubjects',
      sql`INSERT INTO credit_inquiry_subjects (inquiry_id, subject_id, match_score)
          SELECT inquiry_id, ${survivor}, match_score FROM credit_inquiry_subjects WHERE subject_id = ${absorbed}
          ON CONFLICT DO NOTHING`,
    );
    await run('scores', sql`UPDATE credit_scores SET subject_id = ${survivor} WHERE subject_id = ${absorbed}`);

    // Rows of other areas (disputes, consents...) that point at a registry subject.
    const references = await queryRows<{ table_name: string; column_name: string }>(
      t,
      sql`SELECT c.relname AS table_name, a.attname AS column_name
          FROM pg_constraint k
          JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
          JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1]
          WHERE k.contype = 'f' AND k.confrelid = 'credit_subjects'::regclass AND n.nspname = 'public' AND array_length(k.conkey, 1) = 1
          ORDER BY 1, 2`,
    );
    for (const ref of references) {
      if (HANDLED.has(ref.table_name)) continue;
      const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
      await run(
        ref.table_name,
        sql`UPDATE ${sql.raw(ident(ref.table_name))} SET ${sql.raw(ident(ref.column_name))} = ${survivor} WHERE ${sql.raw(ident(ref.column_name))} = ${absorbed}`,
      );
    }

    // The review queue: this review and any other pair involving the absorbed person now point at the survivor.
    await tx.execute(sql`UPDATE credit_match_reviews SET subject_id = ${survivor} WHERE subject_id = ${absorbed}`);
    await tx.execute(sql`UPDATE credit_match_reviews SET candidate_subject_id = ${survivor} WHERE candidate_subject_id = ${absorbed}`);
    await tx.execute(
      sql`UPDATE credit_match_reviews SET status = 'merged', resolved_by = ${context.actorUserId ?? null}, resolved_at = now()
          WHERE status = 'open' AND subject_id = candidate_subject_id AND subject_id = ${survivor}`,
    );
    // What the survivor lacks, the absorbed person's row may know; a freeze by either stays.
    await tx.execute(
      sql`UPDATE credit_subjects s SET date_of_birth = COALESCE(s.date_of_birth, a.date_of_birth), district = COALESCE(s.district, a.district),
            middle_name = COALESCE(s.middle_name, a.middle_name),
            frozen_at = CASE WHEN s.frozen_at IS NULL THEN a.frozen_at WHEN a.frozen_at IS NULL THEN s.frozen_at ELSE LEAST(s.frozen_at, a.frozen_at) END,
            updated_at = now()
          FROM credit_subjects a WHERE s.id = ${survivor} AND a.id = ${absorbed}`,
    );
    await tx.execute(sql`DELETE FROM credit_subjects WHERE id = ${absorbed}`);
    await tx.execute(
      sql`INSERT INTO credit_subject_merges (absorbed_subject_id, survivor_subject_id, review_id, merged_by, moved)
          VALUES (${absorbed}, ${survivor}, ${reviewId}, ${context.actorUserId ?? null}, ${JSON.stringify(moved)}::jsonb)`,
    );
    await recordAuditEvent(t, {
      action: 'admin.subjects_merged',
      ...context,
      subjectId: survivor,
      targetType: 'match_review',
      targetId: reviewId,
      details: { absorbedSubjectId: absorbed, survivor: input.survivor, moved, ...(input.note ? { note: input.note } : {}) },
    });
    return { survivorSubjectId: survivor, absorbedSubjectId: absorbed, moved, message: 'Merged: both records now belong to one person.' };
  });
}

export async function keepApart(
  db: Database,
  reviewId: string,
  note: string | undefined,
  context: AuditContext,
): Promise<TMatchReviewDetail> {
  await db.transaction(async (tx) => {
    const t = tx;
    const [review] = await queryRows<{ status: ReviewStatus; subject_id: string; candidate_subject_id: string }>(
      t,
      sql`SELECT status, subject_id, candidate_subject_id FROM credit_match_reviews WHERE id = ${reviewId} FOR UPDATE`,
    );
    if (!review) throw notFound('Review not found');
    if (review.status !== 'open')
      throw new HttpError(409, `This review is already ${review.status === 'merged' ? 'merged' : 'closed (kept apart)'}.`);
    await tx.execute(
      sql`UPDATE credit_match_reviews SET status = 'dismissed', resolved_by = ${context.actorUserId ?? null}, resolved_at = now() WHERE id = ${reviewId}`,
    );
    await recordAuditEvent(t, {
      action: 'admin.match_kept_apart',
      ...context,
      subjectId: review.subject_id,
      targetType: 'match_review',
      targetId: reviewId,
      details: { candidateSubjectId: review.candidate_subject_id, ...(note ? { note } : {}) },
    });
  });
  return getMatchReview(db, reviewId);
}
