import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { CallListResponseSchema, CallResponseSchema, CallStatsSchema } from '#shared/schemas/calls';
import { auditEvents } from '../../db/schema/index';
import { parseResponse } from '../../test/parse-response';
import { bearer, createTestApp, platformWebhook, type TestApp } from '../../test/test-app';
import { holdSampleNumbers, SAMPLE_CALLED_NUMBER } from '../../test/sample-numbers';

// Call Logs reads are kept in memory until calls change (ADR 037): these prove the memory is used, that no
// change is missed, and that keeping an answer never widens who sees it.

let t: TestApp;
let admin: string;
let frontDesk: string;
let outside: pg.Client;

beforeAll(async () => {
  t = await createTestApp();
  await holdSampleNumbers(t);
  admin = await t.asAdmin();
  frontDesk = await t.asFrontDesk();
  outside = new pg.Client({ connectionString: t.database.pool.options.connectionString! });
  await outside.connect();
});
afterAll(async () => {
  await outside.end();
  await t.close();
});

// Answers from memory are bytes written once: each is checked against its route's schema.
const get = async <T>(url: string, schema: ZodType<T>, session = admin) =>
  parseResponse(await t.app.inject({ method: 'GET', url, headers: bearer(session) }), schema);
const list = (url: string, session = admin) => get(url, CallListResponseSchema, session);
const stats = (session = admin) => get('/api/calls/stats', CallStatsSchema, session);
const call = async (id: string, session = admin) =>
  (await get(`/api/calls/${id}`, CallResponseSchema, session)).call;
const names = async (url = '/api/calls?limit=200', session = admin) =>
  (await list(url, session)).calls.map((c) => c.customer.name);

async function eventually(check: () => Promise<boolean>, ms = 5000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await sleep(20);
  }
}

const deliver = (message: Record<string, unknown>) => platformWebhook(t.app, { message });

describe('Call Logs read cache', () => {
  it('serves lists, stats and a call from memory, and drops them once PostgreSQL announces a change', async () => {
    const first = (await list('/api/calls?limit=1')).calls[0]!;
    const before = await stats();
    expect((await call(first.id)).customer.name).toBe(first.customer.name);
    expect(await names()).toContain(first.customer.name);

    // Unannounced (trigger off) and written on a connection of its own: only the cache can hide it.
    await outside.query('alter table calls disable trigger calls_notify_change');
    await outside.query(
      `update calls set customer_name = 'Hidden Change', duration_seconds = 1000 where id = $1`,
      [first.id],
    );
    await sleep(200);
    expect(await names()).not.toContain('Hidden Change');
    expect((await call(first.id)).customer.name).toBe(first.customer.name);
    expect(await stats()).toEqual(before);

    await outside.query('alter table calls enable trigger calls_notify_change');
    await outside.query(`update calls set customer_name = 'Announced Change' where id = $1`, [first.id]);
    await eventually(async () => (await names()).includes('Announced Change'));
    expect((await call(first.id)).customer.name).toBe('Announced Change');
    expect((await stats()).totalDurationSeconds).toBeGreaterThan(before.totalDurationSeconds);
  });

  it("shows a report this process stored on the very next read: the list, the stats and the call's status", async () => {
    const before = await stats();
    expect(await names()).not.toContain('Cache Caller');
    const id = '0f0e0d0c-0b0a-4909-8807-060504030201';
    const platformCall = { id, type: 'inboundPhoneCall' };
    const customer = { number: '+12125550199', name: 'Cache Caller' };
    expect(
      (
        await deliver({
          type: 'status-update',
          status: 'in-progress',
          call: platformCall,
          customer,
          phoneNumber: { number: SAMPLE_CALLED_NUMBER },
        })
      ).statusCode,
    ).toBe(200);
    expect(await names()).toContain('Cache Caller');
    expect((await call(id)).status).toBe('in-progress');
    expect((await stats()).total).toBe(before.total + 1);

    const ended = {
      type: 'end-of-call-report',
      endedReason: 'customer-ended-call',
      call: platformCall,
      customer,
    };
    expect((await deliver(ended)).statusCode).toBe(200);
    expect(await call(id)).toMatchObject({
      status: 'ended',
      endedReason: 'customer-ended-call',
    });
    expect((await stats()).completed).toBe(before.completed + 1);
  });

  it('records every read of a call in the audit log, kept in memory or not', async () => {
    const { id } = (await list('/api/calls?limit=1')).calls[0]!;
    for (let i = 0; i < 3; i++) await call(id);
    await t.modules.audit.service.flush();
    const reads = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.resourceId, id), eq(auditEvents.action, 'patient_data.read')));
    expect(reads.length).toBeGreaterThanOrEqual(3);
  });

  it('records each list request once with its filter, kept in memory or not, and never the search text', async () => {
    const listReads = async () => {
      await t.modules.audit.service.flush();
      return t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'patient_data.read'), eq(auditEvents.route, 'GET /api/calls')));
    };
    const before = (await listReads()).length;
    const searched = '/api/calls?q=Zo%C3%AB%20Lindqvist&status=ended';
    await list(searched);
    await list(searched); // from memory
    await list('/api/calls?q=0142&limit=5');
    const entries = (await listReads()).slice(before);
    expect(entries.map((e) => [e.outcome, e.resourceType, e.resourceId])).toEqual([
      ['allowed', 'patient_data', null],
      ['allowed', 'patient_data', null],
      ['allowed', 'patient_data', null],
    ]);
    expect(entries.map((e) => JSON.parse(e.detail!))).toEqual([
      { search: ['name'], status: 'ended', page: 'first' },
      { search: ['name'], status: 'ended', page: 'first' },
      { search: ['number ending', 'call id'], status: null, page: 'first' },
    ]);
    for (const entry of entries) expect(entry.detail).not.toMatch(/zo|lindq|0142/i);
  });

  it("never gives a sub user an admin's kept answer", async () => {
    const url = '/api/calls?limit=200';
    const ids = async (session: string) => (await list(url, session)).calls.map((c) => c.id);
    const all = await ids(admin);
    const theirs = await ids(frontDesk);
    expect(theirs.length).toBeLessThan(all.length);
    expect((await stats(frontDesk)).total).toBe(theirs.length);
    const notTheirs = all.find((id) => !theirs.includes(id))!;
    await call(notTheirs, admin);
    const response = await t.app.inject({ url: `/api/calls/${notTheirs}`, headers: bearer(frontDesk) });
    expect(response.statusCode).toBe(404);
  });
});
