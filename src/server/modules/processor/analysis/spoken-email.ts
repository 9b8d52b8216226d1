import type { Token } from './transcript-lines';
import type { Found } from './found';

const TOP_LEVEL = new Set([
  'com',
  'net',
  'org',
  'edu',
  'gov',
  'io',
  'co',
  'us',
  'uk',
  'ca',
  'info',
  'biz',
  'me',
  'app',
  'dev',
]);
const DOT = new Set(['dot', '.']);
const LOCAL_JOINERS: Record<string, string> = {
  dot: '.',
  '.': '.',
  underscore: '_',
  _: '_',
  dash: '-',
  hyphen: '-',
  '-': '-',
};
/** Words that end the spoken local part when reading backwards from "at". */
const BEFORE_LOCAL = new Set([
  'is',
  "it's",
  'its',
  'email',
  'e',
  'mail',
  'address',
  'my',
  'me',
  'at',
  'use',
  'the',
  'and',
  'or',
  'it',
  'that',
  'sure',
  'yes',
  'yeah',
  'okay',
  'ok',
  'try',
  'was',
  'be',
  'should',
  'send',
  'to',
  'reach',
  'under',
  'so',
  'um',
  'uh',
  'oh',
  'actually',
  'sorry',
  'no',
  'wait',
  'rather',
  'instead',
  'make',
  'change',
  'new',
  'one',
  "that's",
]);
const WRITTEN = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

const UNITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const TEENS = [
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** "p shah eighty eight" is pshah88: number words in the local part are its digits. */
function spokenDigits(words: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const tens = TENS.indexOf(word);
    if (tens >= 2) {
      const unit = UNITS.indexOf(words[i + 1] ?? '');
      if (unit > 0) i++;
      out.push(`${tens}${unit > 0 ? unit : 0}`);
    } else if (TEENS.includes(word)) out.push(String(10 + TEENS.indexOf(word)));
    else if (UNITS.includes(word)) out.push(String(UNITS.indexOf(word)));
    else out.push(word);
  }
  return out;
}

function isWord(token: Token | undefined) {
  return !!token && /^[a-z0-9]+$/.test(token.lower);
}

/** E-mail addresses in a caller's turn, written ("jane.doe@gmail.com") or spoken ("jane dot doe at gmail dot com"). */
export function findEmails(tokens: Token[], text: string, offset: number): Found[] {
  const found: Found[] = [];
  for (const match of text.matchAll(WRITTEN)) {
    const start = offset + match.index;
    found.push({ value: match[0].toLowerCase(), ranges: [{ start, end: start + match[0].length }] });
  }
  if (found.length > 0) return found;
  for (let at = 1; at < tokens.length; at++) {
    if (tokens[at]!.lower !== 'at') continue;
    // Domain: word (dot word)* ending in a known top-level domain.
    const domain: string[] = [];
    let j = at + 1;
    let end = at;
    while (isWord(tokens[j])) {
      domain.push(tokens[j]!.lower);
      end = j;
      if (DOT.has(tokens[j + 1]?.lower ?? '') && isWord(tokens[j + 2])) j += 2;
      else break;
    }
    if (domain.length < 2 || !TOP_LEVEL.has(domain.at(-1)!)) continue;
    // Local part, read backwards: words, digits and spoken joiners.
    const local: string[] = [];
    let k = at - 1;
    let begin = at;
    while (k >= 0) {
      const token = tokens[k]!;
      if (
        token.lower in LOCAL_JOINERS &&
        local.length > 0 &&
        isWord(tokens[k - 1]) &&
        !BEFORE_LOCAL.has(tokens[k - 1]!.lower)
      ) {
        local.unshift(LOCAL_JOINERS[token.lower]!);
      } else if (isWord(token) && !BEFORE_LOCAL.has(token.lower)) {
        local.unshift(token.lower);
        begin = k;
      } else break;
      k--;
    }
    if (local.length === 0) continue;
    found.push({
      value: `${spokenDigits(local).join('')}@${domain.join('.')}`,
      ranges: [{ start: tokens[begin]!.start, end: tokens[end]!.end }],
    });
  }
  return found;
}
