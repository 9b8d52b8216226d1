import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRequests } from '../../db/schema/index';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { DEMO_REQUEST_THANKS, DEMO_REQUESTS_PER_HOUR, TRIAL_REQUEST_THANKS } from './demo-requests.service';

let t: TestApp;
let operator: string;
let admin: string;
let frontDesk: string;
beforeAll(async () => {
  // Long sessions: the rate-limit test moves the clock past the hour.
  t = await createTestApp({ idleMinutes: 24 * 60, maxHours: 48 });
  operator = await t.asOperator();
  admin = await t.asAdmin();
  frontDesk = await t.asFrontDesk();
});
afterAll(() => t.close());

const valid = {
  name: 'Dr. Jane Smith',
  email: 'jane@smiledental.example',
  mobile: '(555) 123-4567',
  solution: 'dental-practices',
  sourcePage: '/pricing',
};

let nextAddress = 1;
/** Each test sends from its own address so the per-address limit of one does not leak into another. */
const submit = (payload: object, remoteAddress = `203.0.113.${nextAddress++}`) =>
  t.app.inject({ method: 'POST', url: '/api/demo-requests', payload, remoteAddress });

const list = async (sessionId = operator) => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/demo-requests',
    headers: bearer(sessionId),
  });
  return response;
};

describe('POST /api/demo-requests', () => {
  it('stores a valid request with its source page and answers 201 with a message', async () => {
    const response = await submit({ ...valid, email: 'first@example.com' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ success: true, message: DEMO_REQUEST_THANKS });
    const { demoRequests: stored } = (await list()).json();
    expect(stored[0]).toMatchObject({
      name: 'Dr. Jane Smith',
      email: 'first@example.com',
      mobile: '(555) 123-4567',
      solution: 'dental-practices',
      kind: 'demo',
      sourcePage: '/pricing',
      contactedAt: null,
    });
    expect(Date.parse(stored[0].createdAt)).not.toBeNaN();
  });

  it('stores a free-trial request as a trial, and thanks for the trial', async () => {
    const response = await submit({ ...valid, email: 'trial@example.com', kind: 'trial' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ success: true, message: TRIAL_REQUEST_THANKS });
    const { demoRequests: stored } = (await list()).json();
    expect(stored[0]).toMatchObject({ email: 'trial@example.com', kind: 'trial' });
    const wrong = await submit({ ...valid, kind: 'free-lunch' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('validation_failed');
  });

  it('never answers the public form with a 500, whatever the text holds', async () => {
    for (const field of ['name', 'email', 'mobile', 'sourcePage'] as const) {
      const response = await submit({
        ...valid,
        [field]: `x\u0000y${field === 'email' ? '@example.com' : '5555555555'}`,
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'validation_failed' });
    }
  });

  it('refuses invalid input with 400 and the spec message for every field', async () => {
    const response = await submit({ name: ' ', email: 'nope', mobile: '12345', solution: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'validation_failed',
      fields: {
        name: 'Name is required',
        email: 'Please enter a valid email address',
        mobile: 'Please enter a valid mobile number',
        solution: 'Please select a solution',
      },
    });
    const missing = await submit({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({
      name: 'Name is required',
      solution: 'Please select a solution',
    });
    expect((await submit({ ...valid, solution: 'hospitals' })).json().fields).toEqual({
      solution: 'Please select a solution',
    });
  });

  it('answers a filled honeypot like a person but stores nothing', async () => {
    const before = await t.database.db.$count(demoRequests);
    const response = await submit({ ...valid, website: 'https://spam.example' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ success: true, message: DEMO_REQUEST_THANKS });
    expect(await t.database.db.$count(demoRequests)).toBe(before);
  });

  it(`allows ${DEMO_REQUESTS_PER_HOUR} requests per hour per address, then 429, then again after the hour`, async () => {
    const address = '198.51.100.7';
    for (let i = 0; i < DEMO_REQUESTS_PER_HOUR; i++) {
      expect((await submit(valid, address)).statusCode).toBe(201);
    }
    const limited = await submit(valid, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 'rate_limited' });
    expect(limited.json().message).toMatch(
      /^Too many demo requests from your network\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await submit(valid, '198.51.100.8')).statusCode).toBe(201);

    t.clock.advanceMinutes(61);
    expect((await submit(valid, address)).statusCode).toBe(201);
  });
});

describe("the operator's routes", () => {
  it('list the newest request first, without the address hash', async () => {
    await submit({ ...valid, name: 'Older Request' });
    t.clock.advanceMinutes(1);
    await submit({ ...valid, name: 'Newest Request', solution: 'spas-wellness' });
    const response = await list();
    expect(response.statusCode).toBe(200);
    const { demoRequests: stored } = response.json();
    expect(stored[0]).toMatchObject({ name: 'Newest Request', solution: 'spas-wellness' });
    expect(stored[1].name).toBe('Older Request');
    const times = stored.map((request: { createdAt: string }) => request.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(stored[0]).not.toHaveProperty('clientAddressHash');
  });

  it('mark a request contacted and back', async () => {
    const [first] = (await list()).json().demoRequests;
    const patch = (contacted: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/demo-requests/${first.id}`,
        headers: bearer(operator),
        payload: { contacted },
      });
    const marked = await patch(true);
    expect(marked.statusCode).toBe(200);
    expect(Date.parse(marked.json().demoRequest.contactedAt)).not.toBeNaN();
    expect((await list()).json().demoRequests[0].contactedAt).toBe(marked.json().demoRequest.contactedAt);
    expect((await patch(false)).json().demoRequest.contactedAt).toBeNull();

    const unknown = await t.app.inject({
      method: 'PATCH',
      url: '/api/demo-requests/00000000-0000-4000-8000-000000000000',
      headers: bearer(operator),
      payload: { contacted: true },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('audit marking a request, without the practice (a sales lead belongs to none)', async () => {
    await submit({ ...valid, name: 'Audited Request' });
    const [first] = (await list()).json().demoRequests;
    expect(first.name).toBe('Audited Request');
    for (const contacted of [true, false]) {
      await t.app.inject({
        method: 'PATCH',
        url: `/api/demo-requests/${first.id}`,
        headers: bearer(operator),
        payload: { contacted },
      });
    }
    const entries = await t.auditOf(first.id, (found) => found.length >= 2);
    const entry = {
      action: 'demo_request.update',
      actorRole: 'operator',
      outcome: 'allowed',
      practiceId: null,
    };
    expect(entries).toMatchObject([
      { ...entry, detail: 'contacted' },
      { ...entry, detail: 'not contacted' },
    ]);
    expect(first.convertedPracticeId).toBeNull();
  });

  it('refuse a practice admin and a sub user with 403 and an anonymous visitor with 401', async () => {
    const [first] = (await list()).json().demoRequests;
    const routes = [
      { method: 'GET' as const, url: '/api/demo-requests' },
      { method: 'PATCH' as const, url: `/api/demo-requests/${first.id}`, payload: { contacted: true } },
    ];
    for (const route of routes) {
      for (const session of [admin, frontDesk]) {
        const asPracticeUser = await t.app.inject({ ...route, headers: bearer(session) });
        expect(asPracticeUser.statusCode, route.method).toBe(403);
        expect(asPracticeUser.json().code).toBe('forbidden');
      }
      const anonymous = await t.app.inject(route);
      expect(anonymous.statusCode, route.method).toBe(401);
    }
    expect((await list()).json().demoRequests[0].contactedAt).toBeNull();
  });
});
