import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { DRIFT_ALERT_PSI, type TDriftRun } from '@shared/score-drift';
import type { Database } from '../../db/client';
import { jsonColumnOf, queryParsedRows } from '../../db/query';
import { scoreDriftRuns } from '../../db/schema/index';
import { recordAuditEvent, type AuditContext } from '../audit';
import { loadChallengerFor } from './challenger-model';
import { DriftAccumulator } from './drift-psi';
import { toDriftRun } from './drift-store';
import { loadActiveModel } from './model-store';

/** People read per query: a page of latest scores, so a registry of millions never sits in memory. */
const PAGE_SIZE = 2_000;
const FIRST_UUID = '00000000-0000-0000-0000-000000000000';

const ZLatestScoreRow = z.object({
  subject_id: z.string(),
  value: z.number().nullable(),
  features: jsonColumnOf(z.record(z.string(), z.number().nullable())).nullable(),
});

export type DriftTrigger = { trigger: 'scheduled' } | { trigger: 'on_demand'; requestedBy: AuditContext };

/**
 * One run of the drift check: the latest stored score of each person for the live model version
 * (a person whose latest score is "no score" is left out), counted against the development sample
 * in the model file; the run is stored, and a PSI above 0.25 is recorded in the audit log as
 * `scoring.drift_alert`, which administrators and the regulator see with the run (decisions/038).
 */
export async function runScoreDrift(db: Database, how: DriftTrigger): Promise<TDriftRun> {
  const model = loadActiveModel();
  const accumulator = new DriftAccumulator(model, loadChallengerFor(model.version));
  let after = FIRST_UUID;
  for (;;) {
    const page = await queryParsedRows(
      db,
      ZLatestScoreRow,
      sql`SELECT DISTINCT ON (subject_id) subject_id::text AS subject_id, value, features
          FROM credit_scores
          WHERE model_version = ${model.version} AND subject_id > ${after}::uuid
          ORDER BY subject_id, computed_at DESC, id DESC
          LIMIT ${PAGE_SIZE}`,
    );
    for (const row of page) if (row.value !== null && row.features !== null) accumulator.add(row.value, row.features);
    if (page.length < PAGE_SIZE) break;
    after = page[page.length - 1].subject_id;
  }
  const figures = accumulator.result();
  const [row] = await db
    .insert(scoreDriftRuns)
    .values({
      modelVersion: model.version,
      trigger: how.trigger,
      requestedBy: how.trigger === 'on_demand' ? (how.requestedBy.actorUserId ?? null) : null,
      people: figures.people,
      fittedPeople: figures.fittedPeople,
      scorePsi: figures.scorePsi,
      featurePsi: figures.features,
      isAlert: figures.isAlert,
      challenger: figures.challenger,
    })
    .returning();
  const details = { modelVersion: model.version, people: figures.people, scorePsi: figures.scorePsi, isAlert: figures.isAlert };
  const context = how.trigger === 'on_demand' ? how.requestedBy : {};
  // Asking for a run is an administrative act; the monthly run is recorded only when it alerts.
  if (how.trigger === 'on_demand')
    await recordAuditEvent(db, { action: 'scoring.drift_run', ...context, targetType: 'score_drift_runs', targetId: row.id, details });
  if (figures.isAlert)
    await recordAuditEvent(db, {
      action: 'scoring.drift_alert',
      ...context,
      targetType: 'score_drift_runs',
      targetId: row.id,
      details: { ...details, drifted: figures.features.filter((f) => f.psi !== null && f.psi > DRIFT_ALERT_PSI).map((f) => f.key) },
    });
  return toDriftRun(row);
}
