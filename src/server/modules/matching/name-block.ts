import { sql, type SQL } from 'drizzle-orm';
import { TIGHT_BLOCK_LIMIT } from './blocking';

/**
 * The tight name block of one probe as a subquery of person ids: born on the date (or its
 * day-month swap) with both names' sounds, either way round. The same keys, index and limit as
 * findCandidateSubjects's tight block (blocking.ts), for a statement that reads the block's people
 * in the same round trip (a search: reports/search.ts). Each argument is an SQL expression (a
 * placeholder of a compiled statement): `dobs` a date[], the codes text.
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
