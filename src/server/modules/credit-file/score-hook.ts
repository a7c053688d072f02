import type { TCreditReport } from '@shared/schemas/credit';
import type { Database } from '../../db/client';
import { scoreCreditReport, type ScoringInputs } from '../scoring';

export type ReportScore = Pick<TCreditReport, 'score' | 'scoreUnavailable'>;

/**
 * THE SCORE HOOK. buildCreditReport calls this once the report's accounts and inquiries are
 * assembled; the scoring module replaces the body (compute the score from `report` or from the
 * registry, and return it). A thin file
 * must get "no score", never a low one (Credit Reference Act, 2011: a missing record must not count
 * against a person).
 */
export async function attachCreditScore(
  db: Database,
  subjectId: string,
  report: Omit<TCreditReport, 'score' | 'scoreUnavailable'>,
  asOf: Date,
  inputs?: ScoringInputs,
): Promise<ReportScore> {
  return scoreCreditReport(db, subjectId, report, asOf, inputs);
}
