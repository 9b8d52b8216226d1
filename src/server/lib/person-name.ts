/**
 * Whether the name a caller said is the name on a patient's record (issue 24): tolerant of case, accents,
 * punctuation, a title and a missing (or extra) middle name, and never of a different first or last name.
 */

const TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr']);

/** Lower-case words without accents or punctuation ("Dr. José-Luis O'Neil" → jose, luis, oneil). */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word && !TITLES.has(word));
}

/**
 * The first word said is the record's first given name and the last word said is one of the record's family
 * names; middle words are not compared (a middle name may be said or left out on either side).
 */
export function sameName(said: string, record: { givenName: string; familyName: string }): boolean {
  const words = nameWords(said);
  const given = nameWords(record.givenName);
  const family = nameWords(record.familyName);
  if (words.length < 2 || given.length === 0 || family.length === 0) return false;
  return words[0] === given[0] && family.includes(words[words.length - 1]!);
}

/** A first name alone, as a caller on their own number may give it: the record's first given name. */
export function sameFirstName(said: string, record: { givenName: string }): boolean {
  const words = nameWords(said);
  return words.length === 1 && words[0] === nameWords(record.givenName)[0];
}
