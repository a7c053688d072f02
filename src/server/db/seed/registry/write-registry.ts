import { sql } from 'drizzle-orm';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { normalizeName } from '../../../modules/matching';
import { recountReportUsage } from '../../../modules/reports';
import type { Database, DatabaseHandle } from '../../client';
import { z } from 'zod';
import { queryParsedRows } from '../../query';
import { analyseTables } from '../../statistics';
import { generatePerson, indexLenders, type GeneratedPerson } from './generate';
import { LENDERS, type LenderProfile } from './lenders';

// Writes a generated registry. PostgreSQL and PGlite get COPY (a text stream per table per batch);
// a plain Database (the demo seed) gets one INSERT ... SELECT FROM unnest per table per batch.
// Either way a batch of 10,000 people is a handful of statements, never one per row.

type Cell = string | number | null;

interface TableSpec {
  name: string;
  columns: string[];
  /** PostgreSQL array types of the columns, for the INSERT path. */
  types: string[];
}

const TABLES = {
  subjects: {
    name: 'credit_subjects',
    columns: ['id', 'first_name', 'middle_name', 'last_name', 'date_of_birth', 'district'],
    types: ['uuid', 'text', 'text', 'text', 'date', 'text'],
  },
  identifiers: {
    name: 'credit_subject_identifiers',
    columns: ['type', 'value', 'subject_id'],
    types: ['credit_identifier_type', 'text', 'uuid'],
  },
  names: {
    name: 'credit_subject_names',
    columns: ['subject_id', 'first_name', 'middle_name', 'last_name', 'date_of_birth'],
    types: ['uuid', 'text', 'text', 'text', 'date'],
  },
  phones: { name: 'credit_subject_phones', columns: ['subject_id', 'phone'], types: ['uuid', 'text'] },
  addresses: { name: 'credit_subject_addresses', columns: ['subject_id', 'line', 'district'], types: ['uuid', 'text', 'text'] },
  accounts: {
    name: 'credit_accounts',
    columns: [
      'id',
      'business_id',
      'subject_id',
      'account_number',
      'type',
      'currency',
      'principal',
      'balance',
      'opened_at',
      'status',
      'default_amount',
      'default_date',
      'payment_history',
      'last_reported_at',
      'amount_past_due',
      'first_delinquency_date',
      'last_payment_date',
      'last_payment_amount',
      'scheduled_payment_amount',
      'term_months',
      'payment_frequency',
      'closed_at',
    ],
    types: [
      ...['uuid', 'uuid', 'uuid', 'text', 'text', 'text', 'int8', 'int8', 'date', 'text', 'int8', 'date', 'text', 'timestamptz'],
      ...['int8', 'date', 'date', 'int8', 'int8', 'int4', 'text', 'date'],
    ],
  },
  // Group loans' co-borrowers and guarantors, and each account's months of balance (issue 17).
  parties: { name: 'credit_account_parties', columns: ['account_id', 'subject_id', 'role'], types: ['uuid', 'uuid', 'text'] },
  months: {
    name: 'credit_account_months',
    columns: ['account_id', 'month', 'balance', 'amount_past_due', 'status'],
    types: ['uuid', 'date', 'int8', 'int8', 'text'],
  },
  inquiries: {
    name: 'credit_inquiries',
    columns: ['id', 'business_id', 'user_id', 'kind', 'purpose', 'subject_id', 'result_count', 'consent_given', 'created_at'],
    types: ['uuid', 'uuid', 'uuid', 'credit_inquiry_kind', 'text', 'uuid', 'int4', 'bool', 'timestamptz'],
  },
  inquirySubjects: {
    name: 'credit_inquiry_subjects',
    columns: ['inquiry_id', 'subject_id', 'match_score'],
    types: ['uuid', 'uuid', 'int4'],
  },
} satisfies Record<string, TableSpec>;
type TableKey = keyof typeof TABLES;

/** Where rows go. */
interface RowSink {
  write(table: TableSpec, rows: Cell[][]): Promise<void>;
  /** Runs `work` so a batch lands whole or not at all. */
  inBatch(work: () => Promise<void>): Promise<void>;
}

const copyCell = (v: Cell) => (v === null ? '\\N' : String(v).replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n'));
const copyText = (rows: Cell[][]) => rows.map((r) => r.map(copyCell).join('\t')).join('\n') + '\n';
const copyStatement = (t: TableSpec, source: string) => `COPY ${t.name} (${t.columns.join(', ')}) FROM ${source}`;

function postgresSink(handle: DatabaseHandle, isBulk: boolean): RowSink {
  let client: PoolClient | null = null;
  return {
    async write(table, rows) {
      if (rows.length === 0) return;
      const stream = client!.query(copyFrom(copyStatement(table, 'STDIN')));
      await pipeline(Readable.from([copyText(rows)]), stream);
    },
    async inBatch(work) {
      const connection = await handle.pool!.connect();
      client = connection;
      try {
        await connection.query('BEGIN');
        // A bulk load of generated rows (consistent by construction) skips the per-row foreign-key
        // triggers, the slowest part of COPY. Needs a superuser; without one the checks simply run.
        if (isBulk && (await connection.query('SELECT rolsuper FROM pg_roles WHERE rolname = current_user')).rows[0]?.rolsuper) {
          await connection.query('SET LOCAL session_replication_role = replica');
        }
        await work();
        await connection.query('COMMIT');
      } catch (error) {
        await connection.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        connection.release();
        client = null;
      }
    },
  };
}

function pgliteSink(handle: DatabaseHandle): RowSink {
  const pglite = handle.pglite!;
  return {
    async write(table, rows) {
      if (rows.length === 0) return;
      await pglite.query(copyStatement(table, `'/dev/blob'`), [], { blob: new Blob([copyText(rows)]) });
    },
    async inBatch(work) {
      await pglite.exec('BEGIN');
      try {
        await work();
        await pglite.exec('COMMIT');
      } catch (error) {
        await pglite.exec('ROLLBACK').catch(() => {});
        throw error;
      }
    },
  };
}

/** For callers that only hold a Database (the seed runs inside its own transaction). */
function insertSink(db: Pick<Database, 'execute'>): RowSink {
  return {
    async write(table, rows) {
      if (rows.length === 0) return;
      const columns = table.columns.map(
        (_, j) => sql`${sql.param(rows.map((r) => (r[j] === null ? null : String(r[j]))))}::text[]::${sql.raw(table.types[j])}[]`,
      );
      await db.execute(
        sql`INSERT INTO ${sql.raw(table.name)} (${sql.raw(table.columns.join(', '))}) SELECT * FROM unnest(${sql.join(columns, sql`, `)})`,
      );
    },
    inBatch: (work) => work(),
  };
}

/**
 * The lenders' business accounts: found by name, created when missing (verified, Enterprise,
 * active, and unable to sign in: their password hash is not a hash). `existing` maps a lender key
 * to a business already there, such as the demo business.
 */
export async function ensureLenders(
  db: Database,
  lenders: readonly LenderProfile[],
  existing: Record<string, string> = {},
): Promise<string[]> {
  const ids: string[] = [];
  for (const lender of lenders) {
    if (existing[lender.key]) {
      ids.push(existing[lender.key]);
      continue;
    }
    const [found] = await queryParsedRows(
      db,
      z.object({ user_id: z.string() }),
      sql`SELECT user_id FROM business_profiles WHERE business_name = ${lender.name} LIMIT 1`,
    );
    if (found) {
      ids.push(found.user_id);
      continue;
    }
    const [user] = await queryParsedRows(
      db,
      z.object({ id: z.string() }),
      sql`INSERT INTO users (role, username, email, password_hash, status)
          VALUES ('business', ${`lender-${lender.key}`}, ${`${lender.key}@lenders.example.sl`}, '!synthetic-lender-cannot-sign-in', 'disabled')
          RETURNING id`,
    );
    await db.execute(sql`
      INSERT INTO business_profiles (user_id, business_name, business_type, registration_number, contact_name, phone, email,
        verification_status, verified_at, plan_code, subscription_status)
      VALUES (${user.id}::uuid, ${lender.name}, ${lender.kind === 'bank' || lender.kind === 'mfi' || lender.kind === 'mobile' ? 'financial' : 'service'},
        ${`SL-SYN-${lender.key}`}, 'Synthetic lender', '+23276999999', ${`${lender.key}@lenders.example.sl`}, 'verified', now(), 'enterprise', 'active')`);
    ids.push(user.id);
  }
  return ids;
}

/**
 * The other people on a generated group loan: the two people generated just before its borrower
 * (neighbours in a solidarity group), a guarantor always and a co-borrower for every other
 * borrower; none when those people are not in this run (`partyIdOf` gives null).
 */
function partiesOf(p: GeneratedPerson, partyIdOf: (index: number) => string | null): { subjectId: string; role: string }[] {
  const guarantor = partyIdOf(p.index - 2);
  const coBorrower = p.index % 2 === 0 ? partyIdOf(p.index - 1) : null;
  return [
    ...(coBorrower ? [{ subjectId: coBorrower, role: 'co_borrower' }] : []),
    ...(guarantor ? [{ subjectId: guarantor, role: 'guarantor' }] : []),
  ];
}

function rowsOfBatch(
  people: GeneratedPerson[],
  lenderIds: string[],
  realLenders: Set<string>,
  asOf: Date,
  partyIdOf: (index: number) => string | null,
): Record<TableKey, Cell[][]> {
  const out: Record<TableKey, Cell[][]> = {
    subjects: [],
    identifiers: [],
    names: [],
    phones: [],
    addresses: [],
    accounts: [],
    parties: [],
    months: [],
    inquiries: [],
    inquirySubjects: [],
  };
  const monthOf = (ago: number) => new Date(Date.UTC(asOf.getUTCFullYear(), asOf.getUTCMonth() - ago, 1)).toISOString().slice(0, 10);
  const reportedAt = asOf.toISOString();
  const monthStart = Date.UTC(asOf.getUTCFullYear(), asOf.getUTCMonth(), 1);
  for (const p of people) {
    out.subjects.push([p.id, p.firstName, p.middleName, p.lastName, p.dateOfBirth, p.district]);
    if (p.nin) out.identifiers.push(['nin', p.nin, p.id]);
    if (p.passport) out.identifiers.push(['passport', p.passport, p.id]);
    if (p.driversLicense) out.identifiers.push(['drivers_license', p.driversLicense, p.id]);
    out.names.push([p.id, normalizeName(p.firstName), normalizeName(p.middleName), normalizeName(p.lastName), p.dateOfBirth]);
    out.phones.push([p.id, p.phone]);
    out.addresses.push([p.id, p.addressLine, p.district]);
    for (const a of p.accounts) {
      out.accounts.push([
        a.id,
        lenderIds[a.lender],
        p.id,
        a.accountNumber,
        a.type,
        a.currency,
        a.principal,
        a.balance,
        a.openedAt,
        a.status,
        a.defaultAmount,
        a.defaultDate,
        a.paymentHistory,
        reportedAt,
        a.amountPastDue,
        a.firstDelinquencyDate,
        a.lastPaymentDate,
        a.lastPaymentAmount,
        a.scheduledPaymentAmount,
        a.termMonths,
        a.paymentFrequency,
        a.closedAt,
      ]);
      a.months.forEach((m, ago) => out.months.push([a.id, monthOf(ago), m.balance, m.amountPastDue, m.status]));
      if (a.type === 'group_loan') for (const party of partiesOf(p, partyIdOf)) out.parties.push([a.id, party.subjectId, party.role]);
    }
    for (const q of p.inquiries) {
      const business = lenderIds[q.lender];
      // A real business (the demo one) must find its monthly quota untouched by synthetic history.
      const at =
        realLenders.has(business) && q.createdAt.getTime() >= monthStart ? new Date(q.createdAt.getTime() - 31 * 86_400_000) : q.createdAt;
      out.inquiries.push([q.id, business, business, 'report', q.purpose, p.id, 1, 'true', at.toISOString()]);
      out.inquirySubjects.push([q.id, p.id, 100]);
    }
  }
  return out;
}

export interface WriteRegistryOptions {
  people: number;
  seed: number;
  asOf: Date;
  /** Index of the first person (to add to a registry generated earlier with the same seed). */
  startIndex?: number;
  batchSize?: number;
  /** Lender key -> existing business id (the demo seed passes the demo business). */
  existingLenders?: Record<string, string>;
  /** Drop secondary indexes during the load and build them once at the end (PostgreSQL, large loads). */
  rebuildIndexes?: boolean;
  onProgress?: (written: number) => void;
}

export interface WriteRegistryResult {
  people: number;
  accounts: number;
  inquiries: number;
  milliseconds: number;
}

async function writeWith(sink: RowSink, db: Database, options: WriteRegistryOptions): Promise<WriteRegistryResult> {
  const started = performance.now();
  const lenderIds = await ensureLenders(db, LENDERS, options.existingLenders);
  const lenders = indexLenders(LENDERS);
  const batchSize = options.batchSize ?? 10_000;
  const start = options.startIndex ?? 0;
  let accounts = 0;
  let inquiries = 0;
  // Ids of the people written so far that a later group loan may name (the two before each person).
  const idOfIndex = new Map<number, string>();
  const partyIdOf = (index: number) => (index >= start ? (idOfIndex.get(index) ?? null) : null);
  for (let from = start; from < start + options.people; from += batchSize) {
    const to = Math.min(start + options.people, from + batchSize);
    const people: GeneratedPerson[] = [];
    for (let i = from; i < to; i++) people.push(generatePerson({ seed: options.seed, asOf: options.asOf }, i, lenders));
    for (const p of people) idOfIndex.set(p.index, p.id);
    const rows = rowsOfBatch(people, lenderIds, new Set(Object.values(options.existingLenders ?? {})), options.asOf, partyIdOf);
    // Only the last two of a batch can be named by the next one.
    for (const index of [...idOfIndex.keys()]) if (index < to - 2) idOfIndex.delete(index);
    accounts += rows.accounts.length;
    inquiries += rows.inquiries.length;
    await sink.inBatch(async () => {
      for (const key of Object.keys(TABLES) as TableKey[]) await sink.write(TABLES[key], rows[key]);
    });
    options.onProgress?.(to - start);
  }
  // The generated inquiries include reports: the monthly quota counters follow them.
  await recountReportUsage(db);
  return { people: options.people, accounts, inquiries, milliseconds: performance.now() - started };
}

/** The registry's secondary indexes (not those behind primary keys or unique constraints). */
async function secondaryIndexes(db: Database): Promise<{ name: string; definition: string }[]> {
  return queryParsedRows(
    db,
    z.object({ name: z.string(), definition: z.string() }),
    sql`SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
        WHERE i.schemaname = 'public' AND i.tablename LIKE 'credit\\_%'
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
  );
}

/** Generates and writes a registry through COPY (PostgreSQL or PGlite). */
export async function writeRegistry(handle: DatabaseHandle, options: WriteRegistryOptions): Promise<WriteRegistryResult> {
  const rebuild = options.rebuildIndexes && handle.kind === 'postgres';
  const sink = handle.kind === 'postgres' ? postgresSink(handle, !!rebuild) : pgliteSink(handle);
  const dropped = rebuild ? await secondaryIndexes(handle.db) : [];
  for (const index of dropped) await handle.db.execute(sql.raw(`DROP INDEX ${index.name}`));
  try {
    return await writeWith(sink, handle.db, options);
  } finally {
    for (const index of dropped) await handle.db.execute(sql.raw(index.definition));
    // Fresh statistics for the planner; PGlite has no autovacuum to gather them later.
    await analyseTables(handle.db);
  }
}

/** Generates and writes a registry through plain INSERTs on any Database (or transaction). */
export async function insertRegistry(db: Database, options: WriteRegistryOptions): Promise<WriteRegistryResult> {
  return writeWith(insertSink(db), db, options);
}
