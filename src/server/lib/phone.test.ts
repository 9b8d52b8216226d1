import fc from 'fast-check';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { describe, expect, it } from 'vitest';
import { toE164 } from './phone';

/** What libphonenumber makes of a number: the rule toE164 must give, whatever path it takes. */
function libphonenumber(raw: string, country: CountryCode = 'US'): string | undefined {
  const parsed = parsePhoneNumberFromString(raw, country);
  return parsed?.isPossible() ? parsed.number : undefined;
}

const digits = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(''));

describe('toE164', () => {
  it('gives back a US or Canadian number in E.164 as libphonenumber does, for every area code', () => {
    // Checked once over every area code and exchange (640,000 numbers, 23 s); here every area code, with
    // exchanges and lines drawn at random.
    for (let area = 200; area <= 999; area++) {
      fc.assert(
        fc.property(fc.integer({ min: 200, max: 999 }), digits(4), (exchange, line) => {
          const number = `+1${area}${exchange}${line}`;
          expect(toE164(number)).toBe(libphonenumber(number));
          expect(toE164(number, 'GB')).toBe(libphonenumber(number, 'GB'));
        }),
        { numRuns: 3 },
      );
    }
  });

  it('parses what is not already a North American E.164 number, as libphonenumber does', () => {
    const written = fc.oneof(
      digits(10).map((d) => `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`),
      digits(10),
      digits(11).map((d) => `+${d}`),
      fc
        .integer({ min: 0, max: 199 })
        .chain((area) => digits(7).map((rest) => `+1${String(area).padStart(3, '0')}${rest}`)),
      fc.integer({ min: 8, max: 13 }).chain((length) => digits(length).map((d) => `+1${d}`)),
      fc.string(),
    );
    fc.assert(
      fc.property(written, (raw) => {
        expect(toE164(raw)).toBe(libphonenumber(raw));
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps the examples a practice system sends', () => {
    expect(toE164('(212) 555-0143')).toBe('+12125550143');
    expect(toE164('2125550143')).toBe('+12125550143');
    expect(toE164('+442079460958')).toBe('+442079460958');
    expect(toE164('020 7946 0958', 'GB')).toBe('+442079460958');
    expect(toE164('12')).toBeUndefined();
  });
});
