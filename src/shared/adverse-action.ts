import { PRODUCT_NAME as BUREAU_NAME } from './app-routes';
import { formatDate } from './format';
import type { TCreditReport } from './schemas/credit';
import { SCORE_MAX, SCORE_MIN, SCORE_REASON_TEXTS } from './scoring';

/**
 * The adverse-action notice (issue 19): what a lender gives an applicant it declines on the strength
 * of a CreditCheck SL report. One text for the business's report page and the notice PDF, built from
 * the stored report the lender was shown: the bureau did not make the decision, the score and its
 * range, the key factors with what would help, and the person's right to a free report and to dispute.
 */
export interface TAdverseActionNotice {
  title: string;
  /** Who decided, and that the bureau did not. */
  decision: string;
  /** The score the lender received and its scale; for a thin file, why there is none. */
  score: string;
  factorsTitle: string;
  /** The score's reasons as the person reads them: the factor, then what the file shows and what would help. */
  factors: { title: string; sentence: string | null }[];
  /** Said when the score has no reason worth giving, or there is no score. */
  noFactors: string | null;
  rightsTitle: string;
  rights: string[];
  /** The report it comes from, for the lender's records. */
  reference: string;
}

export const ADVERSE_ACTION_TITLE = 'Notice for a declined applicant';

const reasonTitle = (code: string): string | null =>
  code in SCORE_REASON_TEXTS ? SCORE_REASON_TEXTS[code as keyof typeof SCORE_REASON_TEXTS] : null;

export function adverseActionNotice(report: TCreditReport, lenderName: string): TAdverseActionNotice {
  const person = report.subject.fullName;
  const pulledOn = formatDate(report.generatedAt);
  const score = report.score;
  const scale = `on a scale of ${SCORE_MIN} to ${SCORE_MAX}, where a higher score means a lower risk`;
  const factors = (score?.reasons ?? []).map((reason) => {
    const title = reasonTitle(reason.code);
    // Scorecard 1's reasons carry only the factor's name; scorecard 2's a sentence built from the file.
    return title && title !== reason.text ? { title, sentence: reason.text } : { title: reason.text, sentence: null };
  });
  return {
    title: ADVERSE_ACTION_TITLE,
    decision:
      `Dear ${person}, ${lenderName} has decided not to give you the credit you applied for, or not on the terms you asked for. ` +
      `${lenderName} made this decision, not ${BUREAU_NAME}. ${BUREAU_NAME} is the credit bureau that gave ${lenderName} a credit report about you on ${pulledOn}; ` +
      `it did not make the decision and cannot tell you why it was made.`,
    score: score
      ? `The credit score in that report was ${score.value} (${score.band}), ${scale}.`
      : `That report had no credit score: ${report.scoreUnavailable?.text ?? 'not enough credit history'}. ` +
        `A score needs at least 6 months of history and an account reported in the last 12 months; a missing record never counts against you (Credit Reference Act, 2011).`,
    factorsTitle: 'The main things that lowered the score',
    factors,
    noFactors: !score ? null : factors.length === 0 ? 'No single factor lowered the score by much.' : null,
    rightsTitle: 'Your rights',
    rights: [
      `You may see your credit report from ${BUREAU_NAME} free of charge. Register or sign in as a Consumer on the ${BUREAU_NAME} Access Portal (the Personal Credit Portal), or ask ${BUREAU_NAME}'s support team for a copy.`,
      `If anything in your report is wrong or incomplete, you may dispute it free of charge: in the Personal Credit Portal, choose Disputes. The entry is marked disputed at once, the lender that reported it must answer within the deadline, and an entry left unanswered is withheld from the reports lenders see.`,
      'You may also complain to the Bank of Sierra Leone, which supervises the credit bureau.',
    ],
    reference: `${BUREAU_NAME} report ${report.reportId} of ${pulledOn}, about ${person}, given to ${lenderName}.`,
  };
}
