import { createServer, type AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isMessagingError, type MessagingError, type OutgoingText } from '../port';
import { startFakeTwilio, type FakeTwilio } from './fake-twilio';
import { createTwilioMessaging, type TwilioConfig } from './twilio-adapter';

let fake: FakeTwilio;
let waits: number[];

const connect = (config: Partial<TwilioConfig> = {}) =>
  createTwilioMessaging({
    accountSid: fake.accountSid,
    authToken: fake.authToken,
    baseUrl: fake.url,
    timeoutMs: 2_000,
    sleep: async (ms) => void waits.push(ms),
    ...config,
  });

let key = 0;
const text = (fields: Partial<OutgoingText> = {}): OutgoingText => ({
  from: '+15005550006',
  to: '+12125550123',
  body: 'Hi Ana, see you Tue 3:00 PM at Bright Smile. Reply STOP to opt out.',
  idempotencyKey: `key-${++key}`,
  ...fields,
});

async function failure(promise: Promise<unknown>): Promise<MessagingError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isMessagingError(error)) throw new Error(`expected a MessagingError, got ${String(error)}`);
  return error;
}

beforeEach(async () => {
  fake = await startFakeTwilio();
  waits = [];
});
afterEach(() => fake.close());

describe('the Twilio adapter over HTTP (fake Twilio)', () => {
  it("sends a text: Twilio's sid and queued", async () => {
    const sent = await connect().send(text());
    expect(sent).toEqual({ providerId: expect.stringMatching(/^SM[0-9a-f]{32}$/), status: 'queued' });
    expect(fake.messages.get(sent.providerId)).toMatchObject({
      to: '+12125550123',
      from: '+15005550006',
      status: 'queued',
      direction: 'outbound-api',
    });
  });

  it('posts a form body with Basic auth to the account’s Messages.json, with the status callback', async () => {
    await connect({ statusCallbackUrl: 'https://practice.example/sms/status' }).send(text());
    const [request] = fake.requests;
    expect(request).toEqual({
      method: 'POST',
      path: `/2010-04-01/Accounts/${fake.accountSid}/Messages.json`,
      query: {},
      contentType: 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${fake.accountSid}:${fake.authToken}`).toString('base64')}`,
      params: {
        To: '+12125550123',
        From: '+15005550006',
        Body: text().body,
        StatusCallback: 'https://practice.example/sms/status',
      },
    });
  });

  it('sends a text once per idempotency key', async () => {
    const messaging = connect();
    const once = text();
    const [a, b] = await Promise.all([messaging.send(once), messaging.send(once)]);
    expect(await messaging.send(once)).toEqual(a);
    expect(b).toEqual(a);
    expect(fake.messages.size).toBe(1);
  });

  it('a recipient who replied STOP is opted_out (21610), not retryable', async () => {
    fake.optedOut.add('+12125550123');
    const error = await failure(connect().send(text()));
    expect(error).toMatchObject({ kind: 'opted_out', vendorCode: 21610, status: 400, retryable: false });
    expect(error.message).not.toContain('+1212');
    expect(fake.messages.size).toBe(0);
  });

  it('a To that is not a phone number is invalid_number (21211), and the number stays out of the error', async () => {
    const error = await failure(connect().send(text({ to: '555-0123' })));
    expect(error).toMatchObject({ kind: 'invalid_number', vendorCode: 21211 });
    expect(error.message).toBe('Twilio answered 400 code 21211 (https://www.twilio.com/docs/errors/21211)');
  });

  it('wrong credentials are rejected (20003)', async () => {
    const error = await failure(connect({ authToken: 'wrong' }).send(text()));
    expect(error).toMatchObject({ kind: 'rejected', vendorCode: 20003, status: 401 });
  });

  it('20429 twice, then sent once: the waits follow Retry-After', async () => {
    fake.rateLimit(2, 2);
    const sent = await connect().send(text());
    expect(sent.status).toBe('queued');
    expect(fake.messages.size).toBe(1);
    expect(fake.requests).toHaveLength(3);
    expect(waits).toEqual([2_000, 2_000]);
  });

  it('without Retry-After the waits double, capped; past the retries it is rate_limited', async () => {
    fake.rateLimit(4);
    const error = await failure(connect({ backoffMs: 100, maxBackoffMs: 300 }).send(text()));
    expect(waits).toEqual([100, 200, 300]);
    expect(error).toMatchObject({ kind: 'rate_limited', vendorCode: 20429, retryable: true });
    expect(fake.messages.size).toBe(0);
  });

  it('rate_limited carries the Retry-After Twilio gave', async () => {
    fake.rateLimit(1, 30);
    const error = await failure(connect({ retries: 0 }).send(text()));
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 30_000 });
  });

  it('a 5xx is unavailable and is not sent again; the key may then be tried again', async () => {
    fake.failNext(503, 20503);
    const messaging = connect();
    const once = text();
    const error = await failure(messaging.send(once));
    expect(error).toMatchObject({ kind: 'unavailable', status: 503, retryable: false });
    expect(fake.requests).toHaveLength(1);
    expect((await messaging.send(once)).status).toBe('queued');
  });

  it('Twilio out of reach is unavailable', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const error = await failure(connect({ baseUrl: `http://127.0.0.1:${port}` }).send(text()));
    expect(error.kind).toBe('unavailable');
  });

  it('reads a text’s status, with the error code of an undelivered one', async () => {
    const messaging = connect();
    const { providerId } = await messaging.send(text());
    fake.setStatus(providerId, 'delivered');
    expect(await messaging.status(providerId)).toEqual({ providerId, status: 'delivered' });
    fake.setStatus(providerId, 'undelivered', 30003);
    expect(await messaging.status(providerId)).toEqual({
      providerId,
      status: 'undelivered',
      errorCode: 30003,
    });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/2010-04-01/Accounts/${fake.accountSid}/Messages/${providerId}.json`,
    });
    const missing = await failure(messaging.status('SM00000000000000000000000000000000'));
    expect(missing).toMatchObject({ kind: 'rejected', status: 404, vendorCode: 20404 });
  });

  it('cancels a scheduled text; one already on its way is rejected (30409)', async () => {
    const messaging = connect();
    const { providerId } = await messaging.send(text());
    fake.setStatus(providerId, 'scheduled');
    expect(await messaging.status(providerId)).toEqual({ providerId, status: 'queued' });
    expect(await messaging.cancel(providerId)).toEqual({ providerId, status: 'canceled' });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', params: { Status: 'canceled' } });

    const other = await messaging.send(text());
    fake.setStatus(other.providerId, 'sent');
    const error = await failure(messaging.cancel(other.providerId));
    expect(error).toMatchObject({ kind: 'rejected', vendorCode: 30409 });
  });
});

describe('a text whose earlier attempt may have reached Twilio', () => {
  it('Twilio took it but answered after the timeout: sent again, the earlier text is adopted, not sent twice', async () => {
    const messaging = connect({ timeoutMs: 200 });
    const once = text();
    const queuedAt = new Date();
    fake.delayNext(600);
    const error = await failure(messaging.send(once));
    expect(error.kind).toBe('unavailable');
    expect(fake.messages.size).toBe(1);
    const [taken] = fake.messages.values();
    const again = await messaging.send({ ...once, earlierAttemptSince: queuedAt });
    expect(again).toEqual({ providerId: taken!.sid, status: 'queued' });
    expect(fake.messages.size).toBe(1);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/2010-04-01/Accounts/${fake.accountSid}/Messages.json`,
      query: { To: once.to, From: once.from, PageSize: '50' },
    });
  });

  it('a 201 that does not parse: the lookup finds the text', async () => {
    const messaging = connect();
    const once = text();
    fake.garbleNext();
    expect((await failure(messaging.send(once))).kind).toBe('unavailable');
    const again = await messaging.send({ ...once, earlierAttemptSince: new Date() });
    expect(again.providerId).toBe([...fake.messages.keys()][0]);
    expect(fake.messages.size).toBe(1);
  });

  it('nothing there (the earlier attempt never arrived): sent; an older text with the same body is not adopted', async () => {
    const messaging = connect();
    const first = await messaging.send(text({ idempotencyKey: 'older' }));
    const older = fake.messages.get(first.providerId)!;
    older.date_created = new Date(Date.now() - 3_600_000).toUTCString().replace('GMT', '+0000');
    const sent = await messaging.send(text({ earlierAttemptSince: new Date() }));
    expect(sent.providerId).not.toBe(first.providerId);
    expect(fake.messages.size).toBe(2);
  });

  it('a lookup Twilio does not answer is unavailable: nothing is sent', async () => {
    const messaging = connect();
    fake.failNext(503, 20503);
    const error = await failure(messaging.send(text({ earlierAttemptSince: new Date() })));
    expect(error).toMatchObject({ kind: 'unavailable', status: 503 });
    expect(fake.messages.size).toBe(0);
  });

  it('says how long one send can take at worst: a lookup and a post, each with every retry', () => {
    const messaging = connect({ timeoutMs: 1_000, retries: 2, maxBackoffMs: 500 });
    expect(messaging.maxSendMs).toBe(2 * (3 * 1_000 + 2 * 500));
  });
});

describe("the fake's Messages list, in Twilio's shape", () => {
  it('filters by To, From and DateSent (a text not yet sent has no date_sent), newest first, paged', async () => {
    const messaging = connect();
    const a = await messaging.send(text());
    const b = await messaging.send(text());
    await messaging.send(text({ to: '+12125550999' }));
    fake.setStatus(a.providerId, 'sent');
    const auth = `Basic ${Buffer.from(`${fake.accountSid}:${fake.authToken}`).toString('base64')}`;
    const list = async (query: string) => {
      const response = await fetch(
        `${fake.url}/2010-04-01/Accounts/${fake.accountSid}/Messages.json?${query}`,
        {
          headers: { authorization: auth },
        },
      );
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const pair = `To=${encodeURIComponent('+12125550123')}&From=${encodeURIComponent('+15005550006')}`;
    const all = await list(`${pair}&PageSize=1`);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({
      page: 0,
      page_size: 1,
      start: 0,
      end: 0,
      previous_page_uri: null,
      next_page_uri: expect.stringContaining('Page=1'),
      first_page_uri: expect.stringContaining('/Messages.json?'),
      uri: expect.stringContaining('/Messages.json?'),
    });
    expect((all.body.messages as { sid: string }[]).map((m) => m.sid)).toEqual([b.providerId]);
    const today = new Date().toISOString().slice(0, 10);
    const sentToday = await list(`${pair}&${encodeURIComponent('DateSent>')}=${today}`);
    expect((sentToday.body.messages as { sid: string }[]).map((m) => m.sid)).toEqual([a.providerId]);
    expect((await list('DateSent=yesterday')).body).toMatchObject({ code: 20001, status: 400 });
  });
});

describe('the fake is as strict as Twilio', () => {
  const post = (body: string, contentType: string, auth = true) =>
    fetch(`${fake.url}/2010-04-01/Accounts/${fake.accountSid}/Messages.json`, {
      method: 'POST',
      headers: {
        'content-type': contentType,
        ...(auth && {
          authorization: `Basic ${Buffer.from(`${fake.accountSid}:${fake.authToken}`).toString('base64')}`,
        }),
      },
      body,
    });

  it('refuses a request without Basic auth (401, 20003)', async () => {
    const response = await post(
      'To=%2B12125550123&From=%2B15005550006&Body=Hi',
      'application/x-www-form-urlencoded',
      false,
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      code: 20003,
      message: 'Authenticate',
      more_info: 'https://www.twilio.com/docs/errors/20003',
      status: 401,
    });
  });

  it('reads no parameters from a JSON body, and requires To, From and Body', async () => {
    const json = await post(
      JSON.stringify({ To: '+12125550123', From: '+15005550006', Body: 'Hi' }),
      'application/json',
    );
    expect(json.status).toBe(400);
    expect(await json.json()).toMatchObject({ code: 21604 });
    const noFrom = await post('To=%2B12125550123&Body=Hi', 'application/x-www-form-urlencoded');
    expect(await noFrom.json()).toMatchObject({ code: 21603 });
    const noBody = await post('To=%2B12125550123&From=%2B15005550006', 'application/x-www-form-urlencoded');
    expect(await noBody.json()).toMatchObject({ code: 21602 });
    expect(fake.messages.size).toBe(0);
  });
});
