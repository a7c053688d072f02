import type { TCreditReport, TCreditReportRequest } from '@shared/schemas/credit';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { columnPlaceholders, columnValues, insertRowFrom, JsonText } from '../../db/insert-from';
import { timeOrderedId } from '../../db/ordered-ids';
import { compiledStatement } from '../../db/prepared';
import { queryParsedRows } from '../../db/query';
import { auditEvents, creditInquiries, creditInquirySubjects, creditReportCopies, creditScores } from '../../db/schema/index';
import { forbidden, notFound } from '../../lib/http-error';
import { auditEventRow } from '../audit';
import {
  assembleCreditReport,
  inquiryRows,
  openAccountReportedBeforeSql,
  readReportSourcesAlong,
  refuseForWithdrawnConsent,
  type InquiryMeta,
} from '../credit-file';
import { computeScore, storedScoreValues } from '../scoring';
import {
  accessOrNotFound,
  assertCanInquire,
  businessAccessColumn,
  loadBusinessAccess,
  quotaExhausted,
  ZBusinessAccessColumn,
} from './business-access';
import { monthKey, takeReportFromQuotaSql } from './quota';
export const FROZEN_FILE_MESSAGE =
  'This person has frozen their credit file. Reports are released only to lenders reviewing an open account they already held with the person before the freeze.';

/**
 * A business pulls a report: verified, subscribed, within its monthly quota, for a permissible
 * purpose with the person's consent. One read (the business's access and the whole file in one
 * statement) and one write: the quota unit, the inquiry, the score, the stored copy and the audit
 * event are one statement, so they are written together or not at all, and a report that finds
 * the quota spent at that instant writes nothing (decisions/016, docs/performance.md).
 */
export async function pullCreditReport(db: Database, meta: InquiryMeta, request: TCreditReportRequest): Promise<TCreditReport> {
  const asOf = new Date();
  // Time-ordered (decisions/058): the inquiry, the people it showed and the stored copy are keyed
  // by it, in tables of millions of rows; a random id would put each report on a random index page.
  const reportId = timeOrderedId();
  // The business's access is read in the same statement as the file (one round trip fewer), and
  // checked before anything of the file is used.
  const read = await readReportSourcesAlong(
    db,
    request.subjectId,
    { audience: 'business', asOf, excludeInquiryId: reportId, purpose: request.purpose, businessId: meta.businessId },
    { name: 'access', column: businessAccessColumn, schema: ZBusinessAccessColumn },
  );
  // No such person: the business is checked on its own first, so its refusals come before the 404.
  const access = accessOrNotFound(read ? read.along : await loadBusinessAccess(db, meta.businessId));
  assertCanInquire(access);
  // Spent quota is refused before any work; the exact check is part of the write.
  if (access.reportsThisMonth >= access.monthlyQuota) throw quotaExhausted(access);
  if (!read) throw notFound('No such person in the registry');
  const { sources } = read;
  if (sources.withdrawnConsent) {
    const audit = { actorUserId: meta.userId, actorRole: 'business', ip: meta.ip ?? null, requestId: meta.requestId ?? null };
    await refuseForWithdrawnConsent(
      db,
      { subjectId: sources.subject.id, businessId: meta.businessId, purpose: request.purpose, audit },
      sources.withdrawnConsent,
    );
  }
  // A frozen file: only a lender reviewing an open account it reported before the freeze (decisions/022).
  if (
    sources.subject.frozen_at &&
    !(request.purpose === 'account_review' && (await heldOpenAccountBeforeFreeze(db, sources.subject.id, meta.businessId)))
  ) {
    throw forbidden(FROZEN_FILE_MESSAGE, 'FILE_FROZEN');
  }

  const assembled = assembleCreditReport(sources, {
    audience: 'business',
    viewerBusinessId: meta.businessId,
    purpose: request.purpose,
    reportId,
    asOf,
  });
  // The report lists its own inquiry, as the person's access log and every later report will.
  assembled.inquiries.unshift({
    date: asOf.toISOString(),
    businessName: access.businessName,
    purpose: request.purpose,
    purposeName: sources.purposeName ?? request.purpose,
    kind: 'report',
  });
  assembled.summary.inquiriesLast12Months += 1;
  // The score never counts the inquiry it is asked for: it is read before the inquiry is written.
  const computed = computeScore(sources.scoringInputs, asOf);
  // The stored score's id, chosen here so the report (and its stored copy) carries it: the lender
  // or a regulator can have that very score audited (GET /api/scoring/scores/:id/audit).
  const scoreId = timeOrderedId();
  const score = computed.score ? { ...computed.score, scoreId } : null;
  const report: TCreditReport = { ...assembled, score, scoreUnavailable: computed.scoreUnavailable };
  // Serialised once: the stored copy and the answer are this same text (serialisedReport).
  const json = JSON.stringify(report);
  REPORT_TEXT.set(report, json);

  const inquiry = inquiryRows(reportId, {
    ...meta,
    kind: 'report',
    purpose: request.purpose,
    subjectId: sources.subject.id,
    consentGiven: request.consent,
    shown: [{ subjectId: sources.subject.id, matchScore: 100 }],
  });
  const rows: WriteRows = {
    inquiry: inquiry.inquiry,
    shown: inquiry.subjects[0],
    score: storedScoreValues(computed, {
      id: scoreId,
      subjectId: sources.subject.id,
      asOf,
      context: 'business_report',
      inquiryId: reportId,
    }),
    copy: { reportId, businessId: meta.businessId, subjectId: sources.subject.id, report: new JsonText(json) },
    audit: auditEventRow({
      action: 'credit.report_pulled',
      actorUserId: meta.userId,
      actorRole: 'business',
      businessId: meta.businessId,
      subjectId: sources.subject.id,
      targetType: 'credit_report',
      targetId: reportId,
      ip: meta.ip ?? null,
      requestId: meta.requestId ?? null,
      details: { purpose: request.purpose, score: computed.score?.value ?? null },
    }),
  };
  const [written] = await writeReport(rows)(db, {
    businessId: meta.businessId,
    monthlyQuota: access.monthlyQuota,
    month: monthKey(asOf),
    ...Object.fromEntries(WRITTEN_TABLES.flatMap(([part, table]) => Object.entries(columnValues(table, `${part}.`, rows[part])))),
  });
  if (Number(written?.taken ?? 0) !== 1) throw quotaExhausted(access);
  return report;
}

/** Each pulled report's JSON text, the very text of its stored copy, until the answer is sent. */
const REPORT_TEXT = new WeakMap<object, string>();

/**
 * The report route's serializer: a report pullCreditReport made is sent as the text already written
 * to its stored copy, not serialised (nor checked against its schema) a second time: 7% of a
 * report's server CPU (docs/performance.md). Its shape is held by TCreditReport where it is built,
 * and tests/api/openapi-contract.test.ts checks the answer against the API document (decisions/053).
 * Anything else (an error body) is serialised as usual.
 */
export function serialisedReport(answer: unknown): string {
  return (typeof answer === 'object' && answer !== null && REPORT_TEXT.get(answer)) || JSON.stringify(answer);
}

interface WriteRows {
  inquiry: typeof creditInquiries.$inferInsert;
  shown: typeof creditInquirySubjects.$inferInsert;
  score: typeof creditScores.$inferInsert;
  copy: Omit<typeof creditReportCopies.$inferInsert, 'report'> & { report: JsonText };
  audit: typeof auditEvents.$inferInsert;
}

const WRITTEN_TABLES = [
  ['inquiry', creditInquiries],
  ['shown', creditInquirySubjects],
  ['score', creditScores],
  ['copy', creditReportCopies],
  ['audit', auditEvents],
] as const;

let reportWrite: ReturnType<typeof compiledStatement<{ taken: number }>> | undefined;

/**
 * The one write of a report, compiled once (the columns of the first report's rows, the same for
 * every report): the quota unit gates every insert, so when none is left nothing is written.
 */
function writeReport(rows: WriteRows) {
  reportWrite ??= compiledStatement<{ taken: number }>('credit-report-write', () => {
    const gate = sql.raw('quota');
    const insert = (part: keyof WriteRows, table: (typeof WRITTEN_TABLES)[number][1]) =>
      insertRowFrom(table, columnPlaceholders(`${part}.`, Object.keys(rows[part])), gate);
    return sql`WITH quota AS (${takeReportFromQuotaSql(sql.placeholder('businessId'), sql.placeholder('monthlyQuota'), sql.placeholder('month'))}),
      inquiry AS (${insert('inquiry', creditInquiries)}),
      shown AS (${insert('shown', creditInquirySubjects)}),
      score AS (${insert('score', creditScores)}),
      copy AS (${insert('copy', creditReportCopies)}),
      audit AS (${insert('audit', auditEvents)})
    SELECT count(*)::int AS taken FROM quota`;
  });
  return reportWrite;
}

/**
 * A lender reviewing an account it holds may see a frozen file (Credit Reference Act review
 * purpose): an open account it reported before the file was frozen. An account reported after the
 * freeze (a pretext) or one paid, closed or written off does not count (decisions/022).
 */
async function heldOpenAccountBeforeFreeze(db: Database, subjectId: string, businessId: string): Promise<boolean> {
  // The freeze's own instant, read in SQL (a JavaScript date would drop its microseconds).
  const [row] = await queryParsedRows(
    db,
    z.object({ held: z.boolean() }),
    sql`SELECT ${openAccountReportedBeforeSql(sql`s.id`, sql`${businessId}::uuid`, sql`s.frozen_at`)} AS held FROM credit_subjects s WHERE s.id = ${subjectId}::uuid`,
  );
  return row?.held === true;
}
