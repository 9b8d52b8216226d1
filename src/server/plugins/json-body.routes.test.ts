import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneNumbers } from '../db/schema/index';
import { bearer, createTestApp, type TestApp } from '../test/test-app';
import { exceedsJsonDepth, MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from './json-body';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
});
afterAll(() => t.close());

const arrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const objects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

describe('exceedsJsonDepth', () => {
  it('counts objects and arrays, not brackets inside strings', () => {
    expect(exceedsJsonDepth(arrays(MAX_JSON_DEPTH))).toBe(false);
    expect(exceedsJsonDepth(arrays(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(exceedsJsonDepth(objects(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(exceedsJsonDepth(JSON.stringify({ text: '[{'.repeat(1000) }))).toBe(false);
    expect(exceedsJsonDepth(JSON.stringify({ text: `\\"${'['.repeat(1000)}` }))).toBe(false);
    expect(exceedsJsonDepth(`[${'[]'.repeat(1000)}]`)).toBe(false);
  });
});

describe('deeply nested JSON (issue 19: a 500 on every POST route, before the webhook secret)', () => {
  const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: string, auth = false) =>
    t.app.inject({
      method,
      url,
      headers: { 'content-type': 'application/json', ...(auth && bearer(admin)) },
      payload,
    });
  const expectTooDeep = (response: { statusCode: number; json(): unknown }) => {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'bad_request', message: TOO_DEEP_MESSAGE });
  };

  it.each([
    ['arrays', arrays(5_000)],
    ['objects', objects(5_000)],
    ['a full body limit of arrays', arrays(500_000)],
  ])('is refused on /webhook without credentials: %s', async (_, payload) => {
    expectTooDeep(await send('POST', '/webhook', payload));
  });

  it('is refused on a public route and on authenticated PUT and PATCH', async () => {
    const [number] = await t.database.db.select().from(phoneNumbers);
    expectTooDeep(await send('POST', '/api/auth/login', objects(5_000)));
    expectTooDeep(await send('PUT', '/api/outbound-settings', objects(5_000), true));
    expectTooDeep(await send('PATCH', `/api/phone-numbers/${number!.id}`, arrays(5_000), true));
  });

  it('leaves ordinary nesting to the route (here: the webhook wants its credentials)', async () => {
    const nested = { message: { type: 'status-update', call: JSON.parse(objects(MAX_JSON_DEPTH - 3)) } };
    const response = await send('POST', '/webhook', JSON.stringify(nested));
    expect(response.statusCode).toBe(401);
  });
});
