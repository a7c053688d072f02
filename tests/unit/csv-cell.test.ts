import { describe, expect, it } from 'vitest';
import { csvCell } from '../../src/shared/csv';

// Issue "Every credit file protected", item 11: the web's rejected-rows CSV only quoted formula text
// (a spreadsheet still runs a quoted "=cmd") while the server neutralised it. One rule for both now.
describe('csvCell: the one CSV rule', () => {
  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+SUM(A1)', "'+SUM(A1)"],
    ['@cmd', "'@cmd"],
    ['-2+3', "'-2+3"],
    ['\tx', "'\tx"],
  ])('neutralises %j as %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('keeps plain numbers, quotes commas, quotes and line breaks, and writes empty for nothing', () => {
    expect(csvCell('-250.50')).toBe('-250.50');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell('5 Lumley Road, Freetown')).toBe('"5 Lumley Road, Freetown"');
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });
});
