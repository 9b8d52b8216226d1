import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { memoize } from '#shared/memoize';

/** E.164 for a number as a practice system stores it ("(555) 123-4567", "5551234567", "+1…"), else undefined. */
export const toE164: (raw: string, defaultCountry?: CountryCode) => string | undefined = memoize(
  (raw: string, defaultCountry: CountryCode = 'US') => {
    const parsed = parsePhoneNumberFromString(raw, defaultCountry);
    return parsed?.isPossible() ? parsed.number : undefined;
  },
  // Every call on a voice webhook parses the caller's number and the one they gave.
  (raw, defaultCountry = 'US') => `${defaultCountry}|${raw}`,
);

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
