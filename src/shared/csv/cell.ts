/**
 * The one rule for every cell of every CSV the product writes (server exports, the monthly-file
 * template, the web's rejected-rows file): the value as text (nothing for null, JSON for an
 * object), and text that a spreadsheet would run as a formula (starting with = + - @, a tab or a
 * carriage return) gets a leading apostrophe, unless it is a plain number such as -250.50.
 * Quoting (RFC 4180) is csv-stringify's, in toCsv.
 */
export function csvText(value: unknown): string {
  const text =
    value === null || value === undefined
      ? ''
      : typeof value === 'string'
        ? value
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
  return /^[=+\-@\t\r]/.test(text) && !/^[+-]?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
}
