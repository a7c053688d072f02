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

export const FACTOR_TITLES: Record<TScoreFactorGroup, string> = {
  payment_history: 'Payment history',
  amounts_owed: 'Amounts owed',
  length_of_history: 'Length of history',
  new_credit: 'New credit',
  alternative_data: 'Bills and mobile money',
};

/** What keeps a factor strong, said when nothing in it lowers the score. */
const KEEP_STRONG: Record<TScoreFactorGroup, string> = {
  payment_history: 'Nothing here is lowering your score. Keep paying every account on time.',
  amounts_owed: 'Nothing here is lowering your score. Keep balances well below your limits and pay loans as agreed.',
  length_of_history: 'Nothing here is lowering your score. Keeping your oldest accounts in good standing helps.',
  new_credit: 'Nothing here is lowering your score. Apply only for the credit you need.',
  alternative_data: 'Nothing here is lowering your score. Bills and mobile money paid on time count for you, even without a bank account.',
};

/**
 * One card per factor group, in the groups' order. The reason that costs the most points comes
 * first in a score's reasons: its group "Needs attention", as does a default (the rule's score);
 * the other groups with a reason "Could be better"; a group with none is "Strong". A reason of no
 * group shown here (scorecard 1's "few kinds of credit") is left out: its only advice would be to
 * borrow more.
 */
export function factorCards(reasons: readonly { code: string; text: string }[]): TFactorCard[] {
  const grouped = reasons
    .map((reason, rank) => ({ reason, rank, group: groupOfReason(reason.code) }))
    .filter((r): r is typeof r & { group: TScoreFactorGroup } => r.group !== null && r.group !== 'mix');
  return SCORE_FACTOR_GROUPS.map((group) => {
    const first = grouped.find((r) => r.group === group);
    if (!first) return { group, title: FACTOR_TITLES[group], grade: 'Strong' as const, text: KEEP_STRONG[group] };
    const isWorst = first.rank === 0 || first.reason.code === 'DEFAULTS';
    return { group, title: FACTOR_TITLES[group], grade: isWorst ? 'Needs attention' : 'Could be better', text: first.reason.text };
  });
}
