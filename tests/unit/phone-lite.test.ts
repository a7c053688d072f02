import { parsePhoneNumber as library } from 'awesome-phonenumber';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePhoneNumber as lite } from '../../src/web/lib/phone-lite';

// The web's phone check (decisions/048) must never refuse a number the server (the library) takes,
// and must judge every Sierra Leone number exactly as the library does.
const e164Of = (parsed: { valid: boolean; number?: { e164: string } }) => (parsed.valid ? parsed.number?.e164 : null);
const SAMPLES = ['0000', '1234', '5432', '9999', '5050', '7777'];

describe('the web phone check agrees with the library', () => {
  it('on every Sierra Leone range, 4 digits deep, in the international form', () => {
    const disagreements: string[] = [];
    for (let range = 0; range < 10_000; range++) {
      const prefix = String(range).padStart(4, '0');
      for (const suffix of SAMPLES) {
        const number = `+232${prefix}${suffix}`;
        if (e164Of(lite(number)) !== e164Of(library(number, { regionCode: 'SL' }))) disagreements.push(number);
      }
    }
    expect(disagreements.slice(0, 10)).toEqual([]);
  });

  it('on the forms people type: 0XX, spaces, dashes, brackets, 00232, 232 without +', () => {
    for (const typed of [
      '076 123 456',
      '(076) 123-456',
      '+232 76 123 456',
      '0023276123456',
      '232 76 123456',
      '76123456',
      '0761234567',
      '+2327612345',
      '  +23299123456  ',
      '07612345a',
    ]) {
      expect(e164Of(lite(typed)), typed).toBe(e164Of(library(typed.trim(), { regionCode: 'SL' })));
    }
  });

  it('never refuses a number of another country that the library takes', () => {
    for (const typed of ['+1 202 555 0143', '+44 20 7946 0958', '+234 803 123 4567', '+233 24 123 4567', '0044 20 7946 0958']) {
      const fromLibrary = e164Of(library(typed, { regionCode: 'SL' }));
      expect(fromLibrary, typed).not.toBeNull();
      expect(e164Of(lite(typed)), typed).toBe(fromLibrary);
    }
    // A trunk 0 after the country code: taken, and left to the server to drop.
    expect(e164Of(lite('+64 0 8300 00'))).not.toBeNull();
  });

  it('reads what surrounds a number as the library does (each found by a property run)', () => {
    for (const typed of [
      // Three letters or more are keypad digits; fewer are dropped.
      '300A00AA',
      '3-*28gOI1i',
      '+2329u09949u33',
      // What comes before the first digit or + is not read.
      'k&~350e87265s',
      // A trunk 0 after the country code is dropped.
      '002320FLi]47s8j$',
      '+232 076 123 456',
      // An extension is read apart from the number.
      '076 123 456 x12',
      '076 123 456 ext. 12',
      '076123456;ext=7',
      '076 123 456#3',
      '076 123 456 - 12#',
      '076 CALL ME x5',
    ]) {
      expect(e164Of(lite(typed)), typed).toBe(e164Of(library(typed, { regionCode: 'SL' })));
    }
  });

  // Another country's number goes to the server as typed (digits after +): the server's library then
  // applies that country's rules (a trunk 0 dropped, say), so only Sierra Leone's E.164 must be equal.
  it('property: whatever is typed, a number the library takes the web takes too (the same E.164 in Sierra Leone)', () => {
    const typed = fc.oneof(
      fc.stringMatching(/^(\+232|0|00232|232)?[0-9]{8}$/),
      fc.stringMatching(/^\+[1-9][0-9]{6,14}$/),
      fc.string({ maxLength: 20 }),
      // Mostly digits, with letters, marks and an extension: where the rare disagreements were.
      fc.stringMatching(/^(\+232|0|00232|232)?[0-9A-Za-z +()\-.*#~/]{6,16}( x[0-9]{1,3}| ext\. [0-9]{1,2}|#[0-9]{1,2})?$/),
    );
    fc.assert(
      fc.property(typed, (raw) => {
        const fromLibrary = e164Of(library(raw.trim(), { regionCode: 'SL' }));
        if (!fromLibrary) return;
        if (fromLibrary.startsWith('+232')) expect(e164Of(lite(raw))).toBe(fromLibrary);
        else expect(e164Of(lite(raw))).not.toBeNull();
      }),
      { numRuns: 3000 },
    );
  });
});
