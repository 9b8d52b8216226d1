import { VoiceError, type VoiceErrorCode } from '../errors';

export const VAPI_BASE_URL = 'https://api.vapi.ai';

export interface VapiClientOptions {
  apiKey: string;
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Per attempt. */
  timeoutMs?: number;
  /** Retries after the first attempt, on 408/429/5xx and network failures. */
  retries?: number;
  /** First backoff; doubled each retry (a Retry-After header wins, up to maxBackoffMs). */
  backoffMs?: number;
  maxBackoffMs?: number;
}

export type Query = Record<string, string | number | undefined>;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

function codeFor(status: number): VoiceErrorCode {
  if (status === 400 || status === 422) return 'bad_request';
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate_limited';
  return 'unavailable';
}

const retryable = (status: number) => status === 408 || status === 429 || status >= 500;

/** Vapi's error bodies: `{message: string | string[], error, statusCode}`, or `{error, message}` (409). */
export function vapiErrorMessage(status: number, text: string): string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return text.trim().slice(0, 300) || `HTTP ${status}`;
  }
  if (typeof body !== 'object' || body === null) return `HTTP ${status}`;
  const { message, error } = body as { message?: unknown; error?: unknown };
  if (Array.isArray(message)) return message.filter((m) => typeof m === 'string').join('; ');
  if (typeof message === 'string' && message) return message;
  if (typeof error === 'string' && error) return error;
  return `HTTP ${status}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

export function createVapiClient(options: VapiClientOptions) {
  const baseUrl = (options.baseUrl ?? VAPI_BASE_URL).replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retries = options.retries ?? 2;
  const backoffMs = options.backoffMs ?? 300;
  const maxBackoffMs = options.maxBackoffMs ?? 5_000;

  async function attempt(method: Method, url: URL, body: string | FormData | undefined, json: boolean) {
    try {
      const response = await doFetch(url, {
        method,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          accept: 'application/json',
          ...(json && { 'content-type': 'application/json' }),
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      return { response, text: await response.text() };
    } catch (cause) {
      const timedOut = cause instanceof Error && cause.name === 'TimeoutError';
      return {
        failure: new VoiceError(
          'unavailable',
          timedOut ? `Vapi did not answer within ${timeoutMs} ms` : 'Could not reach Vapi',
          { cause },
        ),
      };
    }
  }

  /**
   * One API call with retries. A POST is retried only on 429 (nothing was created); a timed-out or failed
   * POST might have gone through, so it is not sent twice.
   */
  async function request<T = unknown>(
    method: Method,
    path: string,
    { query, body, form }: { query?: Query; body?: unknown; form?: FormData } = {},
  ): Promise<T> {
    const url = new URL(baseUrl + path);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const payload = form ?? (body === undefined ? undefined : JSON.stringify(body));
    for (let tryNumber = 0; ; tryNumber++) {
      const result = await attempt(method, url, payload, body !== undefined && !form);
      const last = tryNumber >= retries;
      if ('failure' in result) {
        if (last || method === 'POST') throw result.failure;
        await sleep(Math.min(backoffMs * 2 ** tryNumber, maxBackoffMs));
        continue;
      }
      const { response, text } = result;
      if (response.ok) {
        if (!text) return undefined as T;
        try {
          return JSON.parse(text) as T;
        } catch (cause) {
          throw new VoiceError('unavailable', `Vapi returned invalid JSON for ${method} ${path}`, { cause });
        }
      }
      const status = response.status;
      const mayRetry = retryable(status) && (method !== 'POST' || status === 429);
      if (!mayRetry || last) {
        throw new VoiceError(codeFor(status), vapiErrorMessage(status, text), { status });
      }
      const wait = retryAfterMs(response.headers.get('retry-after')) ?? backoffMs * 2 ** tryNumber;
      await sleep(Math.min(wait, maxBackoffMs));
    }
  }

  return { request };
}

export type VapiClient = ReturnType<typeof createVapiClient>;
