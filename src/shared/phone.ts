import { parsePhoneNumberFromString, validatePhoneNumberLength, type CountryCode } from 'libphonenumber-js';

const EXAMPLE = 'for example (555) 123-4567 or +44 20 7946 0958';

/** What is wrong with a phone number as typed, in words a person can act on; undefined when it is usable. */
export function phoneNumberProblem(raw: string, defaultCountry: CountryCode = 'US'): string | undefined {
  const value = raw.trim();
  if (!value) return 'Please enter a phone number.';
  if (/[a-z]/i.test(value.replace(/\b(ext|x)\.?\s*\d+$/i, '')))
    return `A phone number has only digits, spaces and + ( ) -, ${EXAMPLE}.`;
  switch (validatePhoneNumberLength(value, defaultCountry)) {
    case 'NOT_A_NUMBER':
      return `That is not a phone number: enter it with its area code, ${EXAMPLE}.`;
    case 'INVALID_COUNTRY':
      return 'The country code is not valid: start with + and the country code, or use a US number.';
    case 'TOO_SHORT':
      return `The phone number is too short: a US number has 10 digits with the area code (${EXAMPLE}).`;
    case 'TOO_LONG':
      return 'The phone number is too long: check for extra digits.';
    case 'INVALID_LENGTH':
      return 'The phone number does not have the right number of digits for its country.';
    default:
      return parsePhoneNumberFromString(value, defaultCountry)?.isPossible()
        ? undefined
        : `That is not a valid phone number, ${EXAMPLE}.`;
  }
}
