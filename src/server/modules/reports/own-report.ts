import type { TOwnReport, TOwnReportList } from '@shared/schemas/consumer';
import type { TCreditReport } from '@shared/schemas/credit';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';
import { consumerReports } from '../../db/schema/index';
import { notFound } from '../../lib/http-error';
import { recordAuditEvent, type AuditContext } from '../audit';
import { requireOwnSubject, resolveOwnFile } from '../consumers';
import { buildCreditReport } from '../credit-file';

/**
 * The person's own report, built live by the registry's builder for the consumer audience (whole
 * identifiers, every entry, disputed ones marked). Free and never an inquiry: nothing is written to
 * credit_inquiries, so it can never count against them; the score is stored only when it changed.
 */
export async function getOwnReport(db: Database, userId: string): Promise<TOwnReport> {
  const file = await resolveOwnFile(db, userId);
  if (file.state !== 'verified' || !file.subjectId) return { state: file.state, report: null, openDisputes: [], frozenAt: null };
  const report = await buildCreditReport(db, file.subjectId, { audience: 'consumer' });
  const [openDisputes, [subject]] = await Promise.all([
    queryParsedRows(
      db,
      z.object({ account_id: z.string(), id: z.string(), reference: z.string(), due_at: z.union([z.date(), z.string()]) }),
      sql`SELECT account_id, id, reference, due_at FROM disputes WHERE consumer_user_id = ${userId}::uuid AND status = 'open' ORDER BY filed_at`,
    ),
    queryParsedRows(
      db,
      z.object({ frozen_at: z.union([z.date(), z.string()]).nullable() }),
      sql`SELECT frozen_at FROM credit_subjects WHERE id = ${file.subjectId}::uuid`,
    ),
  ]);
  return {
    state: 'verified',
    report,
    openDisputes: openDisputes.map((d) => ({
      accountId: d.account_id,
      disputeId: d.id,
      reference: d.reference,
      dueAt: new Date(d.due_at).toISOString(),
    })),
    frozenAt: subject?.frozen_at ? new Date(subject.frozen_at).toISOString() : null,
  };
}

/** "Request New Report": a fresh report, kept in the person's list (and as a PDF on demand). Free. */
export async function requestNewReport(db: Database, userId: string, audit: AuditContext): Promise<{ id: string; report: TCreditReport }> {
  const { subjectId } = await requireOwnSubject(db, userId);
  return db.transaction(async (tx) => {
    const report = await buildCreditReport(tx, subjectId, { audience: 'consumer' });
    const [row] = await tx
      .insert(consumerReports)
      .values({
        userId,
        generatedAt: new Date(report.generatedAt),
        scoreValue: report.score?.value ?? null,
        scoreBand: report.score?.band ?? null,
        accountCount: report.accounts.length,
        report: report as unknown as Record<string, unknown>,
      })
      .returning({ id: consumerReports.id });
    await recordAuditEvent(tx, {
      ...audit,
      action: 'consumer.report_generated',
      subjectId,
      targetType: 'consumer_report',
      targetId: row.id,
    });
    return { id: row.id, report };
  });
}

export async function listOwnReports(db: Database, userId: string): Promise<TOwnReportList> {
  const rows = await db
    .select({
      id: consumerReports.id,
      generatedAt: consumerReports.generatedAt,
      scoreValue: consumerReports.scoreValue,
      scoreBand: consumerReports.scoreBand,
      accountCount: consumerReports.accountCount,
    })
    .from(consumerReports)
    .where(eq(consumerReports.userId, userId))
    .orderBy(desc(consumerReports.generatedAt))
    .limit(100);
  return { reports: rows.map((r) => ({ ...r, generatedAt: r.generatedAt.toISOString() })) };
}

/** A kept report of this person (another person's id is "not found"), or the live one. */
export async function loadReportForPdf(db: Database, userId: string, reportId?: string): Promise<TCreditReport> {
  if (!reportId) {
    const { subjectId } = await requireOwnSubject(db, userId);
    return buildCreditReport(db, subjectId, { audience: 'consumer' });
  }
  await requireOwnSubject(db, userId);
  const [row] = await db
    .select({ report: consumerReports.report })
    .from(consumerReports)
    .where(and(eq(consumerReports.id, reportId), eq(consumerReports.userId, userId)))
    .limit(1);
  if (!row) throw notFound('No such report');
  return row.report as unknown as TCreditReport;
}
