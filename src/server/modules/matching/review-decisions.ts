import type { TMatchReviewDetail } from '@shared/schemas/admin';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';
import { HttpError, notFound } from '../../lib/http-error';
import { recordAuditEvent, type AuditContext } from '../audit';
import { getMatchReview, ZReviewStatus } from './match-reviews';

// An administrator's decision on a review: merge the two people into one, or keep them apart.

/** The review, locked for the decision; 404 when unknown, 409 when it was already decided. */
async function lockOpenReview(tx: Database, reviewId: string) {
  const [review] = await queryParsedRows(
    tx,
    z.object({ subject_id: z.string(), candidate_subject_id: z.string(), status: ZReviewStatus }),
    sql`SELECT subject_id, candidate_subject_id, status FROM credit_match_reviews WHERE id = ${reviewId} FOR UPDATE`,
  );
  if (!review) throw notFound('Review not found');
  if (review.status !== 'open')
    throw new HttpError(409, `This review is already ${review.status === 'merged' ? 'merged' : 'closed (kept apart)'}.`);
  return review;
}

/** Tables whose subject references the merge moves itself (keys that could collide, or history). */
const HANDLED = new Set([
  'credit_subject_identifiers',
  'credit_subject_names',
  'credit_subject_phones',
  'credit_subject_addresses',
  'credit_accounts',
  'credit_account_parties',
  'credit_inquiries',
  'credit_inquiry_subjects',
  'credit_match_reviews',
  'credit_scores',
]);

const countOf = (result: unknown) =>
  Number((result as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0);

/**
 * Merges the two people of a review into one, in one transaction: identifiers, names, phones,
 * addresses, accounts (and places as co-borrower or guarantor), inquiries and scores move to the surviving person, and so does any row of
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
    const review = await lockOpenReview(tx, reviewId);
    if (review.subject_id === review.candidate_subject_id) throw new HttpError(409, 'These records already belong to one person.');
    const survivor = input.survivor === 'record' ? review.subject_id : review.candidate_subject_id;
    const absorbed = input.survivor === 'record' ? review.candidate_subject_id : review.subject_id;
    // Both people locked, in id order so two merges never wait on each other in a circle.
    const locked = await queryParsedRows(
      tx,
      z.object({ id: z.string() }),
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
    // Co-borrowers and guarantors: the absorbed person's place on an account goes to the survivor,
    // unless the survivor is already on it (its borrower, or a party: their own role stays).
    await run(
      'parties',
      sql`INSERT INTO credit_account_parties (account_id, subject_id, role, created_at)
          SELECT p.account_id, ${survivor}, p.role, p.created_at FROM credit_account_parties p JOIN credit_accounts a ON a.id = p.account_id
          WHERE p.subject_id = ${absorbed} AND a.subject_id <> ${survivor}
          ON CONFLICT DO NOTHING`,
    );
    await tx.execute(sql`DELETE FROM credit_account_parties WHERE subject_id = ${absorbed}`);
    await tx.execute(sql`DELETE FROM credit_account_parties p USING credit_accounts a
      WHERE a.id = p.account_id AND p.subject_id = ${survivor} AND a.subject_id = ${survivor}`);
    await run('inquiries', sql`UPDATE credit_inquiries SET subject_id = ${survivor} WHERE subject_id = ${absorbed}`);
    await run(
      'inquirySubjects',
      sql`INSERT INTO credit_inquiry_subjects (inquiry_id, subject_id, match_score)
          SELECT inquiry_id, ${survivor}, match_score FROM credit_inquiry_subjects WHERE subject_id = ${absorbed}
          ON CONFLICT DO NOTHING`,
    );
    await run('scores', sql`UPDATE credit_scores SET subject_id = ${survivor} WHERE subject_id = ${absorbed}`);

    // Rows of other areas (disputes, consents...) that point at a registry subject.
    const references = await queryParsedRows(
      tx,
      z.object({ table_name: z.string(), column_name: z.string() }),
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
    await recordAuditEvent(tx, {
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
    const review = await lockOpenReview(tx, reviewId);
    await tx.execute(
      sql`UPDATE credit_match_reviews SET status = 'dismissed', resolved_by = ${context.actorUserId ?? null}, resolved_at = now() WHERE id = ${reviewId}`,
    );
    await recordAuditEvent(tx, {
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
