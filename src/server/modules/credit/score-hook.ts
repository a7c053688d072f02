import type { TCreditReport } from '@shared/schemas/credit';
import type { Database } from '../../db/client';

export type ReportScore = Pick<TCreditReport, 'score' | 'scoreUnavailable'>;

/**
 * THE SCORE HOOK. buildCreditReport calls this once the report's accounts and inquiries are
 * assembled; the scoring module replaces the body (compute the score from `report` or from the
 * registry, and return it). Until then every report says plainly why it has no score. A thin file
 * must get "no score", never a low one (Credit Reference Act, 2011: a missing record must not count
 * against a person).
 */
export async function attachCreditScore(_db: Database, _subjectId: string, _report: Omit<TCreditReport, 'score' | 'scoreUnavailable'>, _asOf: Date): Promise<ReportScore> {
  return {
    score: null,
    scoreUnavailable: { code: 'scoring_not_available', text: 'Credit scores are not available yet. The report shows the full account history.' },
  };
}
