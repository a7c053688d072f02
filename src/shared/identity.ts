import { parsePhoneNumber } from 'awesome-phonenumber';

/** NIN: trimmed, upper-cased, 6 to 20 letters and digits (brief: validate loosely). */
export const NIN_PATTERN = /^[A-Z0-9]{6,20}$/;

export function normalizeNationalId(raw: string): string {
  return raw.replace(/[\s-]/g, '').toUpperCase();
}

export function isValidNationalId(raw: string): boolean {
  return NIN_PATTERN.test(normalizeNationalId(raw));
}

/** Parses a phone number, Sierra Leone by default, and returns E.164 or null when it is not a valid number. */
export function toE164(raw: string, regionCode = 'SL'): string | null {
  const parsed = parsePhoneNumber(raw.trim(), { regionCode });
  return parsed.valid ? parsed.number.e164 : null;
}

/** Shows only the last few characters of an identifier: "DEMO0001" -> "****0001". */
export function maskIdentifier(value: string, visible = 4): string {
  if (value.length <= visible) return '*'.repeat(value.length);
  return '*'.repeat(value.length - visible) + value.slice(-visible);
}
