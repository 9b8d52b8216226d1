import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors';

/** NUL (which PostgreSQL text cannot hold) or a UTF-16 surrogate without its pair (which is not text). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const INVALID_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const INVALID_TEXT_ALL = new RegExp(INVALID_TEXT.source, 'g');

export function hasInvalidText(value: string): boolean {
  return INVALID_TEXT.test(value);
}

/** Text as PostgreSQL can store it: NUL and lone surrogates become U+FFFD. */
export function storableText(value: string): string;
export function storableText(value: string | null): string | null;
export function storableText(value: string | null): string | null {
  return value === null ? null : value.replace(INVALID_TEXT_ALL, '\uFFFD');
}

/** Where in a parsed value (object, array, string) invalid text sits, as a dotted path; undefined if none. */
export function findInvalidText(value: unknown, at = ''): string | undefined {
  if (typeof value === 'string') return hasInvalidText(value) ? at || 'value' : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const path = at ? `${at}.${key}` : key;
    if (hasInvalidText(key)) return path;
    const found = findInvalidText(item, path);
    if (found) return found;
  }
  return undefined;
}

/** The URL decoded as the router and the query parser will see it, or undefined if it is not valid UTF-8. */
function decodedUrl(url: string): string | undefined {
  try {
    return decodeURIComponent(url.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}

export const INVALID_MESSAGE = 'The request contains characters that are not allowed.';

/**
 * Refuses, before anything else runs, a request whose URL or headers hold NUL, a lone surrogate or bytes that
 * are not UTF-8; its body is checked once parsed. Nothing downstream (database, audit log) ever sees such text.
 */
export function installInputTextCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const url = decodedUrl(request.url);
    if (url === undefined || hasInvalidText(url)) throw badRequest(INVALID_MESSAGE);
    for (const [name, value] of Object.entries(request.headers)) {
      for (const item of [value ?? ''].flat()) {
        if (item.includes('\u0000')) throw badRequest(INVALID_MESSAGE, { [name]: INVALID_MESSAGE });
      }
    }
  });
  app.addHook('preValidation', async (request) => {
    const field = findInvalidText(request.body);
    if (field) throw badRequest(INVALID_MESSAGE, { [field]: INVALID_MESSAGE });
  });
}
