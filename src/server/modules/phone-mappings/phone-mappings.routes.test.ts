import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PhoneMappingListResponseSchema } from '#shared/schemas/phone-mappings';
import { phoneMappings, phoneNumbers } from '../../db/schema/index';
import { DEMO_PHONE_NUMBERS } from '../../db/seed/voice-data';
import { createOtherPractice, type OtherPractice } from '../../test/other-practice';
import { parseResponse } from '../../test/parse-response';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { NUMBER_IN_USE_MESSAGE } from './phone-mappings.service';

/** Issue 22: each practice maps its own numbers; a number stays mapped in one practice only. */

let t: TestApp;
let a: string;
let b: string;
let other: OtherPractice;
const A_NUMBER = DEMO_PHONE_NUMBERS[0].number;
const B_NUMBER = '+13125550183';

const call = (session: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: bearer(session) });
const listOf = async (session: string) =>
  parseResponse(await call(session, 'GET', '/api/phone-mappings'), PhoneMappingListResponseSchema).mappings;
const rowOf = async (number: string) =>
  (await t.database.db.select().from(phoneMappings).where(eq(phoneMappings.phoneNumber, number)))[0];

beforeAll(async () => {
  t = await createTestApp();
  a = await t.asAdmin();
  other = await createOtherPractice(t);
  b = await other.asAdmin();
  await t.database.db.insert(phoneNumbers).values({ practiceId: other.id, number: B_NUMBER, name: 'B line' });
  const connector = await call(b, 'POST', '/api/connectors', {
    name: 'Other built-in',
    consumerId: 'other',
    connectorId: 'sandbox',
  });
  expect(connector.statusCode, connector.body).toBe(200);
  for (const [session, phoneNumber] of [
    [a, A_NUMBER],
    [b, B_NUMBER],
  ] as const) {
    const created = await call(session, 'POST', '/api/phone-mappings', {
      phoneNumber,
      connectorId: 'sandbox',
      name: 'Built-in',
    });
    expect(created.statusCode, created.body).toBe(200);
  }
});
afterAll(() => t.close());

describe('phone mappings per practice', () => {
  it('lists only the practice’s own mappings, stored with its practice', async () => {
    expect((await listOf(a)).map((m) => m.phoneNumber)).toEqual([A_NUMBER]);
    expect((await listOf(b)).map((m) => m.phoneNumber)).toEqual([B_NUMBER]);
    expect((await rowOf(B_NUMBER))?.practiceId).toBe(other.id);
  });

  it('refuses to map a number another practice has mapped: 409, nothing changed', async () => {
    const before = await rowOf(A_NUMBER);
    const taken = await call(b, 'POST', '/api/phone-mappings', {
      phoneNumber: A_NUMBER,
      connectorId: 'sandbox',
      name: 'Mine now',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(NUMBER_IN_USE_MESSAGE);
    expect(await rowOf(A_NUMBER)).toEqual(before);
  });

  it('never changes or removes the other practice’s mapping', async () => {
    const before = await rowOf(A_NUMBER);
    const path = `/api/phone-mappings/${encodeURIComponent(A_NUMBER)}`;
    const replaced = await call(b, 'PUT', path, { connectorId: 'sandbox', name: 'Mine now' });
    const removed = await call(b, 'DELETE', path);
    // Not found in B's practice (or not one of B's numbers once phone numbers are per practice).
    expect([400, 404]).toContain(replaced.statusCode);
    expect([400, 404]).toContain(removed.statusCode);
    expect(await rowOf(A_NUMBER)).toEqual(before);
  });

  it('refuses a connector of the other practice', async () => {
    const kolla = await call(a, 'POST', '/api/connectors', {
      name: 'A only',
      consumerId: 'a-only',
      connectorId: 'a-only-kolla',
    });
    expect(kolla.statusCode).toBe(200);
    const refused = await call(b, 'PUT', `/api/phone-mappings/${encodeURIComponent(B_NUMBER)}`, {
      connectorId: 'a-only-kolla',
      name: 'x',
    });
    expect(refused.statusCode).toBe(400);
    expect((await rowOf(B_NUMBER))?.connectorId).toBe('sandbox');
  });
});
