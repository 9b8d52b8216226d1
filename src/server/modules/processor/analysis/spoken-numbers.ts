import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Token } from './transcript-lines';
import type { Found } from './found';

const UNITS: Record<string, number> = {
  zero: 0,
  oh: 0,
  o: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
};
const TEENS: Record<string, string> = {
  ten: '10',
  eleven: '11',
  twelve: '12',
  thirteen: '13',
  fourteen: '14',
  fifteen: '15',
  sixteen: '16',
  seventeen: '17',
  eighteen: '18',
  nineteen: '19',
};
const TENS: Record<string, number> = {
  twenty: 2,
  thirty: 3,
  forty: 4,
  fifty: 5,
  sixty: 6,
  seventy: 7,
  eighty: 8,
  ninety: 9,
};
const SEPARATORS = new Set(['-', '.', ',', '(', ')', '/', 'dash', 'hyphen', 'and']);

function isZeroWord(token: Token | undefined) {
  return token?.lower === 'oh' || token?.lower === 'o';
}

const DIGIT_WORDS = new Set([
  ...Object.keys(UNITS),
  ...Object.keys(TEENS),
  ...Object.keys(TENS),
  'double',
  'triple',
  'hundred',
]);
const isDigits = (text: string) => text.length > 0 && text.charCodeAt(0) >= 48 && text.charCodeAt(0) <= 57;

function isDigitish(token: Token | undefined): boolean {
  return !!token && (isDigits(token.lower) || DIGIT_WORDS.has(token.lower));
}

/**
 * Phone numbers in a caller's turn: digits spoken one by one ("five five five"), with "oh" for zero, "double"
 * and "triple", tens ("forty five"), or written with separators ("(555) 123-4567"). A run of 10 digits (11 with
 * a leading 1, or with "plus") that libphonenumber accepts as a US or international number.
 */
export function findPhoneNumbers(tokens: Token[]): Found[] {
  const found: Found[] = [];
  let i = 0;
  while (i < tokens.length) {
    const first = tokens[i]!;
    const plus = first.lower === '+' || first.lower === 'plus';
    const startsRun = plus ? isDigitish(tokens[i + 1]) : isDigitish(first) && first.lower !== 'hundred';
    // "Oh, it's…" is not a zero: an "oh" only starts a run when a digit follows.
    if (!startsRun || (isZeroWord(first) && !isDigitish(tokens[i + 1]))) {
      i++;
      continue;
    }
    let digits = '';
    let j = plus ? i + 1 : i;
    let repeat = 1;
    let last = j;
    while (j < tokens.length) {
      const token = tokens[j]!;
      if (isDigits(token.lower)) {
        digits += token.lower.repeat(repeat);
        repeat = 1;
      } else if (token.lower in UNITS) {
        digits += String(UNITS[token.lower]).repeat(repeat);
        repeat = 1;
      } else if (token.lower in TEENS) digits += TEENS[token.lower];
      else if (token.lower in TENS) {
        const next = tokens[j + 1];
        const unit = next && next.lower in UNITS && !isZeroWord(next) ? UNITS[next.lower] : undefined;
        if (unit !== undefined && unit > 0) {
          digits += `${TENS[token.lower]}${unit}`;
          j++;
        } else digits += `${TENS[token.lower]}0`;
      } else if (token.lower === 'hundred') digits += '00';
      else if (token.lower === 'double') repeat = 2;
      else if (token.lower === 'triple') repeat = 3;
      else if (!SEPARATORS.has(token.lower)) break;
      else {
        // "512... 555... 0199": a run of separators between two groups of digits.
        let next = j + 1;
        while (next < tokens.length && SEPARATORS.has(tokens[next]!.lower) && next - j < 4) next++;
        if (!isDigitish(tokens[next])) break;
        j = next;
        continue;
      }
      last = j;
      j++;
    }
    const phone = toPhone(plus ? `+${digits}` : digits);
    if (phone) found.push({ value: phone, ranges: [{ start: first.start, end: tokens[last]!.end }] });
    i = Math.max(j, i + 1);
  }
  return found;
}

function toPhone(digits: string): string | null {
  const plain = digits.replace(/^\+/, '');
  // A national number with a trunk zero ("07700 900123") is British: the one such caller the rules meet.
  if (!digits.startsWith('+') && plain.length === 11 && plain.startsWith('0')) {
    const british = parsePhoneNumberFromString(digits, 'GB');
    return british?.isPossible() ? british.number : null;
  }
  if (!digits.startsWith('+') && !(plain.length === 10 || (plain.length === 11 && plain.startsWith('1'))))
    return null;
  const parsed = parsePhoneNumberFromString(digits, 'US');
  return parsed?.isPossible() ? parsed.number : null;
}
