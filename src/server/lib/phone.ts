import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { memoize } from '#shared/memoize';

/**
 * A US or Canadian number already in E.164, as the voice platform sends every caller: libphonenumber gives it
 * back unchanged (phone.test.ts holds the two to each other), so it is not parsed. A voice webhook asks for a
 * caller never seen before as often as not, and parsing one is 6-7 µs (issue 26).
 */
const NANP_E164 = /^\+1[2-9]\d{2}[2-9]\d{6}$/;

const parsedE164 = memoize(
  (raw: string, defaultCountry: CountryCode) => {
    const parsed = parsePhoneNumberFromString(raw, defaultCountry);
    return parsed?.isPossible() ? parsed.number : undefined;
  },
  // Every call on a voice webhook parses the caller's number and the one they gave.
  (raw, defaultCountry) => `${defaultCountry}|${raw}`,
);

/** E.164 for a number as a practice system stores it ("(555) 123-4567", "5551234567", "+1…"), else undefined. */
export function toE164(raw: string, defaultCountry: CountryCode = 'US'): string | undefined {
  return NANP_E164.test(raw) ? raw : parsedE164(raw, defaultCountry);
}

/**
 * What stops a number of a possible form from being dialled as given: an extension (dropped from E.164), or
 * a range no carrier has ("(012) 555-0143"). Undefined when nothing does, or when the form itself is wrong.
 */
export function dialProblem(
  raw: string,
  defaultCountry: CountryCode = 'US',
): 'extension' | 'unassigned' | undefined {
  const parsed = parsePhoneNumberFromString(raw, defaultCountry);
  if (!parsed?.isPossible()) return undefined;
  if (parsed.ext) return 'extension';
  return parsed.isValid() ? undefined : 'unassigned';
}

/** Country and national digits of an E.164 number; undefined when it is not one. */
export function splitE164(e164: string): { country: CountryCode | undefined; national: string } | undefined {
  if (!e164.startsWith('+')) return undefined;
  const parsed = parsePhoneNumberFromString(e164);
  return parsed?.isPossible() ? { country: parsed.country, national: parsed.nationalNumber } : undefined;
}

/** A number as people read it: "(212) 555-0143" at home, "+44 20 7946 0958" abroad; as given if not E.164. */
export function formatPhone(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed?.isPossible()) return e164;
  return parsed.country === 'US' || parsed.countryCallingCode === '1'
    ? parsed.formatNational()
    : parsed.formatInternational();
}
