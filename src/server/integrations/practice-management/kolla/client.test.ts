import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isPmsError, PmsError } from '../errors';
import { createKollaClient, kollaFilter, type KollaClientOptions } from './client';
import { fakeContact, startFakeKolla, type FakeKolla } from './fake-kolla-server';
import { contactPageSchema, contactSchema, resourcePageSchema } from './schemas';

let fake: FakeKolla;
let options: KollaClientOptions;

beforeEach(async () => {
  fake = await startFakeKolla();
  options = {
    baseUrl: fake.url,
    apiKey: fake.state.apiKey,
    connectorId: fake.state.connectorId,
    consumerId: fake.state.consumerId,
  };
});
afterEach(() => fake.close());

async function failure(promise: Promise<unknown>): Promise<PmsError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isPmsError(error)) throw new Error(`expected a PmsError, got ${String(error)}`);
  return error;
}

describe('kollaFilter', () => {
  it('joins quoted comparisons with AND', () => {
    expect(
      kollaFilter([
        ['start_time', '>=', '2025-07-07T06:00:00Z'],
        ['start_time', '<', '2025-07-08T06:00:00Z'],
      ]),
    ).toBe("start_time >= '2025-07-07T06:00:00Z' AND start_time < '2025-07-08T06:00:00Z'");
  });

  it('refuses values with quotes', () => {
    expect(() => kollaFilter([['name', '=', "O'Brien"]])).toThrow(PmsError);
  });
});

describe('kolla client', () => {
  it('sends the bearer key and both linked-account headers', async () => {
    const seen: Headers[] = [];
    const client = createKollaClient({
      ...options,
      fetch: (input, init) => {
        seen.push(new Headers(init?.headers));
        return fetch(input, init);
      },
    });
    await client.listAll('/resources', resourcePageSchema);
    expect(seen[0]?.get('authorization')).toBe(`Bearer ${fake.state.apiKey}`);
    expect(seen[0]?.get('connector-id')).toBe('opendental-50181');
    expect(seen[0]?.get('consumer-id')).toBe('kolla-opendental-sandbox');
  });

  it('follows page tokens to the last page', async () => {
    for (let i = 0; i < 5; i++) fakeContact(fake.state, { given_name: `P${i}`, family_name: 'Page' });
    const contacts = await createKollaClient(options).listAll('/contacts', contactPageSchema);
    expect(contacts.map((c) => c.given_name)).toEqual(['P0', 'P1', 'P2', 'P3', 'P4']);
    const calls = fake.state.requests.filter((r) => r.path === '/contacts');
    expect(calls).toHaveLength(3);
    expect(calls[0]?.query.page_token).toBeUndefined();
    expect(calls[2]?.query.page_token).toBeTruthy();
  });

  it('is served by a fake that ignores unknown query parameters, as Kolla does', async () => {
    fakeContact(fake.state, { given_name: 'Ann', family_name: 'Lee' });
    const contacts = await createKollaClient(options).listAll('/contacts', contactPageSchema, {
      start_date: '2030-01-01',
      page_size: '1000',
    });
    expect(contacts).toHaveLength(1);
  });

  it('accepts the connector slug in place of the id', async () => {
    const resources = await createKollaClient({ ...options, connectorId: 'opendental' }).listAll(
      '/resources',
      resourcePageSchema,
    );
    expect(resources.length).toBeGreaterThan(0);
  });

  it('maps 401 to unauthorized', async () => {
    const error = await failure(
      createKollaClient({ ...options, apiKey: 'kc.wrong' }).listAll('/resources', resourcePageSchema),
    );
    expect(error).toMatchObject({ code: 'unauthorized', status: 401 });
  });

  it('maps an unknown connector to connector_not_found with the vendor phrase', async () => {
    const error = await failure(
      createKollaClient({ ...options, connectorId: 'eaglesoft-1' }).listAll('/resources', resourcePageSchema),
    );
    expect(error.code).toBe('connector_not_found');
    expect(error.message).toContain('connector target not found');
  });

  it('treats an unknown consumer the same way', async () => {
    const error = await failure(
      createKollaClient({ ...options, consumerId: 'someone-else' }).listAll('/resources', resourcePageSchema),
    );
    expect(error.code).toBe('connector_not_found');
  });

  it('maps 404 and 400 bodies, keeping the vendor message', async () => {
    const client = createKollaClient(options);
    const missing = await failure(client.request('GET', '/contacts/999', contactPageSchema));
    expect(missing).toMatchObject({ code: 'not_found', status: 404 });
    expect(missing.message).toContain('contact 999 not found');
    const bad = await failure(
      client.request('GET', '/contacts', contactPageSchema, { query: { filter: 'name = Jason' } }),
    );
    expect(bad).toMatchObject({ code: 'bad_request', status: 400 });
  });

  it('maps 5xx and non-JSON bodies to unavailable', async () => {
    const client = createKollaClient({
      ...options,
      fetch: () => Promise.resolve(new Response('<html>Bad gateway</html>', { status: 502 })),
    });
    expect(await failure(client.listAll('/resources', resourcePageSchema))).toMatchObject({
      code: 'unavailable',
      status: 502,
    });
  });

  describe('429 and 501', () => {
    const waits: number[] = [];
    const patient = (client: ReturnType<typeof createKollaClient>, requestId?: string) =>
      client.request('POST', '/contacts', contactSchema, {
        query: { request_id: requestId },
        body: { given_name: 'Rae', family_name: 'Lim' },
      });
    const limited = (retryAfter?: string, method = 'GET', path = '/resources') => ({
      method,
      path,
      status: 429,
      message: 'quota for consumer kolla-opendental-sandbox exceeded',
      ...(retryAfter !== undefined && { retryAfter }),
    });
    let client: ReturnType<typeof createKollaClient>;
    beforeEach(() => {
      waits.length = 0;
      client = createKollaClient({
        ...options,
        sleep: (ms) => {
          waits.push(ms);
          return Promise.resolve();
        },
      });
    });

    it('retries a read on 429 as Retry-After says, capped at 5 s, then answers', async () => {
      fake.state.failures.push(limited('2'), limited('120'));
      const resources = await client.listAll('/resources', resourcePageSchema);
      expect(resources.length).toBeGreaterThan(0);
      expect(waits).toEqual([2_000, 5_000]);
    });

    it('gives up after two retries with a rate-limited error in our words', async () => {
      fake.state.failures.push(limited(), limited('1'), limited('1'));
      const error = await failure(client.listAll('/resources', resourcePageSchema));
      expect(error).toMatchObject({ code: 'rate_limited', status: 429 });
      expect(waits).toEqual([1_000, 1_000]);
      expect(fake.state.requests.filter((r) => r.path === '/resources')).toHaveLength(3);
      expect(error.message).not.toContain('quota');
      const answer = error.toPublicError();
      expect(answer).toMatchObject({ status: 503, code: 'rate_limited' });
      expect(answer.message).toContain('too many requests');
      expect(answer.message).not.toContain('quota');
    });

    it('retries a create only when it carries a request_id', async () => {
      fake.state.failures.push(limited('0', 'POST', '/contacts'));
      expect((await failure(patient(client))).code).toBe('rate_limited');
      expect(fake.state.contacts).toHaveLength(0);

      fake.state.failures.push(limited('0', 'POST', '/contacts'));
      await patient(client, 'request-1');
      expect(fake.state.contacts).toHaveLength(1);
      expect(waits).toEqual([0]);
    });

    it('maps 501 to unsupported: no retry, and never "try again"', async () => {
      fake.state.failures.push({
        path: '/resources',
        status: 501,
        message: 'connector-unsupported: opendental',
      });
      const error = await failure(client.listAll('/resources', resourcePageSchema));
      expect(error).toMatchObject({ code: 'unsupported', status: 501 });
      expect(waits).toEqual([]);
      expect(error.message).not.toContain('opendental');
      const answer = error.toPublicError();
      expect(answer.message).toContain('does not support this action');
      expect(answer.message.toLowerCase()).not.toContain('try again');
      expect(answer.message).not.toContain('opendental');
    });
  });

  it('times out through AbortSignal', async () => {
    const client = createKollaClient({
      ...options,
      timeoutMs: 20,
      fetch: (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    });
    const error = await failure(client.listAll('/resources', resourcePageSchema));
    expect(error.code).toBe('unavailable');
    expect(error.message).toContain('20 ms');
  });

  it('reports an unreachable server as unavailable', async () => {
    await fake.close();
    const error = await failure(createKollaClient(options).listAll('/resources', resourcePageSchema));
    expect(error.code).toBe('unavailable');
    fake = await startFakeKolla();
  });
});
