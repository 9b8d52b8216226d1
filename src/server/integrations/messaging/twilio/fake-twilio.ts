import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Twilio's Messages API as /work/shared/reference/twilio.md describes it, for contract
 * tests over HTTP. It is strict where Twilio is: Basic auth (401, code 20003), parameters read only from a
 * form body (a JSON body has no `To`: 21604), `From` and `To` in E.164 (21212, 21211), recipients who
 * replied STOP (21610), cancel only while `scheduled` (30409). It sends no status callbacks: a test moves a
 * message's status with `setStatus`.
 */

/** Twilio's message resource (JSON, snake_case) as the fake answers it. */
export interface TwilioMessage {
  sid: string;
  account_sid: string;
  to: string;
  from: string;
  body: string;
  status: string;
  num_segments: string;
  num_media: string;
  direction: 'outbound-api';
  api_version: '2010-04-01';
  price: string | null;
  price_unit: string;
  error_code: number | null;
  error_message: string | null;
  date_created: string;
  date_updated: string;
  date_sent: string | null;
  messaging_service_sid: string | null;
  uri: string;
  subresource_uris: { media: string };
}

export interface FakeTwilioRequest {
  method: string;
  path: string;
  contentType: string;
  authorization: string;
  /** The form body's parameters (empty for another content type). */
  params: Record<string, string>;
}

interface QueuedFailure {
  status: number;
  code: number;
  message: string;
  retryAfter?: string;
}

export interface FakeTwilio {
  /** The base URL (what TWILIO_BASE_URL would be). */
  url: string;
  accountSid: string;
  authToken: string;
  /** Numbers that replied STOP: a text to them is refused with 21610. */
  optedOut: Set<string>;
  messages: Map<string, TwilioMessage>;
  requests: FakeTwilioRequest[];
  /** The next `times` requests answer 429 code 20429, with `Retry-After: retryAfterSeconds` if given. */
  rateLimit(times: number, retryAfterSeconds?: number): void;
  /** The next request answers `status` with Twilio's error body. */
  failNext(status: number, code: number, message?: string): void;
  /** Moves a message as Twilio would (`sent`, `delivered`, `undelivered` with 30003, `scheduled`, …). */
  setStatus(sid: string, status: string, errorCode?: number): void;
  close(): Promise<void>;
}

const E164 = /^\+[1-9]\d{6,14}$/;
const rfc2822 = (date: Date) => date.toUTCString().replace('GMT', '+0000');

class TwilioError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly retryAfter?: string,
  ) {
    super(message);
  }
}

async function readParams(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const contentType = req.headers['content-type'] ?? '';
  if (!contentType.startsWith('application/x-www-form-urlencoded')) return {};
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

function answer(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export async function startFakeTwilio(
  options: { accountSid?: string; authToken?: string } = {},
): Promise<FakeTwilio> {
  const accountSid = options.accountSid ?? `AC${'0'.repeat(31)}1`;
  const authToken = options.authToken ?? 'fake-auth-token-0123456789abcdef';
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const prefix = `/2010-04-01/Accounts/${accountSid}`;
  const messages: FakeTwilio['messages'] = new Map();
  const requests: FakeTwilioRequest[] = [];
  const failures: QueuedFailure[] = [];
  const optedOut = new Set<string>();

  function create(params: Record<string, string>): TwilioMessage {
    const { To: to, From: from, Body: body } = params;
    if (!to) throw new TwilioError(400, 21604, "A 'To' phone number is required.");
    if (!from) throw new TwilioError(400, 21603, "A 'From' phone number is required.");
    if (!body) throw new TwilioError(400, 21602, 'Message body is required.');
    if (!E164.test(to))
      throw new TwilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (!E164.test(from)) throw new TwilioError(400, 21212, `The 'From' number ${from} is not valid.`);
    if (optedOut.has(to)) throw new TwilioError(400, 21610, 'Attempt to send to unsubscribed recipient');
    const sid = `SM${randomBytes(16).toString('hex')}`;
    const now = rfc2822(new Date());
    const message: TwilioMessage = {
      sid,
      account_sid: accountSid,
      to,
      from,
      body,
      status: 'queued',
      num_segments: '1',
      num_media: '0',
      direction: 'outbound-api',
      api_version: '2010-04-01',
      price: null,
      price_unit: 'USD',
      error_code: null,
      error_message: null,
      date_created: now,
      date_updated: now,
      date_sent: null,
      messaging_service_sid: null,
      uri: `${prefix}/Messages/${sid}.json`,
      subresource_uris: { media: `${prefix}/Messages/${sid}/Media.json` },
    };
    messages.set(sid, message);
    return message;
  }

  function route(method: string, path: string, params: Record<string, string>): [number, unknown] {
    if (method === 'POST' && path === `${prefix}/Messages.json`) return [201, create(params)];
    const sid = path.startsWith(`${prefix}/Messages/`)
      ? /\/Messages\/([^/]+)\.json$/.exec(path)?.[1]
      : undefined;
    const message = sid === undefined ? undefined : messages.get(sid);
    if (!message) throw new TwilioError(404, 20404, `The requested resource ${path} was not found`);
    if (method === 'GET') return [200, message];
    if (method === 'POST' && params.Status === 'canceled') {
      if (message.status !== 'scheduled')
        throw new TwilioError(400, 30409, 'This message cannot be canceled');
      message.status = 'canceled';
      message.date_updated = rfc2822(new Date());
      return [200, message];
    }
    throw new TwilioError(400, 20001, 'The fake supports only Status=canceled');
  }

  const server = createServer((req, res) => {
    void (async () => {
      const method = req.method ?? 'GET';
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      try {
        const params = await readParams(req);
        requests.push({
          method,
          path,
          contentType: req.headers['content-type'] ?? '',
          authorization: req.headers.authorization ?? '',
          params,
        });
        if (req.headers.authorization !== expectedAuth) throw new TwilioError(401, 20003, 'Authenticate');
        const failure = failures.shift();
        if (failure) throw new TwilioError(failure.status, failure.code, failure.message, failure.retryAfter);
        const [status, body] = route(method, path, params);
        answer(res, status, body);
      } catch (error) {
        const e = error instanceof TwilioError ? error : new TwilioError(500, 20500, 'Internal Server Error');
        answer(
          res,
          e.status,
          {
            code: e.code,
            message: e.message,
            more_info: `https://www.twilio.com/docs/errors/${e.code}`,
            status: e.status,
          },
          {
            ...(e.retryAfter !== undefined && { 'retry-after': e.retryAfter }),
            ...(e.status === 401 && { 'www-authenticate': 'Basic realm="Twilio API"' }),
          },
        );
      }
    })();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    optedOut,
    messages,
    requests,
    rateLimit(times, retryAfterSeconds) {
      for (let n = 0; n < times; n++)
        failures.push({
          status: 429,
          code: 20429,
          message: 'Too Many Requests',
          retryAfter: retryAfterSeconds === undefined ? undefined : String(retryAfterSeconds),
        });
    },
    failNext(status, code, message = 'Service Unavailable') {
      failures.push({ status, code, message });
    },
    setStatus(sid, status, errorCode) {
      const message = messages.get(sid);
      if (!message) throw new Error(`The fake holds no message ${sid}`);
      message.status = status;
      message.error_code = errorCode ?? null;
      message.date_updated = rfc2822(new Date());
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
