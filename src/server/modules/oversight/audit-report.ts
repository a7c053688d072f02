import { toCsv } from '@shared/csv';
import type { TAuditReportSummary, TComplianceList } from '@shared/schemas/oversight';
import { formatDate, formatDateTime, formatNumber, formatPercent, labelFromAuditAction, labelFromCode, plural } from '@shared/format';
import { sql } from 'drizzle-orm';
import { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { jsonColumnOf, numberColumn, queryParsedRows, timestampColumn } from '../../db/query';
import type { AuditSealing } from '../audit';
import { verifyAuditLog } from '../audit';

// Audit reports over a period for the regulator: a summary (JSON, and the first page of the PDF)
// and every event of the period as CSV. The log's verification is run for the report, so the
// report says whether the log it summarises is intact.

const DAY_MS = 86_400_000;
const bounds = (from: string, to: string) => ({
  fromTs: `${from}T00:00:00Z`,
  toTs: new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS).toISOString(),
});

const ZActionCountRow = z.object({ action: z.string(), count: numberColumn });
const ZRoleCountRow = z.object({ role: z.string(), count: numberColumn });
const ZBusinessInquiriesRow = z.object({
  business_id: z.string(),
  business_name: z.string().nullable(),
  searches: numberColumn,
  reports: numberColumn,
});
/** The period's seals: how many, the first and last hash (null when there is none). */
const ZSealsRow = z.object({ count: numberColumn, first_hash: z.string().nullable(), last_hash: z.string().nullable() });

export async function buildAuditSummary(db: Database, from: string, to: string, sealing?: AuditSealing): Promise<TAuditReportSummary> {
  const { fromTs, toTs } = bounds(from, to);
  const byAction = await queryParsedRows(
    db,
    ZActionCountRow,
    sql`SELECT action, count(*)::int AS count FROM audit_events WHERE occurred_at >= ${fromTs}::timestamptz AND occurred_at < ${toTs}::timestamptz
        GROUP BY action ORDER BY count(*) DESC, action`,
  );
  const byRole = await queryParsedRows(
    db,
    ZRoleCountRow,
    sql`SELECT COALESCE(actor_role, 'system') AS role, count(*)::int AS count FROM audit_events
        WHERE occurred_at >= ${fromTs}::timestamptz AND occurred_at < ${toTs}::timestamptz GROUP BY 1 ORDER BY 2 DESC, 1`,
  );
  const inquiries = await queryParsedRows(
    db,
    ZBusinessInquiriesRow,
    sql`SELECT i.business_id, b.business_name, count(*) FILTER (WHERE i.kind = 'search')::int AS searches, count(*) FILTER (WHERE i.kind = 'report')::int AS reports
        FROM credit_inquiries i LEFT JOIN business_profiles b ON b.user_id = i.business_id
        WHERE i.created_at >= ${fromTs}::timestamptz AND i.created_at < ${toTs}::timestamptz
        GROUP BY i.business_id, b.business_name ORDER BY count(*) DESC LIMIT 100`,
  );
  const [seals] = await queryParsedRows(
    db,
    ZSealsRow,
    sql`SELECT count(*)::int AS count, (array_agg(seal_hash ORDER BY id))[1] AS first_hash, (array_agg(seal_hash ORDER BY id DESC))[1] AS last_hash
        FROM audit_seals WHERE sealed_at >= ${fromTs}::timestamptz AND sealed_at < ${toTs}::timestamptz`,
  );
  const verification = await verifyAuditLog(db, { sealing });
  return {
    from,
    to,
    totalEvents: byAction.reduce((sum, a) => sum + a.count, 0),
    byAction: byAction.map((a) => ({ action: a.action, count: a.count })),
    byRole: byRole.map((r) => ({ role: r.role, count: r.count })),
    inquiriesByBusiness: inquiries.map((i) => ({
      businessId: i.business_id,
      businessName: i.business_name ?? 'Unknown business',
      searches: i.searches,
      reports: i.reports,
    })),
    seals: { count: seals?.count ?? 0, firstSealHash: seals?.first_hash ?? null, lastSealHash: seals?.last_hash ?? null },
    verification: {
      valid: verification.valid,
      checked: verification.checked,
      ...(verification.firstBadEventId !== undefined ? { firstBadEventId: verification.firstBadEventId } : {}),
      ...(verification.problem ? { problem: verification.problem } : {}),
    },
    generatedAt: new Date().toISOString(),
  };
}

const CSV_COLUMNS = [
  'id',
  'occurred_at',
  'action',
  'actor_role',
  'actor_user_id',
  'business_id',
  'subject_id',
  'target_type',
  'target_id',
  'ip',
  'request_id',
  'details',
  'content_hash',
  'seal_id',
] as const;

/** One audit event as the CSV export writes it: the columns of CSV_COLUMNS, as the driver gives them. */
const ZCsvEventRow = z.object({
  id: numberColumn,
  occurred_at: timestampColumn,
  action: z.string(),
  actor_role: z.string().nullable(),
  actor_user_id: z.string().nullable(),
  business_id: z.string().nullable(),
  subject_id: z.string().nullable(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  ip: z.string().nullable(),
  request_id: z.string().nullable(),
  details: jsonColumnOf(z.unknown()),
  content_hash: z.string(),
  seal_id: numberColumn.nullable(),
}) satisfies z.ZodType<Record<(typeof CSV_COLUMNS)[number], unknown>>;

/** Every event of the period as CSV, streamed page by page (a national log does not fit in memory). */
export function streamAuditCsv(db: Database, from: string, to: string): Readable {
  const { fromTs, toTs } = bounds(from, to);
  const PAGE = 2000;
  let lastId = 0;
  let isHeaderSent = false;
  let isDone = false;
  return new Readable({
    async read() {
      try {
        if (!isHeaderSent) {
          isHeaderSent = true;
          this.push(toCsv([CSV_COLUMNS], '\n'));
          return;
        }
        if (isDone) {
          this.push(null);
          return;
        }
        const rows = await queryParsedRows(
          db,
          ZCsvEventRow,
          sql`SELECT id, occurred_at, action, actor_role, actor_user_id, business_id, subject_id, target_type, target_id, ip, request_id, details, content_hash, seal_id
              FROM audit_events WHERE occurred_at >= ${fromTs}::timestamptz AND occurred_at < ${toTs}::timestamptz AND id > ${lastId}
              ORDER BY id LIMIT ${PAGE}`,
        );
        if (rows.length < PAGE) isDone = true;
        if (rows.length === 0) {
          this.push(null);
          return;
        }
        lastId = rows[rows.length - 1].id;
        // One page at a time through the one CSV writer, LF between records as this export always had.
        this.push(
          toCsv(
            rows.map((r) => CSV_COLUMNS.map((c) => (c === 'id' || c === 'seal_id' ? (r[c] === null ? '' : String(r[c])) : r[c]))),
            '\n',
          ),
        );
      } catch (error) {
        this.destroy(error as Error);
      }
    },
  });
}

/** The audit report as a PDF: summary, verification, activity by action and role, inquiries per business, compliance. */
/** The roles as the portals name them. */
const ROLE_NAMES: Record<string, string> = {
  system_admin: 'System administrators',
  business: 'Businesses',
  consumer: 'Consumers',
  regulator: 'Regulators',
};

export async function renderAuditPdf(summary: TAuditReportSummary, compliance: TComplianceList): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `CreditCheck SL audit report ${summary.from} to ${summary.to}`, Author: 'CreditCheck SL' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  const width = doc.page.width - 100;

  doc.fontSize(18).font('Helvetica-Bold').text('CreditCheck SL - Audit report');
  doc
    .moveDown(0.3)
    .fontSize(10)
    .font('Helvetica')
    .fillColor('#444')
    .text(`Period: ${formatDate(summary.from)} to ${formatDate(summary.to)} (Freetown time, both days included)`)
    .text(`Generated: ${formatDateTime(summary.generatedAt, { withZone: true })}, for the Bank of Sierra Leone`);
  doc.fillColor('black').moveDown();

  const heading = (text: string) => {
    if (doc.y > doc.page.height - 120) doc.addPage();
    doc.moveDown(0.5).fontSize(13).font('Helvetica-Bold').text(text).moveDown(0.3).fontSize(10).font('Helvetica');
  };
  const table = (headers: string[], rows: (string | number)[][], widths: number[]) => {
    const draw = (cells: (string | number)[], isBold: boolean) => {
      if (doc.y > doc.page.height - 70) doc.addPage();
      const y = doc.y;
      let x = 50;
      doc.font(isBold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
      let height = 0;
      cells.forEach((cell, i) => {
        const w = widths[i] * width;
        doc.text(String(cell), x, y, { width: w - 6 });
        height = Math.max(height, doc.y - y);
        x += w;
      });
      doc.x = 50;
      doc.y = y + height + 3;
    };
    draw(headers, true);
    doc
      .moveTo(50, doc.y)
      .lineTo(50 + width, doc.y)
      .strokeColor('#999')
      .stroke();
    doc.y += 3;
    rows.forEach((r) => draw(r, false));
    doc.fontSize(10).font('Helvetica');
  };

  heading('Integrity of the audit log');
  const v = summary.verification;
  doc
    .fillColor(v.valid ? '#166534' : '#b91c1c')
    .font('Helvetica-Bold')
    .text(
      v.valid
        ? `VALID: all ${formatNumber(v.checked)} events and their seals check out.`
        : `NOT VALID: ${v.problem ?? 'a stored event does not match its hash'}${v.firstBadEventId ? ` (first bad event ${v.firstBadEventId})` : ''}.`,
    )
    .fillColor('black')
    .font('Helvetica')
    .text(
      `Seals written in the period: ${formatNumber(summary.seals.count)}. ${summary.seals.lastSealHash ? `Last seal hash: ${summary.seals.lastSealHash}` : ''}`,
      { width },
    );

  heading(`Activity: ${plural(summary.totalEvents, { one: 'event', other: 'events' })}`);
  table(
    ['Action', 'Events'],
    summary.byAction.slice(0, 40).map((a) => [labelFromAuditAction(a.action), formatNumber(a.count)]),
    [0.75, 0.25],
  );
  heading('Events by role');
  table(
    ['Role', 'Events'],
    summary.byRole.map((r) => [ROLE_NAMES[r.role] ?? labelFromCode(r.role), formatNumber(r.count)]),
    [0.75, 0.25],
  );
  heading('Searches and reports per business');
  table(
    ['Business', 'Searches', 'Reports'],
    summary.inquiriesByBusiness.slice(0, 40).map((b) => [b.businessName, formatNumber(b.searches), formatNumber(b.reports)]),
    [0.6, 0.2, 0.2],
  );
  heading(`Compliance per business (${formatDate(compliance.from)} to ${formatDate(compliance.to)})`);
  table(
    ['Business', 'Score', 'Overdue disputes', 'Rejected rows', 'Flags'],
    compliance.businesses.map((b) => [
      b.businessName,
      b.score,
      b.disputes.overdue,
      formatPercent(b.submissions.rejectedRate),
      b.flags.join('; ') || 'none',
    ]),
    [0.3, 0.1, 0.15, 0.12, 0.33],
  );
  doc
    .moveDown()
    .fontSize(8)
    .fillColor('#555')
    .text('The full list of events of the period is in the CSV export of the same report.', 50, doc.y, { width });
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}
