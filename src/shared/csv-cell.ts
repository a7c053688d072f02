/**
 * One CSV cell, the one rule for every CSV the product writes (server exports, the monthly-file
 * template, the web's rejected-rows file): text that a spreadsheet would run as a formula (starting
 * with = + - @, a tab or a carriage return) gets a leading apostrophe, unless it is a plain number
 * such as -250.50; then the cell is quoted when it holds a comma, a quote or a line break (RFC 4180).
 */
export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ''
      : typeof value === 'string'
        ? value
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^[+-]?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
