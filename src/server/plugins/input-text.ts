import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the JSON parser when the body's text cannot hold NUL or a lone surrogate (no escape of one). */
    bodyTextClean: boolean;
  }
}

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

/**
 * Whether JSON text, once parsed, may hold NUL or a lone surrogate. Decoded UTF-8 never holds a lone surrogate
 * (bad bytes become U+FFFD) and JSON.parse refuses a raw NUL, so they can only come from a `\u` escape of NUL
 * or of a surrogate half: text without one is clean without walking what it parses to. A backslash before
 * the `\u` (an escaped backslash) or a valid escaped pair only sends the body to the walk.
 */
// eslint-disable-next-line no-control-regex -- a raw NUL is suspect too
const SUSPECT_ESCAPE = /\\u(?:0000|[dD][89a-fA-F][0-9a-fA-F]{2})|\u0000/;
export function jsonMayHoldInvalidText(text: string): boolean {
  return SUSPECT_ESCAPE.test(text);
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
 * Refuses a parsed value that holds invalid text, with a 400 naming where (`at` prefixes the path): the body's
 * check, and the same rule for JSON parsed later from inside a field (a tool call's string arguments, a
 * multipart part), where an escaped NUL passes the body's check as six plain characters.
 */
export function refuseInvalidText(value: unknown, at = ''): void {
  const field = findInvalidText(value, at);
  if (field) throw badRequest(INVALID_MESSAGE, { [field]: INVALID_MESSAGE });
}

/**
 * Refuses, before anything else runs, a request whose URL or headers hold NUL, a lone surrogate or bytes that
 * are not UTF-8; its body is checked once parsed. Nothing downstream (database, audit log) ever sees such text.
 */
export function installInputTextCheck(app: FastifyInstance): void {
  app.decorateRequest('bodyTextClean', false);
  app.addHook('onRequest', async (request) => {
    const url = decodedUrl(request.url);
    if (url === undefined || hasInvalidText(url)) throw badRequest(INVALID_MESSAGE);
    const headers = request.headers;
    for (const name in headers) {
      const value = headers[name];
      const invalid =
        typeof value === 'string' ? value.includes('\u0000') : value?.some((item) => item.includes('\u0000'));
      if (invalid) throw badRequest(INVALID_MESSAGE, { [name]: INVALID_MESSAGE });
    }
  });
  app.addHook('preValidation', async (request) => {
    // Walking every string of a 2 kB webhook message was 9 % of its CPU (issue 26); clean JSON text needs none.
    if (request.bodyTextClean) return;
    refuseInvalidText(request.body);
  });
}
