import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { prepareVapiSchemas, vapiBodyProblems, type VapiBodyKind } from './vapi-schemas';

/**
 * A local stand-in for the Vapi REST API as /work/shared/reference/vapi.md describes it, answering with the
 * shapes of the samples in fixtures/vendor-samples/vapi (bare-array lists, 201 on create, DELETE returns the
 * object, NestJS error bodies with string or array messages, the 409 pinned-assistant body, 401 for a bad
 * key). Request bodies are checked as strictly as Vapi checks them, against schemas generated from Vapi's SDK
 * types (vapi-schemas.ts, ADR 043). Tests queue failures (status, body, delay) to exercise retries and
 * timeouts.
 */

const SAMPLES = new URL('../../../../../fixtures/vendor-samples/vapi/', import.meta.url);
export const vapiSample = <T = unknown>(path: string): T =>
  JSON.parse(readFileSync(new URL(path, SAMPLES), 'utf8')) as T;

type Json = Record<string, unknown>;

export interface FakeVapiRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  contentType: string;
}

export interface QueuedFailure {
  status: number;
  body?: unknown;
  /** Milliseconds before answering (a timeout test makes it longer than the client waits). */
  delayMs?: number;
  headers?: Record<string, string>;
  /** Only for requests whose `METHOD /path` starts with this. */
  match?: string;
}

export interface FakeVapiState {
  apiKey: string;
  orgId: string;
  assistants: Json[];
  phoneNumbers: Json[];
  files: Json[];
  calls: Json[];
  /** Assistant ids a version pins: DELETE answers 409. */
  pinned: Set<string>;
  failures: QueuedFailure[];
  requests: FakeVapiRequest[];
}

export interface FakeVapi {
  url: string;
  state: FakeVapiState;
  close(): Promise<void>;
}

/** The account the samples describe: three assistants and the sampled numbers. */
export function sampleAccount(): Pick<FakeVapiState, 'assistants' | 'phoneNumbers'> {
  return {
    assistants: vapiSample<Json[]>('api/assistant/list-assistants.assembled-2026-01-odis.json'),
    phoneNumbers: vapiSample<Json[]>('api/phone-number/list-phone-numbers.assembled-real-items.json'),
  };
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

const nestError = (status: number, error: string, message: string | string[]) =>
  new HttpError(status, { message, error, statusCode: status });
const notFound = () => nestError(404, 'Not Found', 'Not Found');

/**
 * A body as strictly as Vapi checks it: against JSON Schemas generated from Vapi's SDK types (nested objects,
 * tagged unions and enums; a key the SDK does not declare is refused as "property X should not exist").
 */
function checkBody(kind: VapiBodyKind, body: unknown): Json {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw nestError(400, 'Bad Request', ['body must be an object']);
  }
  const problems = vapiBodyProblems(kind, body);
  if (problems.length) throw nestError(400, 'Bad Request', problems);
  return body as Json;
}

function validateAssistant(body: Json): void {
  const problems: string[] = [];
  if (typeof body.name === 'string' && body.name.length > 40) {
    problems.push('name must be shorter than or equal to 40 characters');
  }
  const duration = body.maxDurationSeconds;
  if (duration !== undefined && (typeof duration !== 'number' || duration < 10 || duration > 43200)) {
    problems.push(
      'maxDurationSeconds must not be less than 10',
      'maxDurationSeconds must not be greater than 43200',
    );
  }
  const model = body.model as Json | undefined;
  if (model && (typeof model.provider !== 'string' || typeof model.model !== 'string')) {
    problems.push('model.provider should not be empty', 'model.model should not be empty');
  }
  if (problems.length) throw nestError(400, 'Bad Request', problems);
}

function stamp(state: FakeVapiState, body: Json): Json {
  const now = new Date().toISOString();
  return { id: randomUUID(), orgId: state.orgId, ...body, createdAt: now, updatedAt: now };
}

function byId(list: Json[], id: string): Json {
  const found = list.find((item) => item.id === id);
  if (!found) throw notFound();
  return found;
}

function remove(list: Json[], id: string): Json {
  const index = list.findIndex((item) => item.id === id);
  if (index < 0) throw notFound();
  return list.splice(index, 1)[0]!;
}

const WINDOW = {
  Gt: (a: string, b: string) => a > b,
  Ge: (a: string, b: string) => a >= b,
  Lt: (a: string, b: string) => a < b,
  Le: (a: string, b: string) => a <= b,
} as const;

/**
 * Bare array, newest first, `limit` (0–1000, default 100), the createdAt/updatedAt window filters, and on
 * GET /call the `id`, `assistantId` and `phoneNumberId` filters.
 */
function listOf(list: Json[], query: URLSearchParams, equalityFilters: readonly string[] = []): Json[] {
  const limit = query.has('limit') ? Number(query.get('limit')) : 100;
  if (!Number.isInteger(limit) || limit < 0 || limit > 1000) {
    throw nestError(400, 'Bad Request', ['limit must not be greater than 1000']);
  }
  const windows = (['createdAt', 'updatedAt'] as const).flatMap((field) =>
    (Object.keys(WINDOW) as (keyof typeof WINDOW)[]).flatMap((op) => {
      const bound = query.get(`${field}${op}`);
      if (bound === null) return [];
      if (Number.isNaN(Date.parse(bound))) {
        throw nestError(400, 'Bad Request', [`${field}${op} must be a valid ISO 8601 date string`]);
      }
      const at = new Date(bound).toISOString();
      return [(item: Json) => WINDOW[op](String(item[field]), at)];
    }),
  );
  const equal = equalityFilters.flatMap((key) => {
    const value = query.get(key);
    return value === null ? [] : [(item: Json) => item[key] === value];
  });
  return list
    .filter((item) => [...windows, ...equal].every((keep) => keep(item)))
    .sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)))
    .slice(0, limit);
}

const SUBSCRIPTION_LIMITS = { concurrencyBlocked: false, concurrencyLimit: 10, remainingConcurrentCalls: 9 };

/** A call as Vapi stores it: the create body plus what Vapi fills in (never the POST's subscriptionLimits). */
function placeCall(state: FakeVapiState, input: Json, customer: unknown): Json {
  const number = state.phoneNumbers.find((n) => n.id === input.phoneNumberId);
  if (!number) throw nestError(400, 'Bad Request', "Couldn't Get Phone Number.");
  const { customers: _customers, ...body } = input;
  const call = stamp(state, { ...body, customer });
  const id = String(call.id);
  return {
    ...call,
    type: 'outboundPhoneCall',
    status: input.schedulePlan ? 'scheduled' : 'queued',
    cost: 0,
    phoneCallProvider: typeof number.provider === 'string' ? number.provider : 'vapi',
    phoneCallTransport: 'pstn',
    monitor: {
      listenUrl: `wss://phone-call-websocket.fake.vapi.ai/${id}/listen`,
      controlUrl: `https://phone-call-websocket.fake.vapi.ai/${id}/control`,
    },
  };
}

function route(state: FakeVapiState, method: string, path: string, query: URLSearchParams, body: unknown) {
  const [, resource, id, ...rest] = path.split('/');
  if (rest.length) throw notFound();
  const key = `${method} /${resource}${id ? '/:id' : ''}`;
  switch (key) {
    case 'GET /assistant':
      return [200, listOf(state.assistants, query)] as const;
    case 'POST /assistant': {
      const input = checkBody('assistantCreate', body);
      validateAssistant(input);
      const created = { ...stamp(state, input), isServerUrlSecretSet: false };
      state.assistants.push(created);
      return [201, created] as const;
    }
    case 'GET /assistant/:id':
      return [200, byId(state.assistants, id!)] as const;
    case 'PATCH /assistant/:id': {
      const input = checkBody('assistantUpdate', body);
      validateAssistant(input);
      const assistant = byId(state.assistants, id!);
      Object.assign(assistant, input, { updatedAt: new Date().toISOString() });
      return [200, assistant] as const;
    }
    case 'DELETE /assistant/:id':
      if (state.pinned.has(id!))
        throw new HttpError(409, vapiSample('api/errors/409-assistant-pinned.synth-from-spec.json'));
      return [200, remove(state.assistants, id!)] as const;
    case 'GET /phone-number':
      return [200, listOf(state.phoneNumbers, query)] as const;
    case 'GET /phone-number/:id':
      return [200, byId(state.phoneNumbers, id!)] as const;
    case 'PATCH /phone-number/:id': {
      const number = byId(state.phoneNumbers, id!);
      const input = checkBody('phoneNumberUpdate', body);
      if (input.provider !== (number.provider ?? 'vapi')) {
        throw nestError(400, 'Bad Request', [`provider must be ${String(number.provider ?? 'vapi')}`]);
      }
      if (typeof input.name === 'string' && input.name.length > 40) {
        throw nestError(400, 'Bad Request', ['name must be shorter than or equal to 40 characters']);
      }
      if (
        typeof input.assistantId === 'string' &&
        !state.assistants.some((a) => a.id === input.assistantId)
      ) {
        throw nestError(400, 'Bad Request', "Couldn't Find Assistant");
      }
      const { provider: _provider, ...changes } = input;
      Object.assign(number, changes, { updatedAt: new Date().toISOString() });
      return [200, number] as const;
    }
    case 'DELETE /phone-number/:id':
      return [200, remove(state.phoneNumbers, id!)] as const;
    case 'POST /file': {
      const file = body as { name: string; size: number; type: string } | undefined;
      if (!file?.name) throw nestError(400, 'Bad Request', ['file should not be empty']);
      const created = stamp(state, {
        object: 'file',
        status: 'processing',
        name: file.name.slice(0, 40),
        originalName: file.name,
        bytes: file.size,
        mimetype: file.type,
        url: `https://storage.vapi.ai/${file.name}`,
      });
      state.files.push(created);
      return [201, created] as const;
    }
    case 'DELETE /file/:id':
      return [200, remove(state.files, id!)] as const;
    case 'POST /call': {
      const input = checkBody('callCreate', body);
      if (Array.isArray(input.customers)) {
        // A batch: one call per customer, each refusal reported beside the calls placed.
        const results = input.customers.map((customer) => placeCall(state, input, customer));
        state.calls.push(...results);
        return [201, { results, errors: [], subscriptionLimits: SUBSCRIPTION_LIMITS }] as const;
      }
      const created = placeCall(state, input, input.customer);
      state.calls.push(created);
      return [201, { ...created, subscriptionLimits: SUBSCRIPTION_LIMITS }] as const;
    }
    case 'GET /call':
      return [200, listOf(state.calls, query, ['id', 'assistantId', 'phoneNumberId'])] as const;
    case 'GET /call/:id':
      return [200, byId(state.calls, id!)] as const;
    default:
      throw notFound();
  }
}

async function readBody(req: IncomingMessage): Promise<{ body: unknown; contentType: string }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const contentType = String(req.headers['content-type'] ?? '');
  if (!raw.length) return { body: undefined, contentType };
  if (contentType.startsWith('multipart/form-data')) {
    const form = await new Response(raw, { headers: { 'content-type': contentType } }).formData();
    const file = form.get('file');
    return {
      body:
        file instanceof Blob ? { name: (file as File).name, size: file.size, type: file.type } : undefined,
      contentType,
    };
  }
  try {
    return { body: JSON.parse(raw.toString('utf8')), contentType };
  } catch {
    throw nestError(400, 'Bad Request', 'Unexpected token in JSON');
  }
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body === undefined ? '' : JSON.stringify(body));
}

export async function startFakeVapi(overrides: Partial<FakeVapiState> = {}): Promise<FakeVapi> {
  // Seconds on a cold cache: before the first request, not inside it (where a client would time out).
  prepareVapiSchemas();
  const state: FakeVapiState = {
    apiKey: 'vapi-test-private-key',
    orgId: '5b050d60-506b-45c4-b175-76d7d6cc404f',
    assistants: [],
    phoneNumbers: [],
    files: [],
    calls: [],
    pinned: new Set(),
    failures: [],
    requests: [],
    ...overrides,
  };
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const method = req.method ?? 'GET';
      try {
        const { body, contentType } = await readBody(req);
        state.requests.push({
          method,
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          body,
          contentType,
        });
        if (req.headers.authorization !== `Bearer ${state.apiKey}`) {
          throw new HttpError(401, vapiSample('api/errors/401-invalid-key.real-support-28586614.json'));
        }
        const index = state.failures.findIndex(
          (f) => !f.match || `${method} ${url.pathname}`.startsWith(f.match),
        );
        if (index >= 0) {
          const [failure] = state.failures.splice(index, 1);
          if (failure!.delayMs) await new Promise((resolve) => setTimeout(resolve, failure!.delayMs));
          if (res.destroyed) return;
          send(
            res,
            failure!.status,
            failure!.body ?? { message: 'Internal server error', statusCode: failure!.status },
            failure!.headers,
          );
          return;
        }
        const [status, answer] = route(state, method, url.pathname, url.searchParams, body);
        send(res, status, answer);
      } catch (error) {
        if (error instanceof HttpError) send(res, error.status, error.body);
        else send(res, 500, { message: 'Internal server error', statusCode: 500 });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
