import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { TZDate } from '@date-fns/tz';
import { startOfMonth } from 'date-fns';
import { asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CallListResponseSchema,
  CallResponseSchema,
  CallStatsSchema,
  SIMULATION_SCENARIOS,
  type CallSummary,
  type SimulationScenario,
} from '#shared/schemas/calls';
import {
  appointments,
  auditEvents,
  calls,
  patients,
  phoneMappings,
  phoneNumbers,
  providers,
} from '../../db/schema/index';
import { instantFromWall } from '../../lib/wall-time';
import { parseResponse } from '../../test/parse-response';
import { PRACTICE_ZONE } from '../../test/schedule-dates';
import { bearer, createTestApp, platformWebhook, type TestApp } from '../../test/test-app';
import { holdSampleNumbers, SAMPLE_CALLED_NUMBER } from '../../test/sample-numbers';

const SAMPLES = path.resolve('fixtures/vendor-samples/vapi/server-messages');
const sample = (type: string, file: string) =>
  JSON.parse(readFileSync(path.join(SAMPLES, type, file), 'utf8')) as { message: Record<string, unknown> };

let t: TestApp;
let admin: string;
let frontDesk: string;
beforeAll(async () => {
  t = await createTestApp();
  await holdSampleNumbers(t);
  admin = await t.asAdmin();
  frontDesk = await t.asFrontDesk();
});
afterAll(() => t.close());

const deliver = (body: unknown) => platformWebhook(t.app, body as object);
/** The demo practice's calls (the admin's): another demo practice has its own. */
const ofDemo = sql`${calls.practiceId} = (select id from practices order by created_at, id limit 1)`;
const callCount = async () => (await t.database.db.select({ n: count() }).from(calls).where(ofDemo))[0]!.n;
const get = (url: string, session = admin) => t.app.inject({ method: 'GET', url, headers: bearer(session) });
const byProvider = async (providerId: string) =>
  (await t.database.db.select().from(calls).where(eq(calls.providerId, providerId)))[0];

/** A report for a new call id, built on the dental sample. */
function report(id: string, overrides: Record<string, unknown> = {}) {
  const base = sample('end-of-call-report', '05-synth-from-type-dental-inbound-structured.json').message;
  return {
    message: { ...base, call: { ...(base.call as object), id }, ...overrides },
  };
}

describe('ingest: POST /webhook status-update and end-of-call-report', () => {
  it('accepts every vendor sample without a 5xx', async () => {
    for (const type of readdirSync(SAMPLES)) {
      for (const file of readdirSync(path.join(SAMPLES, type))) {
        const response = await deliver(JSON.parse(readFileSync(path.join(SAMPLES, type, file), 'utf8')));
        expect(response.statusCode, `${type}/${file}`).toBe(200);
      }
    }
  });

  it('stores a report completely, from the artifact or the older top-level fields', async () => {
    const dental = await byProvider('0199a1b2-3c4d-7e5f-8a9b-0c1d2e3f4a5b');
    expect(dental).toMatchObject({
      id: '0199a1b2-3c4d-7e5f-8a9b-0c1d2e3f4a5b',
      status: 'ended',
      type: 'inboundPhoneCall',
      endedReason: expect.any(String),
      cost: 0.0421,
      durationSeconds: 14.5,
      customerNumber: '+15555550123',
      calledNumber: '+15555550100',
      recordingUrl: expect.stringMatching(/^https:\/\/storage\.vapi\.ai\//),
      stereoRecordingUrl: expect.stringMatching(/^https:\/\//),
    });
    expect(dental!.transcript).toMatch(/^AI: Thanks for calling Bright Smile Dental/);
    expect(dental!.costBreakdown).toMatchObject({
      transport: 0.0008,
      total: 0.0421,
      analysisCostBreakdown: { summary: 0.0001 },
    });
    expect(dental!.messages!.length).toBeGreaterThan(2);
    expect(dental!.messages![1]).toEqual({
      timestamp: expect.any(Number),
      type: expect.any(String),
      content: expect.any(String),
    });

    const legacy = await byProvider('b1223960-1b4d-4585-91b8-a69b0f57ec2f');
    expect(legacy).toMatchObject({ status: 'ended', endedReason: 'customer-ended-call' });
    expect(legacy!.transcript).toMatch(/^AI: Hi there/);
    expect(legacy!.messages!.length).toBeGreaterThan(0);
    expect(legacy!.recordingUrl).toMatch(/^https:\/\/auth\.vapi\.ai\//);
    expect(legacy!.analysis).toEqual({ summary: expect.any(String), successEvaluation: 'true' });

    const web = await byProvider('73daba4d-2bcc-4cca-8e49-3d7903467ade');
    expect(web).toMatchObject({ status: 'ended', type: 'webCall', durationSeconds: 25.276, cost: 0.0394 });
  });

  it('keeps success evaluation as a boolean, and epoch-millisecond timestamps', async () => {
    await deliver(
      report('11111111-0000-4000-8000-000000000001', {
        analysis: { summary: 'x', successEvaluation: false },
        startedAt: 1772463846000,
        endedAt: 1772463866000,
        durationMs: undefined,
      }),
    );
    const row = await byProvider('11111111-0000-4000-8000-000000000001');
    expect(row!.analysis).toEqual({ summary: 'x', successEvaluation: false });
    expect(row!.startedAt!.toISOString()).toBe('2026-03-02T15:04:06.000Z');
    expect(row!.durationSeconds).toBe(20);
  });

  it('makes one call of a report delivered twice', async () => {
    const id = '22222222-0000-4000-8000-000000000002';
    const before = await callCount();
    expect((await deliver(report(id))).statusCode).toBe(200);
    expect((await deliver(report(id))).statusCode).toBe(200);
    expect(await callCount()).toBe(before + 1);
  });

  it('never moves an ended call back, whatever order the messages come in', async () => {
    const id = '33333333-0000-4000-8000-000000000003';
    const status = (value: string) => ({
      message: {
        type: 'status-update',
        status: value,
        call: { id, type: 'inboundPhoneCall' },
        phoneNumber: { number: SAMPLE_CALLED_NUMBER },
      },
    });
    await deliver(status('in-progress'));
    await deliver(status('ringing'));
    expect((await byProvider(id))!.status).toBe('in-progress');
    await deliver(report(id));
    await deliver(status('in-progress'));
    await deliver(status('queued'));
    const row = await byProvider(id);
    expect(row!.status).toBe('ended');
    expect(row!.transcript).toBeTruthy();
  });

  it('answers unknown message types with 200 and stores nothing', async () => {
    const before = await callCount();
    const response = await deliver({
      message: { type: 'speech-update', call: { id: '44444444-0000-4000-8000-000000000004' } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    expect(await callCount()).toBe(before);
  });

  it('refuses a body over the limit with 413 and stores nothing', async () => {
    const before = await callCount();
    const response = await deliver(
      report('55555555-0000-4000-8000-000000000005', { transcript: 'x'.repeat(1024 * 1024 + 10) }),
    );
    expect(response.statusCode).toBe(413);
    expect(await callCount()).toBe(before);
  });

  it('refuses a report without the secret', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/webhook',
      payload: report('66666666-0000-4000-8000-000000000006'),
    });
    expect(response.statusCode).toBe(401);
    expect(await byProvider('66666666-0000-4000-8000-000000000006')).toBeUndefined();
  });
});

describe('GET /api/calls', () => {
  const list = async (query: string, session = admin) =>
    parseResponse(await get(`/api/calls?${query}`, session), CallListResponseSchema);

  beforeAll(async () => {
    await deliver(
      report('77777777-0000-4000-8000-000000000007', {
        customer: { number: '(917) 555-0142', name: 'Zoë Ångström' },
      }),
    );
  });

  it('pages newest first with a keyset cursor, every call once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let times: string[] = [];
    do {
      const page: { calls: CallSummary[]; nextCursor: string | null } = await list(
        `limit=7${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.calls.length).toBeLessThanOrEqual(7);
      seen.push(...page.calls.map((c) => c.id));
      times = times.concat(page.calls.map((c) => c.createdAt));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.length).toBe(await callCount());
    expect(new Set(seen).size).toBe(seen.length);
    expect(times).toEqual([...times].sort().reverse());
    expect((await list('')).calls).toHaveLength(Math.min(50, seen.length));
  });

  it('finds a number in any format, a name fragment without case or accents, and an id prefix', async () => {
    for (const q of ['(917) 555-0142', '917-555-0142', '+19175550142', '9175550142']) {
      expect(
        (await list(`q=${encodeURIComponent(q)}`)).calls.map((c) => c.id),
        q,
      ).toEqual(['77777777-0000-4000-8000-000000000007']);
    }
    for (const q of ['zoe', 'ZOË', 'angstr', 'Ångström']) {
      expect(
        (await list(`q=${encodeURIComponent(q)}`)).calls.map((c) => c.customer.name),
        q,
      ).toContain('Zoë Ångström');
    }
    expect((await list('q=77777777')).calls.map((c) => c.id)).toEqual([
      '77777777-0000-4000-8000-000000000007',
    ]);
    expect((await list('q=7777777')).calls.map((c) => c.id)).toContain(
      '77777777-0000-4000-8000-000000000007',
    );
    expect((await list(`q=${encodeURIComponent('no such caller')}`)).calls).toEqual([]);
    expect((await list(`q=${encodeURIComponent('50%_')}`)).calls).toEqual([]);
  });

  it("finds a caller by the last 4 or more digits of their number, and calls to the practice's own number", async () => {
    const zoe = '77777777-0000-4000-8000-000000000007';
    for (const q of ['0142', '5-0142', '550142', '555 0142']) {
      expect(
        (await list(`q=${encodeURIComponent(q)}&limit=200`)).calls.map((c) => c.id),
        q,
      ).toContain(zoe);
    }
    expect((await list('q=0143&limit=200')).calls.map((c) => c.id)).not.toContain(zoe);

    const [main] = await t.database.db.select().from(phoneNumbers).where(eq(phoneNumbers.name, 'Main Line'));
    const onMain = await t.database.db
      .select({ id: calls.id })
      .from(calls)
      .where(eq(calls.phoneNumberId, main!.id));
    expect(onMain.length).toBeGreaterThan(0);
    const digits = main!.number!.replace(/\D/g, '');
    const typed = `(${digits.slice(1, 4)}) ${digits.slice(4, 7)}-${digits.slice(7)}`;
    for (const q of [typed, main!.number!, digits.slice(-4)]) {
      const found = (await list(`q=${encodeURIComponent(q)}&limit=200`)).calls;
      expect(
        found.map((c) => c.id),
        q,
      ).toEqual(expect.arrayContaining(onMain.map((c) => c.id)));
      if (q !== digits.slice(-4))
        expect(
          found.every((c) => c.phoneNumber.number === main!.number),
          q,
        ).toBe(true);
    }
  });

  it("carries the practice's time zone for the calls' start times", async () => {
    expect((await list('limit=1')).timeZone).toBe(PRACTICE_ZONE);
  });

  it('filters by status', async () => {
    const ended = await list('status=ended&limit=200');
    expect(ended.calls.length).toBeGreaterThan(0);
    expect(ended.calls.every((c) => c.status === 'ended')).toBe(true);
    const live = await list('status=in-progress');
    expect(live.calls.every((c) => c.status === 'in-progress')).toBe(true);
    expect(live.calls.length).toBeGreaterThan(0);
  });

  it('answers 400 with the field for invalid parameters', async () => {
    for (const [query, field] of [
      ['status=bogus', 'status'],
      ['limit=0', 'limit'],
      ['limit=201', 'limit'],
      ['limit=abc', 'limit'],
      ['cursor=not-a-cursor', 'cursor'],
      [`q=${'a'.repeat(101)}`, 'q'],
    ] as const) {
      const response = await get(`/api/calls?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().fields ?? {}), query).toContain(field);
      expect(response.json()).toMatchObject({ message: expect.any(String), code: 'validation_failed' });
    }
  });
});

describe('GET /api/calls/stats', () => {
  it('sums the same filter as the list', async () => {
    const all = await t.database.db.select().from(calls).where(ofDemo);
    const stats = parseResponse(await get('/api/calls/stats'), CallStatsSchema);
    expect(stats.total).toBe(all.length);
    expect(stats.completed).toBe(all.filter((c) => c.status === 'ended').length);
    expect(stats.totalCost).toBeCloseTo(
      all.reduce((s, c) => s + (c.cost ?? 0), 0),
      6,
    );
    expect(stats.totalDurationSeconds).toBeCloseTo(
      all.reduce((s, c) => s + (c.durationSeconds ?? 0), 0),
      6,
    );
    const ended = (await get('/api/calls/stats?status=ended')).json();
    expect(ended.total).toBe(stats.completed);
    expect((await get('/api/calls/stats?status=nope')).statusCode).toBe(400);
  });

  it("counts this month's calls only with period=month", async () => {
    const id = '88888888-0000-4000-8000-000000000008';
    const old = report(id);
    (old.message.call as Record<string, unknown>).createdAt = new Date(
      t.clock.now().getTime() - 45 * 86_400_000,
    ).toISOString();
    await deliver(old);
    const all = (await get('/api/calls/stats')).json();
    const month = (await get('/api/calls/stats?period=month')).json();
    expect(month.total).toBeLessThan(all.total);
    // The month is the practice's: on the evening of its last day it is already the next month in UTC.
    const since = startOfMonth(new TZDate(t.clock.now().getTime(), PRACTICE_ZONE));
    const rows = await t.database.db.select({ createdAt: calls.createdAt }).from(calls).where(ofDemo);
    expect(month.total).toBe(rows.filter((r) => r.createdAt >= since).length);
  });
});

describe('GET /api/calls/:id and who sees what', () => {
  it('gives everything the dialog shows and records the read in the audit log', async () => {
    const { call } = parseResponse(
      await get('/api/calls/0199a1b2-3c4d-7e5f-8a9b-0c1d2e3f4a5b'),
      CallResponseSchema,
    );
    expect(call).toMatchObject({
      id: '0199a1b2-3c4d-7e5f-8a9b-0c1d2e3f4a5b',
      transcript: expect.stringContaining('AI:'),
      recordingUrl: expect.any(String),
      stereoRecordingUrl: expect.any(String),
      artifact: { pcapUrl: null },
      // The boolean variant of the sample (same call id) came last.
      analysis: { summary: expect.any(String), successEvaluation: false },
      costBreakdown: expect.objectContaining({ total: 0.0421 }),
    });
    await t.modules.audit.service.flush();
    const reads = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.resourceId, '0199a1b2-3c4d-7e5f-8a9b-0c1d2e3f4a5b'));
    expect(reads.map((r) => r.action)).toContain('patient_data.read');
    expect((await get('/api/calls/99999999-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/calls/not-a-uuid')).statusCode).toBe(400);
  });

  it('shows a sub user only calls on their numbers or assistants', async () => {
    const permissions = (await get('/api/user-permissions', frontDesk)).json().data;
    const visible = await t.database.db
      .select({ id: calls.id })
      .from(calls)
      .where(
        or(
          inArray(calls.phoneNumberId, permissions.assignedPhoneNumbers),
          inArray(calls.assistantId, permissions.assignedAssistants),
        ),
      );
    const response = await get('/api/calls?limit=200', frontDesk);
    expect(response.statusCode, response.body).toBe(200);
    const listed = response.json().calls as CallSummary[];
    expect(listed.map((c) => c.id).sort()).toEqual(visible.map((c) => c.id).sort());
    expect(listed.length).toBeLessThan(await callCount());
    expect((await get('/api/calls/stats', frontDesk)).json().total).toBe(visible.length);
    // A call on nobody's number (the vendor samples) is not found for them.
    expect((await get('/api/calls/0199a1b2-3c4d-7e5f-8a9b-0c1d2e3f4a5b', frontDesk)).statusCode).toBe(404);
    expect((await get(`/api/calls/${listed[0]!.id}`, frontDesk)).statusCode).toBe(200);
  });
});

describe('POST /api/calls/simulate', () => {
  it('holds each booking scenario through the webhook and stores the call with a zero cost', async () => {
    const [number] = await t.database.db
      .select()
      .from(phoneNumbers)
      .where(eq(phoneNumbers.name, 'Main Line'));
    // The changes by phone (a move, a cancellation, a caller naming someone else) need a patient's number to
    // call from: call-simulator.routes.test.ts holds them.
    const changes: SimulationScenario[] = [
      'existing-patient-reschedules',
      'existing-patient-cancels',
      'caller-names-another-patient',
    ];
    for (const scenario of SIMULATION_SCENARIOS.filter((s) => !changes.includes(s))) {
      const before = (await t.database.db.select({ n: count() }).from(appointments))[0]!.n;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/calls/simulate',
        headers: bearer(admin),
        payload: { phoneNumberId: number!.id, scenario },
      });
      expect(response.statusCode, scenario).toBe(200);
      const { call } = response.json();
      expect(call, `${scenario}\n${call.transcript}`).toMatchObject({
        status: 'ended',
        cost: 0,
        phoneNumber: { id: number!.id, number: number!.number },
        endedReason: 'customer-ended-call',
        analysis: { summary: expect.any(String), successEvaluation: 'true' },
      });
      expect(call.transcript, call.transcript).toMatch(/^AI: Thank you for calling/);
      if (scenario !== 'question-then-hang-up') expect(call.transcript).toContain('confirmation number');
      expect(
        call.messages.some((m: { type: string }) => m.type === 'tool_call_result') ||
          scenario === 'question-then-hang-up',
      ).toBe(true);
      if (scenario === 'taken-time-accepts-another') {
        // The refusal reaches the conversation (the webhook sends a failure in the tool call's `error`).
        expect(call.messages.map((m: { content: string }) => m.content)).toContainEqual(
          expect.stringMatching(/^bookAppointment: The selected time .* is already booked/),
        );
      }
      const after = (await t.database.db.select({ n: count() }).from(appointments))[0]!.n;
      expect(after - before, scenario).toBe(scenario === 'question-then-hang-up' ? 0 : 1);
      const listed = (await get(`/api/calls?q=${call.id.slice(0, 8)}`)).json().calls as CallSummary[];
      expect(listed.map((c) => c.id)).toContain(call.id);
    }
    const sofia = (await get(`/api/calls?q=${encodeURIComponent('sofia alvarez')}`)).json().calls;
    expect(sofia.length).toBeGreaterThan(0);
  });

  it('offers the next opening when the caller already has a visit at the first one', async () => {
    const [number] = await t.database.db
      .select()
      .from(phoneNumbers)
      .where(eq(phoneNumbers.name, 'Main Line'));
    const practiceId = number!.practiceId;
    // The caller the scenario picks, and the first opening it will be offered.
    const [patient] = await t.database.db
      .select()
      .from(patients)
      .where(eq(patients.practiceId, practiceId))
      .orderBy(asc(patients.createdAt), asc(patients.familyName), asc(patients.givenName), asc(patients.id))
      .limit(1);
    const offered = await deliver({
      message: {
        type: 'tool-calls',
        call: { id: 'probe-first-opening', phoneNumber: { number: number!.number } },
        phoneNumber: { number: number!.number },
        toolCallList: [
          {
            id: 'probe-1',
            type: 'function',
            function: {
              name: 'checkAvailability',
              arguments: { appointment_type: 'dental_checkup', preferred_date: 'tomorrow' },
            },
          },
        ],
      },
    });
    const [first] = JSON.parse(offered.json().results[0].result).available_slots as {
      date: string;
      time: string;
    }[];
    // The patient is busy then with someone outside the bookable schedule (a provider with no hours).
    const [elsewhere] = await t.database.db
      .insert(providers)
      .values({ practiceId, name: 'Dr. Visiting', displayName: 'Dr. Visiting', kind: 'dentist' })
      .returning();
    const startsAt = instantFromWall(`${first!.date}T${first!.time}`, PRACTICE_ZONE);
    // (Unless an earlier simulation already booked them there, with another provider.)
    await t.database.db
      .insert(appointments)
      .values({
        practiceId,
        patientId: patient!.id,
        providerId: elsewhere!.id,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
        confirmationNumber: 'VISIT2',
      })
      .onConflictDoNothing();
    const theirs = () =>
      t.database.db.select().from(appointments).where(eq(appointments.patientId, patient!.id));
    const before = new Set((await theirs()).map((a) => a.id));

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/calls/simulate',
      headers: bearer(admin),
      payload: { phoneNumberId: number!.id, scenario: 'existing-patient-first-checkup' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { call } = response.json();
    expect(call.analysis.successEvaluation, call.transcript).toBe('true');
    expect(call.transcript).toContain('That did not work');
    const booked = (await theirs()).filter((a) => !before.has(a.id));
    expect(booked).toHaveLength(1);
    expect(booked[0]!.startsAt.getTime()).not.toBe(startsAt.getTime());
  });

  it('books only into the built-in schedule: a number linked to an outside system is refused', async () => {
    // Kolla credentials, so the outside connector resolves; nothing may reach it (its address refuses all).
    const outside = await createTestApp({ kolla: { apiKey: 'k', baseUrl: 'http://127.0.0.1:9' } });
    try {
      const session = await outside.asAdmin();
      const db = outside.database.db;
      const [number] = await db.select().from(phoneNumbers).where(eq(phoneNumbers.name, 'After Hours'));
      const created = await outside.app.inject({
        method: 'POST',
        url: '/api/connectors',
        headers: bearer(session),
        payload: { name: 'Outside', consumerId: 'outside', connectorId: 'outside-pms' },
      });
      expect(created.statusCode).toBe(200);
      await db.insert(phoneMappings).values({
        practiceId: number!.practiceId,
        phoneNumber: number!.number!,
        connectorId: 'outside-pms',
      });
      const before = (await db.select({ n: count() }).from(calls))[0]!.n;
      const response = await outside.app.inject({
        method: 'POST',
        url: '/api/calls/simulate',
        headers: bearer(session),
        payload: { phoneNumberId: number!.id, scenario: 'new-patient-cleaning' },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toMatch(/only books into the built-in schedule/);
      expect((await db.select({ n: count() }).from(calls))[0]!.n).toBe(before);
    } finally {
      await outside.close();
    }
  });

  it('is for admins only and validates its body', async () => {
    const [number] = await t.database.db.select().from(phoneNumbers).limit(1);
    const asFrontDesk = await t.app.inject({
      method: 'POST',
      url: '/api/calls/simulate',
      headers: bearer(frontDesk),
      payload: { phoneNumberId: number!.id, scenario: 'question-then-hang-up' },
    });
    expect(asFrontDesk.statusCode).toBe(403);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/calls/simulate',
      headers: bearer(admin),
      payload: { phoneNumberId: number!.id, scenario: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('scenario');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/calls/simulate',
      headers: bearer(admin),
      payload: { phoneNumberId: '99999999-0000-4000-8000-000000000000', scenario: 'question-then-hang-up' },
    });
    expect(missing.statusCode).toBe(404);
  });
});
