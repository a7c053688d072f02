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

interface TParsedPhone {
  valid: boolean;
  number: { e164: string } | undefined;
}

const invalid: TParsedPhone = { valid: false, number: undefined };
const e164 = (digits: string): TParsedPhone => ({ valid: true, number: { e164: `+${digits}` } });

/**
 * The national (8-digit) part of a Sierra Leone number in any common form, or null. A trunk 0
 * after the country code (+232 0 76…) is dropped, as the library drops it.
 */
function slNationalOf(compact: string): string | null {
  const match = /^(?:(?:\+232|00232|232)0?|0)?(\d{8})$/.exec(compact);
  return match ? match[1] : null;
}

/** The phone keypad's digit for each letter (a vanity number such as 300-CALL). */
const KEYPAD: Record<string, string> = Object.fromEntries(
  ['ABC', 'DEF', 'GHI', 'JKL', 'MNO', 'PQRS', 'TUV', 'WXYZ'].flatMap((letters, i) => [...letters].map((l) => [l, String(i + 2)])),
);

/**
 * The text the library reads a number from: from the first digit or + on, without what follows
 * the last digit, letter or #, and cut before a second number ("/ x…").
 */
function possibleNumberOf(raw: string): string {
  const start = raw.search(/[+＋0-9]/);
  if (start < 0) return '';
  const text = raw.slice(start).replace(/[^0-9A-Za-z#]+$/, '');
  const second = /[\\/] *x/.exec(text);
  return second ? text.slice(0, second.index) : text;
}

/**
 * An extension at the end ("x12", "ext. 12", ";ext=12", "#12", "- 12#"): the library reads the
 * number before it, and the extension apart.
 */
const EXTENSION =
  /(?:;ext=\d{1,20}|[ \t,]*(?:e?xt(?:ensi(?:o|ó))?n?|anexo)[:.]?[ \t,-]*\d{1,20}#?|[ \t,]*(?:[x#~]|int)[:.]?[ \t,-]*\d{1,9}#?|[- ]+\d{1,6}#)$/i;

/**
 * Digits as the library reads them: with three letters or more, each letter is its keypad digit
 * (a vanity number such as 300-CALL-ME); with fewer, letters are dropped; so is every other mark
 * but a leading +.
 */
function digitsOf(text: string): string {
  const isVanity = (text.match(/[A-Za-z]/g) ?? []).length >= 3;
  const mapped = isVanity ? text.replace(/[A-Za-z]/g, (l) => KEYPAD[l.toUpperCase()]) : text;
  return (/^[+＋]/.test(mapped) ? '+' : '') + mapped.replace(/[^0-9]/g, '');
}

function parseDigits(compact: string, regionCode: string): TParsedPhone {
  const international = /^(?:\+|00)(\d+)$/.exec(compact);
  if (international && !international[1].startsWith('232')) {
    const digits = international[1];
    return digits.length >= 5 && digits.length <= 15 && !digits.startsWith('0') ? e164(digits) : invalid;
  }
  if (!international && regionCode !== 'SL') return invalid;
  const national = slNationalOf(compact);
  return national && SL_NATIONAL.test(national) ? e164(`232${national}`) : invalid;
}

export function parsePhoneNumber(raw: string, options: { regionCode?: string } = {}): TParsedPhone {
  const regionCode = options.regionCode ?? 'SL';
  const text = possibleNumberOf(raw.trim());
  // The library takes the number before an extension when that part is a number; else the whole.
  const extension = EXTENSION.exec(text);
  if (extension && extension.index > 0) {
    const before = parseDigits(digitsOf(text.slice(0, extension.index)), regionCode);
    if (before.valid) return before;
  }
  return parseDigits(digitsOf(text), regionCode);
}
