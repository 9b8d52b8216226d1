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

function statusCode(status: number): PmsErrorCode {
  if (status === 400 || status === 422) return 'bad_request';
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  return 'unavailable';
}

function errorFromResponse(status: number, body: string): PmsError {
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
    let response: Response;
    let text: string;
    try {
      response = await doFetch(url, {
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
      text = await response.text();
    } catch (cause) {
      const timedOut = cause instanceof Error && cause.name === 'TimeoutError';
      throw new PmsError(
        'unavailable',
        timedOut ? `Kolla did not answer within ${timeoutMs} ms` : 'Could not reach Kolla',
        { cause },
      );
    }
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
