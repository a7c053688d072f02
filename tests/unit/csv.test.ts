import { describe, expect, it } from 'vitest';
import { csvText, parseCsv, toCsv } from '../../src/shared/csv';
import { CSV_COLUMNS, csvRecordToRow, rowToCsvRecord, type TCsvColumn } from '../../src/shared/schemas/credit';
import { rejectedRowsCsv, rejectsCsv } from '../../src/web/features/business/csv';

// Issue #16 "one way for each thing": one CSV writer (csv-stringify) with one formula rule, one
// reader (csv-parse), for the server's exports and the web's rejected-rows file.
describe('toCsv and parseCsv: the one writer and the one reader', () => {
  it('writes CRLF records by default, the last one ended too, and LF when asked', () => {
    expect(
      toCsv([
        ['a', 'b'],
        [1, 2],
      ]),
    ).toBe('a,b\r\n1,2\r\n');
    expect(
      toCsv(
        [
          ['a', 'b'],
          [1, 2],
        ],
        '\n',
      ),
    ).toBe('a,b\n1,2\n');
    expect(toCsv([])).toBe('');
  });

  it('quotes commas, quotes and line breaks (whatever the line ending) and writes nothing for null', () => {
    expect(toCsv([['5 Lumley Road, Freetown', 'say "hi"', 'a\nb', 'c\r\nd', null, undefined, '']])).toBe(
      '"5 Lumley Road, Freetown","say ""hi""","a\nb","c\r\nd",,,\r\n',
    );
    expect(toCsv([['a\nb', 'c\rd']], '\n')).toBe('"a\nb","c\rd"\n');
  });

  it('applies the one formula rule to every cell and keeps plain numbers, negative ones too', () => {
    expect(toCsv([['=HYPERLINK("x")', '+SUM(A1)', '@cmd', '-2+3', '\tx', '-250.50', -3, '+7', 0.5]])).toBe(
      `"'=HYPERLINK(""x"")",'+SUM(A1),'@cmd,'-2+3,'\tx,-250.50,-3,+7,0.5\r\n`,
    );
    expect(csvText('\rx')).toBe("'\rx");
    expect(toCsv([['\rx']])).toBe(`"'\rx"\r\n`);
  });

  it('writes objects as JSON and other values as their text', () => {
    expect(toCsv([[{ a: 1 }, true, false, 12n]])).toBe('"{""a"":1}",true,false,12\r\n');
  });

  it('reads back what it writes: quotes, commas, line breaks and neutralised formulas', () => {
    const rows = [
      ['row', 'address', 'note', 'amount'],
      ['1', '5 Lumley Road, Freetown', 'said "no"\nthen left', '-250.50'],
      ['2', '=cmd', '', '-3'],
    ];
    expect(parseCsv(toCsv(rows))).toEqual([rows[0], rows[1], ['2', "'=cmd", '', '-3']]);
    expect(parseCsv(toCsv(rows, '\n'))).toEqual(parseCsv(toCsv(rows)));
  });

  it('reads as the server reads a monthly file: BOM dropped, empty lines skipped, ragged rows kept, cells trimmed', () => {
    expect(parseCsv('\uFEFFa,b\r\n\r\n 1 , 2 ,3\r\n\r\nx\r\n')).toEqual([['a', 'b'], ['1', '2', '3'], ['x']]);
    expect(parseCsv('a,b\n\n"x, y",\n')).toEqual([
      ['a', 'b'],
      ['x, y', ''],
    ]);
    expect(parseCsv('')).toEqual([]);
  });

  it('refuses text that is not CSV, naming the line', () => {
    expect(() => parseCsv('a,b\n"unclosed,2\n')).toThrow();
    try {
      parseCsv('a,b\nx,"y"z\n');
      expect.unreachable();
    } catch (error) {
      expect((error as { lines?: number }).lines).toBe(2);
    }
  });
});

describe('the monthly-file row and its CSV record', () => {
  const record: Record<TCsvColumn, string> = {
    national_id: 'SL12345678',
    drivers_license: 'DL-1',
    passport_number: 'P1234567',
    first_name: 'Fatmata',
    middle_name: 'Binta',
    last_name: 'Koroma',
    date_of_birth: '1990-06-15',
    phone: '+232 76 123 456',
    address: '14 Kissy Road, Freetown',
    district: 'Western Area Urban',
    account_number: 'LN-2025-0001',
    account_type: 'personal_loan',
    currency: 'SLE',
    principal: '15000.00',
    balance: '9250.50',
    opened_at: '2025-02-01',
    status: 'current',
    default_amount: '0',
    default_date: '2025-04-30',
    payment_history: '000000',
    amount_past_due: '250.00',
    first_delinquency_date: '2025-03-31',
    last_payment_date: '2025-04-15',
    last_payment_amount: '500.00',
    scheduled_payment_amount: '750.00',
    term_months: '24',
    payment_frequency: 'monthly',
    closed_at: '',
    correction: '',
    reason: '',
    certify_reinsertion: '',
    note: '',
    party_1_role: 'guarantor',
    party_1_national_id: 'SL87654321',
    party_1_drivers_license: '',
    party_1_passport_number: '',
    party_1_first_name: 'Alusine',
    party_1_last_name: 'Bangura',
    party_1_date_of_birth: '1975-01-20',
    party_1_phone: '077 000 111',
    party_1_address: '2 Wilkinson Road, Freetown',
    ...(Object.fromEntries(CSV_COLUMNS.filter((c) => c.startsWith('party_2_') || c.startsWith('party_3_')).map((c) => [c, ''])) as Record<
      `party_${2 | 3}_${string}`,
      string
    >),
  } as Record<TCsvColumn, string>;

  it('a full record goes to a row and back unchanged', () => {
    expect(rowToCsvRecord(csvRecordToRow(record))).toEqual(record);
    expect(Object.keys(rowToCsvRecord(csvRecordToRow(record)))).toEqual([...CSV_COLUMNS]);
  });

  it('a row goes to a record and back unchanged', () => {
    const row = csvRecordToRow(record);
    expect(csvRecordToRow(rowToCsvRecord(row))).toEqual(row);
  });

  it('reads a JSON row as a lender sent it: address as text, numbers, and empty cells for what is missing or not a value', () => {
    const cells = rowToCsvRecord({
      subject: { nationalId: 'SL1', firstName: 'Ibrahim', address: '3 Bo-Kenema Highway, Bo', phone: null, lastName: { x: 1 } },
      account: { principal: 8000, balance: 0, type: 'microfinance_loan' },
    });
    expect(cells).toMatchObject({
      national_id: 'SL1',
      first_name: 'Ibrahim',
      last_name: '',
      phone: '',
      address: '3 Bo-Kenema Highway, Bo',
      district: '',
      principal: '8000',
      balance: '0',
      account_type: 'microfinance_loan',
      account_number: '',
    });
    expect(rowToCsvRecord(null)).toEqual(Object.fromEntries(CSV_COLUMNS.map((c) => [c, ''])));
    expect(rowToCsvRecord('not a row')).toEqual(Object.fromEntries(CSV_COLUMNS.map((c) => [c, ''])));
  });

  it('a record written by toCsv and read by parseCsv is the same record', () => {
    const text = toCsv([CSV_COLUMNS, CSV_COLUMNS.map((c) => record[c])]);
    const [header, cells] = parseCsv(text);
    expect(header).toEqual([...CSV_COLUMNS]);
    // The phone starts with + and is not a plain number: the one rule writes it with an apostrophe, as the template always has.
    expect(Object.fromEntries(header.map((h, i) => [h, cells[i]]))).toEqual({ ...record, phone: "'+232 76 123 456" });
  });
});

describe("the web's rejected-rows file, written and read through @shared/csv", () => {
  const rejects = [
    { row: 2, field: 'phone', message: 'Valid phone number is required' },
    { row: 2, field: 'national_id', message: 'At least one valid ID number is required' },
  ];

  it('rebuilds the rejected rows of a CSV file as sent, numbered as the server read them, with their reasons', () => {
    const sent = '\uFEFFnational_id,address,phone\r\nSL1,"1 A Road, Bo",+232 76 123 456\r\n\r\n,"=cmd ""x""",not-a-phone\r\n';
    expect(parseCsv(rejectedRowsCsv({ format: 'csv', text: sent }, rejects))).toEqual([
      ['row', 'national_id', 'address', 'phone', 'errors'],
      ['2', '', `'=cmd "x"`, 'not-a-phone', 'phone: Valid phone number is required; national_id: At least one valid ID number is required'],
    ]);
  });

  it("writes a JSON file's rejected rows in the template columns", () => {
    const sent = JSON.stringify({
      rows: [{ subject: { nationalId: 'SL1' } }, { subject: { phone: 'x', address: { line: '2 B St', district: 'Bo' } } }],
    });
    const [header, row, ...rest] = parseCsv(rejectedRowsCsv({ format: 'json', text: sent }, rejects));
    expect(header).toEqual(['row', ...CSV_COLUMNS, 'errors']);
    expect(Object.fromEntries(header.map((h, i) => [h, row[i]]))).toMatchObject({
      row: '2',
      phone: 'x',
      address: '2 B St',
      district: 'Bo',
    });
    expect(rest).toEqual([]);
  });

  it('falls back to the rejects alone when the file is not CSV, and writes CRLF records', () => {
    const alone = rejectsCsv(rejects);
    expect(alone.split('\r\n')[0]).toBe('row,field,message');
    expect(rejectedRowsCsv({ format: 'csv', text: 'a,b\nx,"y"z\n' }, rejects)).toBe(alone);
  });
});
