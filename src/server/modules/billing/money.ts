/**
 * Money arithmetic without floats. Rates are decimal strings such as "22.75" (SLE per USD);
 * 1 SLE = 1,000 old SLL since the 2022 redenomination.
 */
const RATE_SCALE = 10_000n;

function rateToScaled(rate: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,4}))?$/.exec(rate.trim());
  if (!match) throw new Error(`Invalid exchange rate "${rate}"`);
  return BigInt(match[1]) * RATE_SCALE + BigInt((match[2] ?? '').padEnd(4, '0'));
}

/** US cents to SLE cents at the rate, rounded half up. */
export function usdCentsToSleCents(usdCents: number, rate: string): number {
  const scaled = BigInt(usdCents) * rateToScaled(rate);
  return Number((scaled + RATE_SCALE / 2n) / RATE_SCALE);
}

/** The approximate amount in old Leones (SLL), whole units, as the payment dialog shows it. */
export function usdCentsToSllApprox(usdCents: number, rate: string): number {
  // SLE cents x 10 = SLL (1 SLE = 100 cents = 1,000 SLL).
  return usdCentsToSleCents(usdCents, rate) * 10;
}
