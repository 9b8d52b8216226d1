import { randomInt } from 'node:crypto';

/** Easy to read aloud and to type: no 0/O, no 1/I/L. */
export const CONFIRMATION_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CONFIRMATION_LENGTH = 6;

/** `index` draws a number below its argument; the demo seed passes its deterministic one. */
export function newConfirmationNumber(index: (max: number) => number = randomInt): string {
  let value = '';
  for (let i = 0; i < CONFIRMATION_LENGTH; i++)
    value += CONFIRMATION_ALPHABET[index(CONFIRMATION_ALPHABET.length)];
  return value;
}
