// What a payment charges (decisions/036): a month at the plan's price, or, for a change of plan
// while a paid plan runs, only the difference for the rest of the period; a downgrade leaves the
// unused difference as credit, taken off the next card payment.

export interface PlanPrice {
  code: string;
  priceUsdCents: number;
}

export interface RunningSubscription {
  plan: PlanPrice | null;
  /** Whether the paid plan is active and its period not over. */
  isRunning: boolean;
  periodEnd: Date | null;
  creditUsdCents: number;
}

export interface ChargePlan {
  kind: 'new_period' | 'renewal' | 'upgrade' | 'downgrade';
  /** What the card is charged (0: nothing is charged). */
  dueUsdCents: number;
  periodStart: Date;
  periodEnd: Date;
  /** The business's credit after this payment. */
  creditAfterUsdCents: number;
  creditUsedUsdCents: number;
  /** The share of the period left, for the audit event (0..1). */
  remainingShare: number | null;
}

export function addOneMonth(from: Date): Date {
  const next = new Date(from);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

function subtractOneMonth(from: Date): Date {
  const previous = new Date(from);
  previous.setUTCMonth(previous.getUTCMonth() - 1);
  return previous;
}

/** What paying for `plan` at `now` charges and which period it pays for. */
export function planCharge(plan: PlanPrice, current: RunningSubscription, now: Date): ChargePlan {
  const withCredit = (kind: ChargePlan['kind'], gross: number, start: Date, end: Date, addedCredit: number, share: number | null) => {
    const used = Math.min(current.creditUsdCents, gross);
    return {
      kind,
      dueUsdCents: gross - used,
      periodStart: start,
      periodEnd: end,
      creditAfterUsdCents: current.creditUsdCents - used + addedCredit,
      creditUsedUsdCents: used,
      remainingShare: share,
    };
  };
  const end = current.periodEnd;
  if (!current.isRunning || !current.plan || !end || end <= now)
    return withCredit('new_period', plan.priceUsdCents, now, addOneMonth(now), 0, null);
  // Paying again for the plan already running extends it by a month.
  if (current.plan.code === plan.code) return withCredit('renewal', plan.priceUsdCents, end, addOneMonth(end), 0, null);
  const start = subtractOneMonth(end);
  const share = Math.min(1, Math.max(0, (end.getTime() - now.getTime()) / (end.getTime() - start.getTime())));
  const difference = Math.round((plan.priceUsdCents - current.plan.priceUsdCents) * share);
  if (difference >= 0) return withCredit('upgrade', difference, now, end, 0, share);
  return withCredit('downgrade', 0, now, end, -difference, share);
}
