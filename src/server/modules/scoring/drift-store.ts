import { desc, eq } from 'drizzle-orm';
import {
  DRIFT_CAVEAT,
  DRIFT_MIN_PEOPLE,
  DRIFT_POPULATION_TEXT,
  DRIFT_STATUSES,
  driftStatusOf,
  type TDriftRun,
  type TDriftRunList,
  type TDriftSummary,
} from '@shared/score-drift';
import type { Database } from '../../db/client';
import { scoreDriftRuns } from '../../db/schema/index';
import { FEATURE_DEFINITION_BY_KEY, type TFeatureKey } from './feature-definitions';

/** How many runs the list shows: two years of monthly runs and some asked for. */
const LIST_LIMIT = 36;

type DriftRunRow = typeof scoreDriftRuns.$inferSelect;

export function toDriftRun(row: DriftRunRow): TDriftRun {
  return {
    id: row.id,
    ranAt: row.ranAt.toISOString(),
    modelVersion: row.modelVersion,
    trigger: row.trigger === 'scheduled' ? 'scheduled' : 'on_demand',
    people: row.people,
    fittedPeople: row.fittedPeople,
    scorePsi: row.scorePsi,
    scoreStatus: row.scorePsi === null || row.people < DRIFT_MIN_PEOPLE ? null : driftStatusOf(row.scorePsi),
    features: row.featurePsi.map((f) => ({
      key: f.key,
      title: FEATURE_DEFINITION_BY_KEY[f.key as TFeatureKey]?.title ?? f.key,
      psi: f.psi,
      status: f.psi === null || row.fittedPeople < DRIFT_MIN_PEOPLE ? null : driftStatusOf(f.psi),
    })),
    isAlert: row.isAlert,
    challenger: (row.challenger as TDriftRun['challenger']) ?? null,
  };
}

/** The runs, newest first (staff only: they carry the challenger). */
export async function listDriftRuns(db: Database): Promise<TDriftRunList> {
  const rows = await db.select().from(scoreDriftRuns).orderBy(desc(scoreDriftRuns.ranAt), desc(scoreDriftRuns.id)).limit(LIST_LIMIT);
  return { runs: rows.map(toDriftRun), population: DRIFT_POPULATION_TEXT, caveat: DRIFT_CAVEAT };
}

export async function findDriftRun(db: Database, id: string): Promise<TDriftRun | null> {
  const [row] = await db.select().from(scoreDriftRuns).where(eq(scoreDriftRuns.id, id)).limit(1);
  return row ? toDriftRun(row) : null;
}

/**
 * The latest run in a line, for GET /api/scoring/model's `drift` (lenders read it): the PSI figures
 * and the status only, nothing of the challenger. Null before the first run.
 */
export async function latestDriftSummary(db: Database): Promise<TDriftSummary | null> {
  const [row] = await db.select().from(scoreDriftRuns).orderBy(desc(scoreDriftRuns.ranAt), desc(scoreDriftRuns.id)).limit(1);
  if (!row) return null;
  const featurePsis = row.featurePsi.map((f) => f.psi).filter((psi): psi is number => psi !== null);
  const maxFeaturePsi = featurePsis.length > 0 ? Math.max(...featurePsis) : null;
  const statuses = [row.people >= DRIFT_MIN_PEOPLE ? row.scorePsi : null, row.fittedPeople >= DRIFT_MIN_PEOPLE ? maxFeaturePsi : null]
    .filter((psi): psi is number => psi !== null)
    .map(driftStatusOf);
  const worst = statuses.length > 0 ? DRIFT_STATUSES[Math.max(...statuses.map((s) => DRIFT_STATUSES.indexOf(s)))] : null;
  return {
    ranAt: row.ranAt.toISOString(),
    modelVersion: row.modelVersion,
    people: row.people,
    scorePsi: row.scorePsi,
    maxFeaturePsi,
    status: worst,
    isAlert: row.isAlert,
    population: DRIFT_POPULATION_TEXT,
    caveat: DRIFT_CAVEAT,
  };
}
