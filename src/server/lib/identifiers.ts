import { toE164 } from '@shared/identity';

/**
 * A value that reads as a phone number: digits (with +, spaces, dashes, dots or brackets) that make
 * a valid Sierra Leone number. Consumers sign in with "a NIN or a phone" in one field, so such a
 * value is always taken as a phone (auth/service.ts) and is never accepted as a NIN: otherwise a NIN
 * like 076000001 would stand between the owner of +232 76 000 001 and their sign-in (decisions/021).
 */
export function looksLikePhoneNumber(raw: string): boolean {
  const text = raw.trim();
  return /^\+?[0-9\s().-]+$/.test(text) && toE164(text) !== null;
}
