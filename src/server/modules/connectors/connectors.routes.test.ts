import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTOR_MESSAGES, ConnectorListResponseSchema } from '#shared/schemas/connectors';
import { parseResponse } from '../../test/parse-response';
import { createOtherPractice } from '../../test/other-practice';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let frontDesk: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
  frontDesk = await t.asFrontDesk();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, session = admin) =>
  t.app.inject({ method, url, payload, headers: bearer(session) });

const listOf = async (session: string) =>
  parseResponse(await call('GET', '/api/connectors', undefined, session), ConnectorListResponseSchema)
    .connectors;

describe('connectors', () => {
  it('lists the seeded demo connector for the admin', async () => {
    const response = await call('GET', '/api/connectors');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      connectors: [
        {
          name: 'Bright Smile Dental',
          connectorId: 'sandbox',
          consumerId: 'bright-smile-dental',
          isActive: true,
        },
      ],
    });
  });

  it('validates with the spec messages', async () => {
    for (const [body, message] of [
      [{ consumerId: 'c', connectorId: 'x' }, 'Name is required'],
      [{ name: 'n', consumerId: ' ', connectorId: 'x' }, 'Consumer ID is required'],
      [{ name: 'n', consumerId: 'c', connectorId: '' }, 'Connector ID is required'],
    ] as const) {
      const response = await call('POST', '/api/connectors', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it('creates, updates, toggles and deletes a connector', async () => {
    const created = await call('POST', '/api/connectors', {
      name: 'Downtown',
      consumerId: 'down',
      connectorId: 'dentrix',
    });
    expect(created.statusCode).toBe(200);
    const { id } = created.json().connector;
    const listed = await listOf(admin);
    expect(listed.map((c) => c.name)).toEqual(['Bright Smile Dental', 'Downtown']);

    const updated = await call('PATCH', `/api/connectors/${id}`, {
      name: 'Uptown',
      consumerId: 'up',
      connectorId: 'dentrix',
    });
    expect(updated.json().connector).toMatchObject({ name: 'Uptown', consumerId: 'up' });

    const toggled = await call('PATCH', `/api/connectors/${id}/toggle`, { isActive: false });
    expect(toggled.json().connector.isActive).toBe(false);

    expect((await call('DELETE', `/api/connectors/${id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/connectors/${id}`)).statusCode).toBe(404);
    expect((await listOf(admin)).map((c) => c.name)).toEqual(['Bright Smile Dental']);
  });

  it('shows a sub user only the connectors assigned to them, and hides others as not found', async () => {
    const other = (
      await call('POST', '/api/connectors', { name: 'Other', consumerId: 'o', connectorId: 'kolla' })
    ).json().connector;
    expect((await listOf(frontDesk)).map((c) => c.name)).toEqual(['Bright Smile Dental']);
    expect((await call('GET', `/api/connectors/${other.id}`, undefined, frontDesk)).statusCode).toBe(404);
    expect((await call('GET', `/api/connectors/${other.id}`)).statusCode).toBe(200);
    expect(
      (await call('PATCH', `/api/connectors/${other.id}/toggle`, { isActive: false }, frontDesk)).statusCode,
    ).toBe(403);
    await call('DELETE', `/api/connectors/${other.id}`);
  });
});

describe('GET /api/active-connector', () => {
  it('is the oldest active connector the user may see, or null', async () => {
    const active = async (session = admin) =>
      (await call('GET', '/api/active-connector', undefined, session)).json();
    expect(await active()).toEqual({
      activeConnector: { name: 'Bright Smile Dental', connectorId: 'sandbox' },
    });

    const demo = (await listOf(admin))[0]!;
    const newer = (
      await call('POST', '/api/connectors', { name: 'Newer', consumerId: 'n', connectorId: 'kolla-1' })
    ).json().connector;
    expect((await active()).activeConnector.name).toBe('Bright Smile Dental');

    await call('PATCH', `/api/connectors/${demo.id}/toggle`, { isActive: false });
    expect(await active()).toEqual({ activeConnector: { name: 'Newer', connectorId: 'kolla-1' } });
    // The front desk is assigned only the (now inactive) demo connector.
    expect(await active(frontDesk)).toEqual({ activeConnector: null });

    await call('PATCH', `/api/connectors/${demo.id}/toggle`, { isActive: true });
    await call('DELETE', `/api/connectors/${newer.id}`);
    expect((await active(frontDesk)).activeConnector.connectorId).toBe('sandbox');
  });
});

describe('connectors per practice', () => {
  it('keeps each practice’s connectors apart: lists, reads and changes', async () => {
    const other = await createOtherPractice(t);
    const b = await other.asAdmin();
    const theirs = (
      await call('POST', '/api/connectors', { name: 'Theirs', consumerId: 't', connectorId: 'sandbox' }, b)
    ).json().connector;
    const [ours] = await listOf(admin);

    expect((await listOf(b)).map((c) => c.id)).toEqual([theirs.id]);
    expect((await listOf(admin)).map((c) => c.id)).not.toContain(theirs.id);
    expect((await call('GET', '/api/active-connector', undefined, b)).json()).toEqual({
      activeConnector: { name: 'Theirs', connectorId: 'sandbox' },
    });

    const input = { name: 'Taken', consumerId: 'x', connectorId: 'x' };
    for (const [session, id] of [
      [admin, theirs.id],
      [b, ours!.id],
    ] as const) {
      expect((await call('GET', `/api/connectors/${id}`, undefined, session)).statusCode).toBe(404);
      expect((await call('PATCH', `/api/connectors/${id}`, input, session)).statusCode).toBe(404);
      expect(
        (await call('PATCH', `/api/connectors/${id}/toggle`, { isActive: false }, session)).statusCode,
      ).toBe(404);
      expect((await call('DELETE', `/api/connectors/${id}`, undefined, session)).statusCode).toBe(404);
    }
    expect(await listOf(b)).toEqual([theirs]);
    expect((await listOf(admin))[0]).toEqual(ours);
  });
  it("never links one practice to another's PMS consumer (the deployment's one key reaches every consumer)", async () => {
    const other = await createOtherPractice(t);
    const b = await other.asAdmin();
    const link = { consumerId: 'practice-b-opendental', connectorId: 'opendental' };
    const theirs = await call('POST', '/api/connectors', { name: 'Open Dental', ...link }, b);
    expect(theirs.statusCode, theirs.body).toBe(200);
    const before = await listOf(admin);

    const refused = [
      await call('POST', '/api/connectors', { name: 'Borrowed', ...link }),
      await call('PATCH', `/api/connectors/${before[0]!.id}`, { name: 'Borrowed', ...link }),
    ];
    for (const answer of refused) {
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().fields).toEqual({ consumerId: CONNECTOR_MESSAGES.consumerTaken });
    }
    expect(await listOf(admin)).toEqual(before);
    // Their own second connector to the same consumer, and the built-in schedule's ids, stay free.
    expect((await call('POST', '/api/connectors', { name: 'Front desk', ...link }, b)).statusCode).toBe(200);
    const sandbox = { name: 'Own schedule', consumerId: 't', connectorId: 'sandbox' };
    expect((await call('POST', '/api/connectors', sandbox, b)).statusCode).toBe(200);
    expect((await call('POST', '/api/connectors', sandbox)).statusCode).toBe(200);
  });
});
