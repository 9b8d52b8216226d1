import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Twilio's Messages API as /work/shared/reference/twilio.md describes it, for contract
 * tests over HTTP. It is strict where Twilio is: Basic auth (401, code 20003), parameters read only from a
 * form body (a JSON body has no `To`: 21604), `From` and `To` in E.164 (21212, 21211), recipients who
 * replied STOP (21610), cancel only while `scheduled` (30409). It lists messages as Twilio does (`To`, `From`,
 * `DateSent` on, before or after a day, `PageSize`, `Page`; newest first; a message not yet sent has no
 * `date_sent` and a `DateSent` filter leaves it out). It sends no status callbacks: a test moves a message's
 * status with `setStatus`.
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
  /** The query string's parameters. */
  query: Record<string, string>;
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
  /**
   * The next request is carried out (a POST creates its message) but answered only after `ms`: a client
   * whose timeout is shorter gives up on a text Twilio took.
   */
  delayNext(ms: number): void;
  /** The next successful request is carried out but answered with a body that is not JSON (a proxy's page). */
  garbleNext(): void;
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
  const delays: number[] = [];
  let garble = false;

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

  /** Twilio's Messages list: filters, newest first, one page with Twilio's paging fields. */
  function list(query: Record<string, string>): unknown {
    const day = (name: string) => {
      const value = query[name];
      if (value === undefined) return undefined;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new TwilioError(400, 20001, 'Invalid date value.');
      return value;
    };
    const on = day('DateSent');
    const before = day('DateSent<');
    const after = day('DateSent>');
    const pageSize = Math.min(Math.max(Number(query.PageSize ?? 50) || 50, 1), 1000);
    const page = Math.max(Number(query.Page ?? 0) || 0, 0);
    const sentDay = (m: TwilioMessage) =>
      m.date_sent === null ? undefined : new Date(m.date_sent).toISOString().slice(0, 10);
    const matching = [...messages.values()]
      .filter(
        (m) =>
          (query.To === undefined || m.to === query.To) &&
          (query.From === undefined || m.from === query.From),
      )
      .filter((m) => {
        if (on === undefined && before === undefined && after === undefined) return true;
        const sent = sentDay(m);
        if (sent === undefined) return false;
        return (
          (on === undefined || sent === on) &&
          (before === undefined || sent <= before) &&
          (after === undefined || sent >= after)
        );
      })
      .reverse();
    const items = matching.slice(page * pageSize, (page + 1) * pageSize);
    const base = `${prefix}/Messages.json`;
    const pageUri = (n: number) => {
      const q = new URLSearchParams(query);
      q.set('PageSize', String(pageSize));
      q.set('Page', String(n));
      return `${base}?${q.toString()}`;
    };
    return {
      messages: items,
      end: page * pageSize + Math.max(items.length - 1, 0),
      first_page_uri: pageUri(0),
      next_page_uri: matching.length > (page + 1) * pageSize ? pageUri(page + 1) : null,
      page,
      page_size: pageSize,
      previous_page_uri: page > 0 ? pageUri(page - 1) : null,
      start: page * pageSize,
      uri: pageUri(page),
    };
  }

  function route(
    method: string,
    path: string,
    params: Record<string, string>,
    query: Record<string, string>,
  ): [number, unknown] {
    if (method === 'POST' && path === `${prefix}/Messages.json`) return [201, create(params)];
    if (method === 'GET' && path === `${prefix}/Messages.json`) return [200, list(query)];
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
      const url = new URL(req.url ?? '/', 'http://fake');
      const path = url.pathname;
      const query = Object.fromEntries(url.searchParams);
      const delay = delays.shift();
      try {
        const params = await readParams(req);
        requests.push({
          method,
          path,
          query,
          contentType: req.headers['content-type'] ?? '',
          authorization: req.headers.authorization ?? '',
          params,
        });
        if (req.headers.authorization !== expectedAuth) throw new TwilioError(401, 20003, 'Authenticate');
        const failure = failures.shift();
        if (failure) throw new TwilioError(failure.status, failure.code, failure.message, failure.retryAfter);
        const [status, body] = route(method, path, params, query);
        if (delay !== undefined) await new Promise((resolve) => setTimeout(resolve, delay));
        if (garble) {
          garble = false;
          res.writeHead(status, { 'content-type': 'text/html' });
          res.end('<html><body>Bad gateway</body></html>');
          return;
        }
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
    delayNext(ms) {
      delays.push(ms);
    },
    garbleNext() {
      garble = true;
    },
    setStatus(sid, status, errorCode) {
      const message = messages.get(sid);
      if (!message) throw new Error(`The fake holds no message ${sid}`);
      const now = new Date();
      if (['sent', 'delivered', 'undelivered', 'failed'].includes(status) && message.date_sent === null)
        message.date_sent = rfc2822(now);
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
