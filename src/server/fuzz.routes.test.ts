import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorEnvelopeSchema } from '#shared/errors';
import { can, NO_PERMISSIONS, type Action, type Principal } from '#shared/permissions';
import type { RegisteredRoute } from './app';
import { multipart } from './test/multipart';
import { bearer, createTestApp, TEST_WEBHOOK_SECRET, type TestApp } from './test/test-app';

let t: TestApp;
let admin: string;
let operator: string;
/** The operator's routes are driven as the operator (the admin would stop at 403), the rest as the admin. */
const OPERATOR_PRINCIPAL: Principal = {
  role: 'operator',
  permissions: NO_PERMISSIONS,
  assignedPhoneNumbers: [],
  assignedConnectors: [],
  assignedAssistants: [],
};
const sessionFor = (access: string | undefined) =>
  access && can(OPERATOR_PRINCIPAL, access as Action) ? operator : admin;
/** Ids that exist, so requests also get past the lookups. */
const realIds: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
  operator = await t.asOperator();
  const get = async (url: string, session = admin) =>
    (await t.app.inject({ method: 'GET', url, headers: bearer(session) })).json() as Record<string, unknown>;
  const ids = (list: unknown, key: string) =>
    (Array.isArray(list) ? list : []).map((item: Record<string, string>) => item[key]!);
  realIds.push(
    ...ids((await get('/api/providers')).providers, 'remote_id'),
    ...ids((await get('/api/users')).users, 'id'),
    ...ids((await get('/api/connectors')).connectors, 'id'),
    ...ids((await get('/api/demo-requests', operator)).demoRequests, 'id'),
    ...ids((await get('/api/phone-numbers')).phoneNumbers, 'id'),
    // Issue 24: patients due for recall (practice-system ids, not uuids).
    ...ids((await get('/api/recall')).patients, 'id').slice(0, 3),
  );
});
afterAll(() => t.close());

/** The keys a zod object schema names (params, query or body), or none. */
function keysOf(schema: unknown): string[] {
  let current = schema;
  while (current instanceof z.ZodPipe) current = current.in;
  return current instanceof z.ZodObject ? Object.keys(current.shape) : [];
}

const date = fc
  .tuple(
    fc.integer({ min: 0, max: 99_999 }),
    fc.integer({ min: 0, max: 13 }),
    fc.integer({ min: 0, max: 32 }),
  )
  .map(
    ([y, m, d]) =>
      `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
  );
const extremeNumber = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1e308',
    '-1e308',
    'NaN',
    'Infinity',
    '9007199254740993',
    '99999999999999999999',
  ),
  fc.integer().map(String),
  fc.double().map(String),
);
const instant = fc.oneof(
  date.map((day) => `${day}T00:00:00.000Z`),
  // As PostgreSQL writes a timestamp in the Call Logs' cursor: to the microsecond.
  date.map((day) => `${day}T12:00:00.000000Z`),
  fc.date({ noInvalidDate: true }).map((at) => at.toISOString()),
  fc.constantFrom('+275760-09-13T00:00:00.000Z', '-271821-04-20T00:00:00.000Z', '10000-01-01T00:00:00Z'),
);
const cursor = fc
  .tuple(fc.oneof(instant, fc.string()), fc.oneof(extremeNumber, fc.uuid(), fc.string()))
  .map(([at, id]) => Buffer.from(`${at}|${id}`).toString('base64url'));
/** Text as attackers and typos send it: any unicode, dates and numbers out of range, ids, cursors. */
const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  date,
  extremeNumber,
  fc.uuid(),
  instant,
  cursor,
  fc.constantFrom(
    '',
    ' ',
    '9999-12-31',
    '0000-00-00',
    'true',
    'null',
    '[]',
    '{}',
    '../..',
    '%',
    'a'.repeat(300),
  ),
);
const realId = fc.constant(null).chain(() => fc.constantFrom(...realIds));

/** What a field's name says it holds gets tried more often: cursors, dates and ids (real ones too). */
function textFor(key: string) {
  if (/cursor/i.test(key)) return fc.oneof(cursor, text);
  if (/date|from|^to$|time|at$/i.test(key)) return fc.oneof(date, instant, text);
  if (/id$|provider|operatory/i.test(key)) return fc.oneof(realId, fc.uuid(), text);
  return text;
}

const value = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.anything({ maxDepth: 2 }),
);

function bodyFor(route: RegisteredRoute) {
  const keys = keysOf(route.schema?.body);
  const known = fc.record(Object.fromEntries(keys.map((key) => [key, fc.oneof(textFor(key), value)])), {
    requiredKeys: [],
  });
  return fc.oneof(known, fc.anything({ maxDepth: 3 }), fc.constant(undefined));
}

function requestFor(route: RegisteredRoute) {
  const params = route.url.match(/:\w+/g) ?? [];
  const queryKeys = keysOf(route.schema?.querystring);
  return fc.record({
    path: fc
      .tuple(...params.map(() => text))
      .map((values) =>
        params.reduce(
          (url, param, i) => url.replace(param, encodeURIComponent(values[i] ?? '') || 'x'),
          route.url,
        ),
      ),
    // One or two fields at a time, so the others do not fail validation first.
    query: fc
      .subarray(queryKeys, { maxLength: Math.min(2, queryKeys.length) })
      .chain((keys) => fc.record(Object.fromEntries(keys.map((key) => [key, textFor(key)])))),
    body: route.method === 'GET' || route.method === 'DELETE' ? fc.constant(undefined) : bodyFor(route),
  });
}

type Example = [RegisteredRoute, { path: string; query: Record<string, string>; body: unknown }];

/** A request as a failing run prints it: the route's method and access, not all of its schemas. */
const attempt = ([route, request]: Example) => ({ method: route.method, access: route.access, ...request });

function regressions(routes: RegisteredRoute[]): Example[] {
  const route = (method: string, url: string) => routes.find((r) => r.method === method && r.url === url)!;
  const base64 = (text: string) => Buffer.from(text).toString('base64url');
  const examples: Example[] = [];
  for (const provider of realIds.slice(0, 2)) {
    for (const day of ['9999-12-31', '0000-01-01', '2024-02-30', '1969-12-31']) {
      const slots = route('GET', '/api/slots/:date/:provider');
      examples.push([slots, { path: `/api/slots/${day}/${provider}`, query: {}, body: undefined }]);
    }
  }
  for (const at of [
    '+275760-09-13T00:00:00.000Z',
    '-271821-04-20T00:00:00.000Z',
    '9999-12-31T23:59:59.999Z',
  ]) {
    for (const id of ['9007199254740991', '-9007199254740991', '1']) {
      examples.push([
        route('GET', '/api/audit-events'),
        { path: '/api/audit-events', query: { cursor: base64(`${at}|${id}`) }, body: undefined },
      ]);
    }
    examples.push([
      route('GET', '/api/audit-events'),
      { path: '/api/audit-events', query: { from: at }, body: undefined },
    ]);
    examples.push([
      route('GET', '/api/appointments'),
      { path: '/api/appointments', query: { start: at, end: at }, body: undefined },
    ]);
  }
  // Years JavaScript writes in forms PostgreSQL refuses, within the filter's four-digit format (CI, stop 43).
  for (const at of ['0000-01-01T00:00:00.000Z', '0001-01-01T00:00:00+01:00', '9999-12-31T23:00:00-05:00']) {
    for (const key of ['from', 'to']) {
      examples.push([
        route('GET', '/api/audit-events'),
        { path: '/api/audit-events', query: { [key]: at }, body: undefined },
      ]);
    }
  }
  // Call Logs cursors with a time JavaScript reads and PostgreSQL refuses (both were 500s).
  for (const at of ['0000-01-01T00:00:00.000000Z', '2024-02-30T00:00:00.000000Z']) {
    const cursor = base64(`${at}|00000000-0000-4000-8000-000000000001`);
    examples.push([route('GET', '/api/calls'), { path: '/api/calls', query: { cursor }, body: undefined }]);
  }
  // Issue 19: a date past what the schedule can count to, and an update with nothing in it.
  for (const name of ['checkAvailability', 'bookAppointment']) {
    const parameters = {
      appointment_type: 'dental_checkup',
      preferred_date: '9999-12-31',
      date: '9999-12-31',
      time: '10:00',
      patient_info: { name: 'Pat Fuzz', phone_number: '+12125550123' },
    };
    examples.push([
      route('POST', '/webhook'),
      { path: '/webhook', query: {}, body: { type: 'function-call', functionCall: { name, parameters } } },
    ]);
  }
  // Issue 24: recall's search, its calls and texts with real and odd ids, its settings at their limits.
  for (const q of ["'", '%', '_%_', '\\', 'x'.repeat(201), '０１２３', '🦷']) {
    examples.push([route('GET', '/api/recall'), { path: '/api/recall', query: { q }, body: undefined }]);
  }
  for (const url of ['/api/recall/calls', '/api/recall/texts']) {
    for (const patientIds of [
      realIds,
      [...realIds, ...realIds],
      Array(501).fill(realIds[0] ?? 'x'),
      ['', ' '],
    ]) {
      examples.push([
        route('POST', url),
        {
          path: url,
          query: {},
          body: { patient_ids: patientIds, assistant_id: realIds[0], phone_number_id: realIds.at(-1) },
        },
      ]);
    }
  }
  for (const recall of [
    { intervalMonths: 1e308, maxPerDay: -1 },
    { intervalMonths: 2.5 },
    { assistantId: realIds[0], phoneNumberId: realIds[1] },
    { automatic: true, assistantId: '', phoneNumberId: null },
  ]) {
    examples.push([
      route('PUT', '/api/outbound-settings'),
      { path: '/api/outbound-settings', query: {}, body: { recall } },
    ]);
  }
  // Issue 25: ranges at the ends of the calendar, backwards, longer than allowed, and filters that are not ids.
  for (const url of ['/api/analytics', '/api/analytics/export']) {
    for (const [from, to] of <[string, string][]>[
      ['1900-01-01', '1901-12-31'],
      ['2999-01-01', '2999-12-31'],
      ['2025-03-31', '2025-03-01'],
      ['1900-01-01', '2999-12-31'],
      ['2024-02-29', '2024-02-29'],
    ]) {
      examples.push([route('GET', url), { path: url, query: { from, to }, body: undefined }]);
    }
    examples.push([
      route('GET', url),
      {
        path: url,
        query: { from: '2025-03-01', to: '2025-03-31', assistantId: '%', phoneNumberId: realIds[0] ?? '' },
        body: undefined,
      },
    ]);
  }
  examples.push([
    route('PUT', '/api/analytics/values'),
    {
      path: '/api/analytics/values',
      query: {},
      body: { values: [{ appointmentType: 'filling', value: 1e308 }] },
    },
  ]);
  for (const id of realIds) {
    const patch = route('PATCH', '/api/phone-numbers/:id');
    examples.push([patch, { path: `/api/phone-numbers/${id}`, query: {}, body: {} }]);
  }
  return examples;
}

describe('fuzzing every route', () => {
  it('answers no 500, and every 4xx in the shared error body', { timeout: 120_000 }, async () => {
    const routes = t.app.registeredRoutes.filter(
      (route) =>
        (route.url.startsWith('/api/') || route.url === '/webhook') && route.url !== '/api/auth/logout',
    );
    expect(routes.length).toBeGreaterThan(25);
    const arbitrary = fc
      .constantFrom(...routes)
      .chain((route) => requestFor(route).map((request) => attempt([route, request])));
    await fc.assert(
      fc.asyncProperty(arbitrary, async ({ method, access, path, query: fields, body }) => {
        const query = new URLSearchParams(fields).toString();
        const response = await t.app.inject({
          method: method as 'GET',
          url: query ? `${path}?${query}` : path,
          headers: {
            ...bearer(sessionFor(access)),
            'x-vapi-secret': TEST_WEBHOOK_SECRET,
            ...(body !== undefined && { 'content-type': 'application/json' }),
          },
          ...(body !== undefined && { payload: JSON.stringify(body) }),
        });
        const where = `${method} ${response.statusCode} ${path}?${query} ${JSON.stringify(body)}`;
        expect(response.statusCode, where).toBeLessThan(500);
        if (response.statusCode >= 400) {
          expect(ErrorEnvelopeSchema.safeParse(response.json()).success, where).toBe(true);
        }
      }),
      {
        numRuns: 800,
        // What the attack on the running app found (issue 11), always among the runs.
        examples: regressions(routes).map((example) => [attempt(example)]),
      },
    );
  });
});

describe('bodies no generator above makes (issue 19)', () => {
  const headers = (route?: RegisteredRoute) => ({
    ...bearer(route ? sessionFor(route.access) : admin),
    'x-vapi-secret': TEST_WEBHOOK_SECRET,
  });

  it('refuses JSON nested 5,000 deep with a 400 on every route that takes a body', async () => {
    const routes = t.app.registeredRoutes.filter(
      (route) =>
        ['POST', 'PUT', 'PATCH'].includes(route.method) &&
        (route.url.startsWith('/api/') || route.url === '/webhook') &&
        route.url !== '/api/auth/logout',
    );
    expect(routes.length).toBeGreaterThan(10);
    const deep = '{"a":'.repeat(5_000) + '[]' + '}'.repeat(5_000);
    for (const route of routes) {
      const url = route.url.replace(/:\w+/g, realIds[0] ?? 'x');
      const response = await t.app.inject({
        method: route.method as 'POST',
        url,
        headers: { ...headers(route), 'content-type': 'application/json' },
        payload: deep,
      });
      const where = `${route.method} ${url} ${response.statusCode}`;
      expect(response.statusCode, where).toBe(400);
      expect(ErrorEnvelopeSchema.safeParse(response.json()).success, where).toBe(true);
    }
  });

  it('refuses NUL in a multipart field, field name or file name with a 400', async () => {
    const file = (fileName: string) => ({
      field: 'knowledgeBaseFile',
      fileName,
      content: 'Hours: 9 to 5',
      contentType: 'text/plain',
    });
    for (const form of [
      multipart({ name: 'A\u0000B' }),
      multipart({ name: 'AB', ['x\u0000']: 'y' }),
      multipart({ name: 'AB' }, [file('kb\u0000.txt')]),
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/assistants',
        headers: { ...headers(), ...form.headers },
        payload: form.payload,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(ErrorEnvelopeSchema.safeParse(response.json()).success).toBe(true);
    }
  });
});
