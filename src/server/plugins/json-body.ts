import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors';
import { jsonMayHoldInvalidText } from './input-text';

/** Far deeper than any body we take (a Vapi report nests about a dozen levels); deep nesting only costs CPU. */
export const MAX_JSON_DEPTH = 64;

export const TOO_DEEP_MESSAGE = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`;

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether JSON text nests objects and arrays deeper than `max`: one pass over the text that stops at the first
 * level too many, so a hostile body is refused before it is parsed (brackets inside strings do not count).
 */
export function exceedsJsonDepth(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = closingQuote(text, i);
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
}

/**
 * Where the string opened at `open` ends (the text's length if it does not): the first quote after an even run
 * of backslashes. Strings are most of a webhook's text, and `indexOf` crosses them at a fraction of the cost of
 * looking at each character (issue 26).
 */
function closingQuote(text: string, open: number): number {
  for (let at = text.indexOf('"', open + 1); at !== -1; at = text.indexOf('"', at + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
  return text.length;
}

/**
 * Fastify's own JSON parser (prototype poisoning refused), behind a depth check: every JSON body, on /webhook and
 * every /api route, is refused with 400 when nested too deeply, before it is parsed and before any hook that
 * reads it (the webhook's credentials are checked after parsing).
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (exceedsJsonDepth(body as string)) {
      done(badRequest(TOO_DEEP_MESSAGE), undefined);
      return;
    }
    request.bodyTextClean = !jsonMayHoldInvalidText(body as string);
    parse(request, body as string, done);
  });
}
