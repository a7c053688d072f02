import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { queryPreparedParsedRows } from '../../db/prepared';
import { queryParsedRows } from '../../db/query';
import { plainArray, textArray } from '../../db/sql-arrays';
import { ZLooseBlockRow, ZTightBlockRow } from './candidate-rows';
import { inIndexOrder } from './index-order';
import { tightNameBlockSql } from './name-block';

type Executor = Pick<Database, 'execute'>;

export interface BlockingProbe {
  idx: number;
  firstCode: string;
  lastCode: string;
  dob: string | null;
  swappedDob: string | null;
  phone: string | null;
}

/** Most people one phone number may bring in as candidates (a lender's own number on many records). */
const PHONE_CANDIDATE_LIMIT = 20;
/**
 * Most people one loose block may bring in. Blocks on a birth date and one name's sound are large
 * for common names on common dates (thousands of Kamaras carry 1 January at national scale); the
 * tight block (birth date and both sounds) has no limit, so the usual case is never cut.
 */
const LOOSE_BLOCK_LIMIT = 40;

const PROBES_CTE = (probes: BlockingProbe[]) => sql`WITH p AS (
    SELECT p.*, ARRAY[p.dob, p.sdob] AS dobs,
      make_date(extract(year FROM p.dob)::int, extract(month FROM p.dob)::int, 1) AS month_start
    FROM unnest(
      ${plainArray(probes.map((p) => p.idx))}::int[],
      ${textArray(probes.map((p) => p.firstCode))}::text[],
      ${textArray(probes.map((p) => p.lastCode))}::text[],
      ${plainArray(probes.map((p) => p.dob))}::date[],
      ${plainArray(probes.map((p) => p.swappedDob))}::date[],
      ${textArray(probes.map((p) => p.phone))}::text[]
    ) AS p(idx, fc, lc, dob, sdob, phone)
  )`;

/**
 * The batch's distinct blocking keys: each name key (both sounds and the birth date) and each phone
 * once, whatever number of rows share it. A block's answer depends on its key alone, so a file of
 * 20,000 rows with one name and birth date asks the name blocks once (issue 22).
 */
class DistinctKeys {
  /** Probes of the statement: name keys first (no phone), then phones (no name, no birth date). */
  readonly probes: BlockingProbe[] = [];
  /** Statement probe idx -> the batch's probe idxs with that key. */
  readonly rowsOf: number[][] = [];
  /** Batch probe idx -> its name key's and its phone's statement probe idx. */
  readonly nameKeyOf = new Map<number, number>();
  readonly phoneKeyOf = new Map<number, number>();

  constructor(batch: BlockingProbe[], options: { phones: boolean }) {
    const names = new Map<string, number>();
    for (const p of batch) {
      const key = `${p.firstCode}|${p.lastCode}|${p.dob ?? ''}|${p.swappedDob ?? ''}`;
      let k = names.get(key);
      if (k === undefined) {
        names.set(key, (k = this.add({ ...p, phone: null })));
      }
      this.rowsOf[k].push(p.idx);
      this.nameKeyOf.set(p.idx, k);
    }
    if (!options.phones) return;
    const phones = new Map<string, number>();
    for (const p of batch) {
      if (p.phone === null) continue;
      let k = phones.get(p.phone);
      if (k === undefined) {
        phones.set(p.phone, (k = this.add({ idx: 0, firstCode: '', lastCode: '', dob: null, swappedDob: null, phone: p.phone })));
      }
      this.rowsOf[k].push(p.idx);
      this.phoneKeyOf.set(p.idx, k);
    }
  }

  private add(probe: BlockingProbe): number {
    const k = this.probes.length;
    this.probes.push({ ...probe, idx: k });
    this.rowsOf.push([]);
    return k;
  }
}

/**
 * People worth scoring against each probe, found by blocking keys that each hit an index. First
 * the tight blocks: birth date (or its day-month swap) with both names' sounds, either way round,
 * and the phone. A probe whose tight blocks already agree on someone (same names, same birth date,
 * same phone) stops there; the others also get the loose blocks: birth date with one name's sound,
 * either way round (the other misspelt past recognition), both sounds in the same birth month (a mistyped day), and
 * both sounds where either side has no birth date. Each distinct key is asked once (DistinctKeys).
 */
export async function findCandidateSubjects(
  db: Executor,
  batch: BlockingProbe[],
  // `blocks`: 'tight' runs only the tight blocks, 'loose' only the loose ones (a search scores the
  // tight block's people first and asks for the loose blocks only when none of them is the person).
  options: { prepared?: boolean; blocks?: 'all' | 'tight' | 'loose' } = {},
): Promise<Map<number, Set<string>>> {
  // A search (one probe, many a second) plans each block once per connection; a monthly file's
  // rounds keep custom plans, planned for their thousands of probes.
  const query = <S extends z.ZodType>(name: string, schema: S, statement: SQL) =>
    options.prepared
      ? queryPreparedParsedRows(db as Database, name, schema, statement)
      : queryParsedRows(db as Database, schema, statement);
  const result = new Map<number, Set<string>>();
  if (batch.length === 0) return result;
  const add = (idx: number, subjectId: string) => {
    let set = result.get(idx);
    if (!set) result.set(idx, (set = new Set()));
    set.add(subjectId);
  };
  const blocks = options.blocks ?? 'all';
  const keys = new DistinctKeys(batch, { phones: blocks !== 'loose' });
  const tight =
    blocks === 'loose'
      ? []
      : await query(
          'match-tight-block',
          ZTightBlockRow,
          sql`${PROBES_CTE(inIndexOrder(keys.probes, (p) => `${p.dob ?? ''} ${p.lastCode} ${p.firstCode} ${p.phone ?? ''}`))}
        SELECT p.idx, x.subject_id, 'name' AS via FROM p CROSS JOIN LATERAL (
          ${tightNameBlockSql({ firstCode: sql`p.fc`, lastCode: sql`p.lc`, dobs: sql`p.dobs` })}
        ) x WHERE p.dob IS NOT NULL
        UNION ALL
        SELECT p.idx, x.subject_id, 'phone' AS via FROM p CROSS JOIN LATERAL (
          SELECT ph.subject_id FROM credit_subject_phones ph WHERE ph.phone = p.phone LIMIT ${PHONE_CANDIDATE_LIMIT}
        ) x WHERE p.phone IS NOT NULL`,
        );
  const found = keys.probes.map(() => new Set<string>());
  for (const r of tight) found[r.idx].add(r.subject_id);
  const open: BlockingProbe[] = [];
  for (const p of batch) {
    const byName = found[keys.nameKeyOf.get(p.idx)!];
    const phoneKey = keys.phoneKeyOf.get(p.idx);
    const byPhone = phoneKey === undefined ? undefined : found[phoneKey];
    for (const id of byName) add(p.idx, id);
    let settled = false;
    if (byPhone)
      for (const id of byPhone) {
        add(p.idx, id);
        if (byName.has(id)) settled = true;
      }
    if (!settled) open.push(p);
  }
  if (open.length === 0 || blocks === 'tight') return result;
  const openKeys = new DistinctKeys(open, { phones: false });
  const loose = await query(
    'match-loose-block',
    ZLooseBlockRow,
    sql`${PROBES_CTE(inIndexOrder(openKeys.probes, (p) => `${p.dob ?? ''} ${p.lastCode} ${p.firstCode}`))}
        SELECT p.idx, x.subject_id FROM p CROSS JOIN LATERAL (
          SELECT n.subject_id FROM credit_subject_names n
           WHERE n.date_of_birth = ANY (p.dobs) AND n.last_code = ANY (ARRAY[p.lc, p.fc]) LIMIT ${LOOSE_BLOCK_LIMIT}
        ) x WHERE p.dob IS NOT NULL
        UNION ALL
        SELECT p.idx, x.subject_id FROM p CROSS JOIN LATERAL (
          SELECT n.subject_id FROM credit_subject_names n
           WHERE n.date_of_birth = ANY (p.dobs) AND n.first_code = ANY (ARRAY[p.fc, p.lc]) LIMIT ${LOOSE_BLOCK_LIMIT}
        ) x WHERE p.dob IS NOT NULL
        UNION ALL
        SELECT p.idx, x.subject_id FROM p CROSS JOIN LATERAL (
          SELECT n.subject_id FROM credit_subject_names n
           WHERE n.last_code = p.lc AND n.first_code = p.fc
             AND n.date_of_birth >= p.month_start AND n.date_of_birth < (p.month_start + interval '1 month')::date
           LIMIT ${LOOSE_BLOCK_LIMIT}
        ) x WHERE p.dob IS NOT NULL
        UNION ALL
        SELECT p.idx, x.subject_id FROM p CROSS JOIN LATERAL (
          SELECT n.subject_id FROM credit_subject_names n
           WHERE n.last_code = p.lc AND n.first_code = p.fc AND n.date_of_birth IS NULL LIMIT ${LOOSE_BLOCK_LIMIT}
        ) x
        UNION ALL
        SELECT p.idx, x.subject_id FROM p CROSS JOIN LATERAL (
          SELECT n.subject_id FROM credit_subject_names n WHERE n.last_code = p.lc AND n.first_code = p.fc LIMIT ${LOOSE_BLOCK_LIMIT}
        ) x WHERE p.dob IS NULL`,
  );
  for (const r of loose) for (const idx of openKeys.rowsOf[r.idx]) add(idx, r.subject_id);
  return result;
}
