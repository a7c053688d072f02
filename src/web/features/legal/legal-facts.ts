import { plural } from '@shared/format';

/** The periods the product applies today (GET /api/config), as the legal texts say them. */
export interface TLegalFacts {
  retentionYears?: number;
  disputeDeadlineDays?: number;
}

/** "7 years", or a description when the settings could not be read. */
export const retentionOf = (facts: TLegalFacts) =>
  facts.retentionYears === undefined
    ? 'the retention period set by the bureau'
    : plural(facts.retentionYears, { one: 'year', other: 'years' });

/** "30 days", or a description when the settings could not be read. */
export const disputeDeadlineOf = (facts: TLegalFacts) =>
  facts.disputeDeadlineDays === undefined
    ? 'the deadline set by the bureau'
    : plural(facts.disputeDeadlineDays, { one: 'day', other: 'days' });

/** One section of a legal page: a heading, paragraphs, and an optional list. */
export interface TLegalSection {
  heading: string;
  paragraphs: string[];
  list?: string[];
}

export interface TLegalDocument {
  summary: string;
  sections: TLegalSection[];
}
