/**
 * Case- and accent-insensitive search without the unaccent extension (not every PostgreSQL has contrib):
 * the calls table keeps a generated column `translate(lower(name), FOLD_FROM, FOLD_TO)` and a search term
 * is folded the same way here. Letters outside the table are compared as they are.
 */
export const FOLD_FROM =
  'àáâãäåāăąçćčďèéêëēėęěìíîïīįłñńňòóôõöøōőŕřśšşťùúûüūůűýÿžźżÀÁÂÃÄÅĀĂĄÇĆČĎÈÉÊËĒĖĘĚÌÍÎÏĪĮŁÑŃŇÒÓÔÕÖØŌŐŔŘŚŠŞŤÙÚÛÜŪŮŰÝŸŽŹŻ';
export const FOLD_TO =
  'aaaaaaaaacccdeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuyyzzzaaaaaaaaacccdeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuyyzzz';

const FOLD = new Map([...FOLD_FROM].map((c, i) => [c, FOLD_TO[i]!]));

export function foldForSearch(value: string): string {
  let out = '';
  for (const c of value.toLowerCase()) out += FOLD.get(c) ?? c;
  return out;
}
