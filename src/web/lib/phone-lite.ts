/**
 * The browser's stand-in for awesome-phonenumber (vite.config.ts swaps it in for the web build
 * only; decisions/048). The library's metadata for every country is ~62 KB compressed, the largest
 * file a consumer page loaded, for a check the server makes again anyway: the form's check is a
 * courtesy, the server's (the real library) is the judge, and its refusal shows under the field.
 *
 * Sierra Leone numbers are judged exactly as the library judges them (the national ranges below;
 * tests/unit/phone-lite.test.ts compares every 3- and 4-digit range with the library, so an update
 * of its metadata that moves a range fails the test). A number of another country is accepted when
 * it looks like one (+, 5 to 15 digits) and left to the server.
 */
const SL_NATIONAL = /^(?:22[2-4][2-9]\d{4}|(?:25|3[0-5]|66|7[1-9]|80|88|90|99)\d{6})$/;
const SEPARATORS = /[\s().-]/g;

interface TParsedPhone {
  valid: boolean;
  number: { e164: string } | undefined;
}

const invalid: TParsedPhone = { valid: false, number: undefined };
const e164 = (digits: string): TParsedPhone => ({ valid: true, number: { e164: `+${digits}` } });

/** The national (8-digit) part of a Sierra Leone number in any common form, or null. */
function slNationalOf(compact: string): string | null {
  const match = /^(?:\+232|00232|232|0)?(\d{8})$/.exec(compact);
  return match ? match[1] : null;
}

/** The phone keypad's digit for each letter (a vanity number such as 300-CALL). */
const KEYPAD: Record<string, string> = Object.fromEntries(
  ['ABC', 'DEF', 'GHI', 'JKL', 'MNO', 'PQRS', 'TUV', 'WXYZ'].flatMap((letters, i) => [...letters].map((l) => [l, String(i + 2)])),
);

/** As the library reads a number with three letters or more: each letter as its keypad digit. */
function keypadDigitsOf(compact: string): string {
  return (compact.match(/[A-Za-z]/g) ?? []).length >= 3 ? compact.replace(/[A-Za-z]/g, (l) => KEYPAD[l.toUpperCase()]) : compact;
}

export function parsePhoneNumber(raw: string, options: { regionCode?: string } = {}): TParsedPhone {
  const compact = keypadDigitsOf(raw.trim().replace(SEPARATORS, ''));
  const international = /^(?:\+|00)(\d+)$/.exec(compact);
  if (international && !international[1].startsWith('232')) {
    const digits = international[1];
    return digits.length >= 5 && digits.length <= 15 && !digits.startsWith('0') ? e164(digits) : invalid;
  }
  if (!international && (options.regionCode ?? 'SL') !== 'SL') return invalid;
  const national = slNationalOf(compact);
  return national && SL_NATIONAL.test(national) ? e164(`232${national}`) : invalid;
}
