import type { TConsumerDashboard } from '@shared/schemas/consumer';
import type { TScoreBand } from '@shared/scoring';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { queryParsedRows } from '../../db/query';
import { resolveOwnFile } from '../consumers';
import { buildCreditReport, getAccessLog, getPrivacyStatus } from '../credit-file';

/** "My Profile": the figures of the person's dashboard, every one read from their records. */
export async function getConsumerDashboard(db: Database, userId: string, hashKey: string): Promise<TConsumerDashboard> {
  const file = await resolveOwnFile(db, userId);
  const [[counts], privacy] = await Promise.all([
    queryParsedRows(
      db,
      z.object({
        reports: z.coerce.number<number | string>(),
        last_report_at: z.union([z.date(), z.string()]).nullable(),
        active_disputes: z.coerce.number<number | string>(),
        unread: z.coerce.number<number | string>(),
      }),
      sql`SELECT (SELECT count(*)::int FROM consumer_reports WHERE user_id = ${userId}::uuid) AS reports,
            (SELECT max(generated_at) FROM consumer_reports WHERE user_id = ${userId}::uuid) AS last_report_at,
            (SELECT count(*)::int FROM disputes WHERE consumer_user_id = ${userId}::uuid AND status = 'open') AS active_disputes,
            (SELECT count(*)::int FROM notifications WHERE user_id = ${userId}::uuid AND read_at IS NULL) AS unread`,
    ),
    getPrivacyStatus(db, userId, { file }),
  ]);
  const base = {
    state: file.state,
    reportsGenerated: Number(counts.reports),
    lastReportAt: counts.last_report_at ? new Date(counts.last_report_at).toISOString() : null,
    activeDisputes: Number(counts.active_disputes),
    privacy,
    unreadNotifications: Number(counts.unread),
  };
  if (file.state !== 'verified' || !file.subjectId) {
    return {
      ...base,
      score: null,
      scoreUnavailable: null,
      scoreTrend: null,
      accounts: { total: 0, open: 0, inDefault: 0, disputed: 0 },
      recentActivity: [],
    };
  }
  const report = await buildCreditReport(db, file.subjectId, { audience: 'consumer' });
  // The trend: the latest stored score against the last different one before it.
  const history = await queryParsedRows(
    db,
    z.object({ value: z.number(), computed_at: z.union([z.date(), z.string()]) }),
    sql`SELECT value, computed_at FROM credit_scores WHERE subject_id = ${file.subjectId}::uuid AND value IS NOT NULL ORDER BY computed_at DESC, id DESC LIMIT 50`,
  );
  const latest = history[0];
  const previous = latest ? history.find((h) => h.value !== latest.value) : undefined;
  const activity = await getAccessLog(db, userId, hashKey, { limit: 5, file });
  return {
    ...base,
    score: report.score ? { value: report.score.value, band: report.score.band as TScoreBand, reasons: report.score.reasons } : null,
    scoreUnavailable: report.score ? null : (report.scoreUnavailable?.text ?? 'insufficient credit history'),
    scoreTrend:
      report.score && previous
        ? { previous: previous.value, change: report.score.value - previous.value, since: new Date(previous.computed_at).toISOString() }
        : null,
    accounts: {
      total: report.summary.totalAccounts,
      open: report.summary.openAccounts,
      inDefault: report.summary.accountsInDefault,
      disputed: report.summary.disputedAccounts,
    },
    recentActivity: activity.entries,
  };
}
