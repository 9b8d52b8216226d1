import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { CONNECTOR_NOT_FOUND, PmsError, type PmsErrorCode } from '../errors';
import { errorBodySchema } from './schemas';

export const KOLLA_DENTAL_BASE_URL = 'https://unify.kolla.dev/dental/v1';

export interface KollaClientOptions {
  baseUrl?: string;
  apiKey: string;
  /** Connector id (`opendental-50181`) or slug (`opendental`). */
  connectorId: string;
  /** Our id for the practice, as linked in Kolla. */
  consumerId: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Retries after a 429, for reads and for creates carrying a `request_id`. Default 2. */
  rateLimitRetries?: number;
  /** The longest wait before such a retry, whatever Retry-After asks. Default 5 s. */
  maxRetryWaitMs?: number;
  /** For tests. */
  sleep?: (ms: number) => Promise<void>;
}

export type Query = Record<string, string | undefined>;

export type FilterOp = '=' | '!=' | '>' | '<' | '>=' | '<=';
export type FilterClause = readonly [field: string, op: FilterOp, value: string];

/** Kolla filter grammar: comparisons joined by `AND`, single-quoted literals. No escaping is documented. */
export function kollaFilter(clauses: FilterClause[]): string {
  return clauses
    .map(([field, op, value]) => {
      if (value.includes("'"))
        throw new PmsError('bad_request', `Cannot filter on a value containing a quote`);
      return `${field} ${op} '${value}'`;
    })
    .join(' AND ');
}

const MAX_PAGES = 1000;

/** Kolla's `request_id` is at most 36 ASCII characters (kolla.md §2). */
export const REQUEST_ID_MAX = 36;

/**
 * A create's `request_id` (kolla.md §2: a create is idempotent when one is sent): UUID-shaped, the same for the
 * same parts, so a retry of one booking after a timeout gets back what the first attempt made.
 */
export function kollaRequestId(...parts: string[]): string {
  const hex = createHash('sha256').update(JSON.stringify(parts)).digest('hex');
  // Version 5 and RFC 4122 variant bits, as a name-based UUID has them.
  const variant = ((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Retry-After as seconds or an HTTP date; undefined when absent or unreadable. */
function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (header.trim() !== '' && Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The wait before a retry when Kolla names none. */
const DEFAULT_RETRY_WAIT_MS = 1_000;

function statusCode(status: number): PmsErrorCode {
  if (status === 400 || status === 422) return 'bad_request';
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate_limited';
  // gRPC UNIMPLEMENTED: Kolla's "connector-unsupported" (kolla.md §2).
  if (status === 501) return 'unsupported';
  return 'unavailable';
}

function errorFromResponse(status: number, body: string): PmsError {
  // Our own words only: the vendor's text stays out of these messages (and so out of logs).
  if (status === 429)
    return new PmsError('rate_limited', 'Kolla is rate limiting our requests (HTTP 429)', { status });
  if (status === 501)
    return new PmsError('unsupported', 'The practice system does not support this action (HTTP 501)', {
      status,
    });
  let message: string;
  try {
    message = errorBodySchema.safeParse(JSON.parse(body)).data?.message ?? '';
  } catch {
    message = body.trim().slice(0, 300);
  }
  // Kolla reports an unknown connector/consumer pair with this message; the status is not documented.
  if (message.toLowerCase().includes(CONNECTOR_NOT_FOUND)) {
    return new PmsError('connector_not_found', `Kolla: ${message}`, { status });
  }
  return new PmsError(statusCode(status), `Kolla HTTP ${status}${message ? `: ${message}` : ''}`, { status });
}

export function createKollaClient(options: KollaClientOptions) {
  const baseUrl = (options.baseUrl ?? KOLLA_DENTAL_BASE_URL).replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const rateLimitRetries = options.rateLimitRetries ?? 2;
  const maxRetryWaitMs = options.maxRetryWaitMs ?? 5_000;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  /**
   * One call. A 429 is retried (a bounded number of times, waiting as Retry-After says, capped) only where a
   * repeat cannot do anything twice: a read, or a create carrying a `request_id`.
   */
  async function request<T>(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    schema: z.ZodType<T>,
    { query, body }: { query?: Query; body?: unknown } = {},
  ): Promise<T> {
    const url = new URL(baseUrl + path);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, value);
    }
    const repeatable = method === 'GET' || (method === 'POST' && query?.request_id !== undefined);
    for (let retry = 0; ; retry++) {
      const { response, text } = await send(method, url, body);
      if (response.status === 429 && repeatable && retry < rateLimitRetries) {
        const wait = retryAfterMs(response.headers.get('retry-after')) ?? DEFAULT_RETRY_WAIT_MS;
        await sleep(Math.min(wait, maxRetryWaitMs));
        continue;
      }
      return parse(method, path, schema, response, text);
    }
  }

  async function send(
    method: string,
    url: URL,
    body: unknown,
  ): Promise<{ response: Response; text: string }> {
    try {
      const response = await doFetch(url, {
        method,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          'connector-id': options.connectorId,
          'consumer-id': options.consumerId,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      return { response, text: await response.text() };
    } catch (cause) {
      const timedOut = cause instanceof Error && cause.name === 'TimeoutError';
      throw new PmsError(
        'unavailable',
        timedOut ? `Kolla did not answer within ${timeoutMs} ms` : 'Could not reach Kolla',
        { cause },
      );
    }
  }

  function parse<T>(method: string, path: string, schema: z.ZodType<T>, response: Response, text: string): T {
    if (!response.ok) throw errorFromResponse(response.status, text);

    let json: unknown;
    try {
      json = text ? JSON.parse(text) : {};
    } catch (cause) {
      throw new PmsError('unavailable', `Kolla returned invalid JSON for ${method} ${path}`, { cause });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new PmsError('unavailable', `Unexpected Kolla response for ${method} ${path}`, {
        cause: parsed.error,
      });
    }
    return parsed.data;
  }

  /** Follows `next_page_token` until it is empty. */
  async function listAll<T>(
    path: string,
    schema: z.ZodType<{ items: T[]; next_page_token: string }>,
    query: Query = {},
  ) {
    const items: T[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const result = await request('GET', path, schema, { query: { ...query, page_token: pageToken } });
      items.push(...result.items);
      if (!result.next_page_token || result.next_page_token === pageToken) return items;
      pageToken = result.next_page_token;
    }
    throw new PmsError('unavailable', `Kolla kept paging ${path} past ${MAX_PAGES} pages`);
  }

  return { request, listAll };
}

export type KollaClient = ReturnType<typeof createKollaClient>;
