import { sql, type SQL } from 'drizzle-orm';

/**
 * A safety cap on the tight block. Every block is a LATERAL subquery with a LIMIT on purpose: it
 * keeps PostgreSQL probing the index once per row, where its planner would otherwise merge-join
 * whole index ranges of common names (Kamara, Mohamed) against the batch.
 */
export const TIGHT_BLOCK_LIMIT = 200;

/**
 * The tight name block of one probe as a subquery of person ids: born on the date (or its
 * day-month swap) with both names' sounds, either way round: the one definition, used by
 * findCandidateSubjects (blocking.ts, a LATERAL per probe of a batch) and by a search's first
 * read, which loads the block's people in the same round trip (reports/search.ts). Each argument
 * is an SQL expression (a column of the probes, or a placeholder): `dobs` a date[], the codes text.
 */
export function tightNameBlockSql(probe: { firstCode: SQL; lastCode: SQL; dobs: SQL }): SQL {
  return sql`(SELECT n.subject_id FROM credit_subject_names n
        WHERE n.date_of_birth = ANY (${probe.dobs}) AND n.last_code = ${probe.lastCode} AND n.first_code = ${probe.firstCode}
        LIMIT ${sql.raw(String(TIGHT_BLOCK_LIMIT))})
      UNION
      (SELECT n.subject_id FROM credit_subject_names n
        WHERE n.date_of_birth = ANY (${probe.dobs}) AND n.last_code = ${probe.firstCode} AND n.first_code = ${probe.lastCode}
        LIMIT ${sql.raw(String(TIGHT_BLOCK_LIMIT))})`;
}
