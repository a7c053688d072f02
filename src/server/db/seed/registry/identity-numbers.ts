import { PHONE_PREFIXES } from './sierra-leone-data';

// The generated people's identity numbers and phones: distinct per person, deterministic from the
// person's index, and not sequential-looking.

/** A bijection of [0, modulus): distinct people get distinct numbers that do not look sequential. */
function scramble(i: number, modulus: number, multiplier: number, offset: number): number {
  return Number((BigInt(i) * BigInt(multiplier) + BigInt(offset)) % BigInt(modulus));
}

/** Unique for i below 18 x 900,000 people; never a +232 XX 000001-style number (the demo consumer's). */
export function phoneOf(i: number): string {
  const prefix = PHONE_PREFIXES[i % PHONE_PREFIXES.length];
  const suffix = 100_000 + scramble(Math.floor(i / PHONE_PREFIXES.length), 900_000, 7_919, 12_345);
  return `+232${prefix}${suffix}`;
}

export const ninOf = (i: number) => `SL${String(scramble(i, 100_000_000, 48_271, 9_301)).padStart(8, '0')}`;
export const passportOf = (i: number) => `E${String(scramble(i, 10_000_000, 69_621, 77)).padStart(7, '0')}`;
export const licenceOf = (i: number) => `DL${String(scramble(i, 100_000_000, 16_807, 4_242)).padStart(8, '0')}`;
