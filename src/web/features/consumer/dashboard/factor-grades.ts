import type { TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, type Language } from '@shared/i18n/languages';
import { reasonSentenceOptions, type TScoreReasonParams } from '@shared/score-reason-text';
import { groupOfReason } from '@shared/score-factors';
import { SCORE_FACTOR_GROUPS, type TScoreFactorGroup } from '@shared/scoring';

/** A factor's grade in words, from the score's own reasons (the scorecard gives at most one per group). */
export type TFactorGrade = 'Strong' | 'Could be better' | 'Needs attention';

export interface TFactorCard {
  group: TScoreFactorGroup;
  title: string;
  grade: TFactorGrade;
  /** What the file shows and what would help: the reason's own sentence, or what keeps it strong. */
  text: string;
}

/**
 * A score reason as the person reads it, in the portal's language: in English the server's own
 * sentence (with the file's figures); in another language the catalogue's sentence filled with the
 * figures the server sent with the reason (`params`, scorecard 2), else the catalogue's short text
 * for the code (a score stored before the figures were sent), else the server's sentence.
 */
export function reasonText(reason: TReasonInput, t: TFunction, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return reason.text;
  const short = t(`scoring:reasons.${reason.code}`, { defaultValue: reason.text });
  if (!reason.params) return short;
  return t(`scoring:sentences.${reason.code}`, { ...reasonSentenceOptions(reason.params), defaultValue: short });
}

type TReasonInput = { code: string; text: string; params?: TScoreReasonParams };

/**
 * One card per factor group, in the groups' order. The reason that costs the most points comes
 * first in a score's reasons: its group "Needs attention", as does a default (the rule's score);
 * the other groups with a reason "Could be better"; a group with none is "Strong". A reason of no
 * group shown here (scorecard 1's "few kinds of credit") is left out: its only advice would be to
 * borrow more.
 */
export function factorCards(reasons: readonly TReasonInput[], t: TFunction, language: Language = DEFAULT_LANGUAGE): TFactorCard[] {
  const title = (group: TScoreFactorGroup) => t(`dashboard:factors.group.${group}`);
  const grouped = reasons
    .map((reason, rank) => ({ reason, rank, group: groupOfReason(reason.code) }))
    .filter((r): r is typeof r & { group: TScoreFactorGroup } => r.group !== null && r.group !== 'mix');
  return SCORE_FACTOR_GROUPS.map((group) => {
    const first = grouped.find((r) => r.group === group);
    if (!first) return { group, title: title(group), grade: 'Strong' as const, text: t(`dashboard:factors.keepStrong.${group}`) };
    const isWorst = first.rank === 0 || first.reason.code === 'DEFAULTS';
    return {
      group,
      title: title(group),
      grade: isWorst ? 'Needs attention' : 'Could be better',
      text: reasonText(first.reason, t, language),
    };
  });
}
