import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistants } from '../db/schema/index';
import { DEMO_ADMIN } from '../db/seed/demo-practice';
import { multipart } from '../test/multipart';
import { bearer, createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
});
afterAll(() => t.close());

const DEMO_REQUEST = {
  name: 'Jane Roe',
  email: 'jane@smiledental.example',
  mobile: '(555) 123-4567',
  solution: 'dental-practices',
  sourcePage: '/pricing',
  website: '',
};
let nextAddress = 1;
const remoteAddress = () => `203.0.113.${nextAddress++}`;

function expectRefused(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({
    success: false,
    code: expect.stringMatching(/^(bad_request|validation_failed)$/),
    message: 'The request contains characters that are not allowed.',
    requestId: expect.any(String),
  });
}

describe('NUL and text that is not text are a 400 wherever they are', () => {
  it.each([
    ['the sign-in e-mail', { email: `a\u0000@b.example`, password: 'x' }],
    ['the sign-in password', { email: DEMO_ADMIN.email, password: 'x\u0000' }],
    ['a lone surrogate in the e-mail', { email: `a\ud800@b.example`, password: 'x' }],
  ])('in the body: %s', async (_, payload) => {
    expectRefused(await t.app.inject({ method: 'POST', url: '/api/auth/login', payload }));
  });

  it.each(Object.keys(DEMO_REQUEST))('in the demo request field %s', async (field) => {
    const payload = { ...DEMO_REQUEST, [field]: `x\u0000y` };
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/api/demo-requests',
        payload,
        remoteAddress: remoteAddress(),
      }),
    );
  });

  it('in a JSON key', async () => {
    const payload = JSON.stringify({ ...DEMO_REQUEST, ['k\u0000']: 1 });
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/api/demo-requests',
        remoteAddress: remoteAddress(),
        headers: { 'content-type': 'application/json' },
        payload,
      }),
    );
  });

  it.each([
    '/api/users/%00',
    '/api/users/00000000-0000-4000-8000-000000000000%00',
    '/api/audit-events?action=%00',
    '/api/audit-events?cursor=a%00b',
    '/api/audit-events?action=a+%00',
  ])('in the URL %s', async (url) => {
    expectRefused(await t.app.inject({ method: 'GET', url, headers: bearer(admin) }));
  });

  it('in a header', async () => {
    expectRefused(
      await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { ...bearer(admin), 'user-agent': 'a\u0000b' },
      }),
    );
  });

  it('keeps ordinary text, emoji and accents', async () => {
    const payload = { ...DEMO_REQUEST, name: 'Zoë 😀 Ünal Ça va? 👍' };
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/demo-requests',
      payload,
      remoteAddress: remoteAddress(),
    });
    expect(response.statusCode).toBeLessThan(300);
  });
});

describe('NUL in a multipart form (issue 19: the assistant form stored it and answered 500)', () => {
  const create = (form: ReturnType<typeof multipart>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/assistants',
      headers: { ...bearer(admin), ...form.headers },
      payload: form.payload,
    });

  it.each([
    ['a field value', multipart({ name: 'Front\u0000Desk' })],
    ['a field name', multipart({ name: 'Front Desk', ['first\u0000Message']: 'Hello' })],
    // Escaped inside a JSON field, it is six plain characters until the field is parsed.
    ['a JSON field, escaped', multipart({ name: 'Front Desk', clientMessages: '["\\u0000"]' })],
    [
      'a JSON field, a lone surrogate escaped',
      multipart({ name: 'Front Desk', clientMessages: '["\\ud800"]' }),
    ],
    [
      'a file name',
      multipart({ name: 'Front Desk' }, [
        {
          field: 'knowledgeBaseFile',
          fileName: 'faq\u0000.txt',
          content: 'Hours: 9 to 5',
          contentType: 'text/plain',
        },
      ]),
    ],
  ])('in %s', async (_, form) => {
    const before = await t.database.db.select({ n: count() }).from(assistants);
    expectRefused(await create(form));
    expect(await t.database.db.select({ n: count() }).from(assistants)).toEqual(before);
  });
});
