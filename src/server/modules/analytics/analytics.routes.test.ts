import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalyticsSchema, AppointmentValuesResponseSchema, type Analytics } from '#shared/schemas/analytics';
import { ASSISTANT_DEFAULTS } from '#shared/schemas/assistants';
import {
  assistants,
  callbacks,
  calls,
  conversations,
  messages,
  outboundCalls,
  phoneNumbers,
  providers,
  providerWorkingHours,
  userPermissions,
  userPhoneNumbers,
  users,
  visits,
} from '../../db/schema/index';
import { hashPassword } from '../../lib/passwords';
import { createOtherPractice, type OtherPractice } from '../../test/other-practice';
import { parseResponse } from '../../test/parse-response';
import { firstPracticeId } from '../../test/practice-number';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { AppError } from '../../errors';
import { createAnalyticsRepo } from './analytics.repo';
import { cents, createAnalyticsService } from './analytics.service';

/**
 * Every figure of GET /api/analytics on a small dataset whose answers are worked out by hand below (issue 25),
 * in a practice of its own (New York time; March 2025 crosses the change to summer time), beside the demo
 * practice, whose rows in the same days must never count.
 *
 * Calls in March 2025 (local time; Mon–Fri 09:00–17:00 open):
 *   c1  Mon 3rd 10:00  inbound  A1/N1  $0.50  120 s  customer-ended-call    books V1 (call)
 *   c2  Mon 3rd 20:30  inbound  A2/N2  $0.30   60 s  assistant-ended-call   books V2 (call)        after hours
 *   c3  Sat 8th 11:00  inbound  A2/N2  $0.20   30 s  customer-ended-call    callback cb1           after hours
 *   c4  Mon 10th 09:30 inbound  A1/N1  $0.40   90 s  customer-ended-call    Processor books V3     (EDT: open)
 *   c5  Wed 12th 14:00 outbound A1/N1  $0.10   45 s  assistant-ended-call   reminder of V1; books V4 (outbound)
 *   c6  Fri 14th 10:00 outbound A1/N1  $0.15   50 s  customer-ended-call    recall; books V5 (recall)
 *   c7  Thu 20th 12:00 inbound  A1/N1  —       —     silence-timed-out      not answered; cb2; Callback books V6
 *   c9  Mon 31st 23:30 inbound  A2/N2  $0.25   40 s  customer-ended-call                           after hours
 *   c11 Wed 5th 15:00  web      A1/—   $0.05   20 s  customer-ended-call
 *   (c8 on Feb 28th and c10 on April 1st 00:30 are outside the range; c8 books V7.)
 */

let t: TestApp;
let practice: OtherPractice;
let admin: string;
let analyst: string;
let ids: { a1: string; a2: string; n1: string; n2: string };
const RANGE = 'from=2025-03-01&to=2025-03-31';

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await createTestApp();
  practice = await createOtherPractice(t, { name: 'Analytics Dental', timeZone: 'America/New_York' });
  admin = await practice.asAdmin();
  const db = t.database.db;
  const practiceId = practice.id;

  const [a1, a2] = await db
    .insert(assistants)
    .values(
      ['Front Desk AI', 'After Hours AI'].map((name) => ({
        ...structuredClone(ASSISTANT_DEFAULTS),
        model: structuredClone(ASSISTANT_DEFAULTS.model),
        name,
        practiceId,
      })),
    )
    .returning();
  const [n1, n2] = await db
    .insert(phoneNumbers)
    .values([
      { practiceId, number: '+12125550181', name: 'Main line', assistantId: a1!.id },
      { practiceId, number: '+12125550182', name: '', assistantId: a2!.id },
    ])
    .returning();
  ids = { a1: a1!.id, a2: a2!.id, n1: n1!.id, n2: n2!.id };
  const [provider] = await db
    .insert(providers)
    .values({ practiceId, name: 'Dr A', displayName: 'Dr. A', kind: 'dentist' })
    .returning();
  await db.insert(providerWorkingHours).values(
    [1, 2, 3, 4, 5].map((weekday) => ({
      practiceId,
      providerId: provider!.id,
      weekday,
      startMinute: 9 * 60,
      endMinute: 17 * 60,
    })),
  );

  const call = (
    providerId: string,
    createdAt: string,
    fields: Partial<typeof calls.$inferInsert> & { on: 'a1n1' | 'a2n2' | 'a1' },
  ) => {
    const { on, ...rest } = fields;
    return {
      practiceId,
      providerId,
      status: 'ended',
      type: 'inboundPhoneCall',
      createdAt: at(createdAt),
      startedAt: at(createdAt),
      assistantId: on === 'a2n2' ? ids.a2 : ids.a1,
      phoneNumberId: on === 'a1n1' ? ids.n1 : on === 'a2n2' ? ids.n2 : null,
      endedReason: 'customer-ended-call',
      ...rest,
    };
  };
  const made = await db
    .insert(calls)
    .values([
      call('an-call-1', '2025-03-03T15:00:00Z', { on: 'a1n1', cost: 0.5, durationSeconds: 120 }),
      call('an-call-2', '2025-03-04T01:30:00Z', {
        on: 'a2n2',
        cost: 0.3,
        durationSeconds: 60,
        endedReason: 'assistant-ended-call',
      }),
      call('an-call-3', '2025-03-08T16:00:00Z', { on: 'a2n2', cost: 0.2, durationSeconds: 30 }),
      call('an-call-4', '2025-03-10T13:30:00Z', { on: 'a1n1', cost: 0.4, durationSeconds: 90 }),
      call('an-call-5', '2025-03-12T18:00:00Z', {
        on: 'a1n1',
        type: 'outboundPhoneCall',
        cost: 0.1,
        durationSeconds: 45,
        endedReason: 'assistant-ended-call',
      }),
      call('an-call-6', '2025-03-14T14:00:00Z', {
        on: 'a1n1',
        type: 'outboundPhoneCall',
        cost: 0.15,
        durationSeconds: 50,
      }),
      call('an-call-7', '2025-03-20T16:00:00Z', {
        on: 'a1n1',
        startedAt: null,
        endedReason: 'silence-timed-out',
      }),
      call('an-call-8', '2025-02-28T15:00:00Z', { on: 'a1n1', cost: 1, durationSeconds: 300 }),
      call('an-call-9', '2025-04-01T03:30:00Z', { on: 'a2n2', cost: 0.25, durationSeconds: 40 }),
      call('an-call-10', '2025-04-01T04:30:00Z', { on: 'a2n2', cost: 2, durationSeconds: 300 }),
      call('an-call-11', '2025-03-05T20:00:00Z', {
        on: 'a1',
        type: 'webCall',
        cost: 0.05,
        durationSeconds: 20,
      }),
    ])
    .returning({ id: calls.id, providerId: calls.providerId });
  const callId = (n: number) => made.find((c) => c.providerId === `an-call-${n}`)!.id;

  const outbound = (fields: Partial<typeof outboundCalls.$inferInsert>) => ({
    practiceId,
    patientId: 'p',
    patientName: 'Pat',
    phoneNumber: '+12125550190',
    callType: 'reminder' as const,
    status: 'completed' as const,
    assistantId: ids.a1,
    phoneNumberId: ids.n1,
    ...fields,
  });
  await db.insert(outboundCalls).values([
    outbound({ vapiCallId: 'an-call-5', appointmentRef: 'V1', placedAt: at('2025-03-12T18:00:00Z') }),
    // The recall helper's call type (branch `recall`): compared as text.
    outbound({
      vapiCallId: 'an-call-6',
      callType: 'recall' as never,
      placedAt: at('2025-03-14T14:00:00Z'),
    }),
    // A confirmation call of V8 before its start; a reminder of V6 placed after V6 started (not a reminder).
    outbound({ callType: 'confirmation', appointmentRef: 'V8', placedAt: at('2025-03-18T20:00:00Z') }),
    outbound({ appointmentRef: 'V6', placedAt: at('2025-03-27T15:00:00Z') }),
  ]);
  const [thread] = await db
    .insert(conversations)
    .values({ practiceId, phoneNumber: '+12125550190' })
    .returning();
  const text = (fields: Partial<typeof messages.$inferInsert>) => ({
    practiceId,
    conversationId: thread!.id,
    direction: 'outbound' as const,
    kind: 'reminder' as const,
    body: 'Reminder',
    fromNumber: '+12125550181',
    toNumber: '+12125550190',
    status: 'delivered' as const,
    ...fields,
  });
  await db
    .insert(messages)
    .values([
      text({ appointmentRef: 'V3', createdAt: at('2025-03-10T20:00:00Z') }),
      text({ appointmentRef: 'V5', createdAt: at('2025-03-20T20:00:00Z'), status: 'failed' }),
    ]);

  // The visits, as the schedule writes them with each ledger line (its own tests check that writing).
  const callOf = (n: number) => made.find((c) => c.providerId === `an-call-${n}`)!;
  const upcoming = new Date(t.clock.now().getTime() + 30 * 24 * 3600_000);
  const visit = (
    ref: string,
    bookedAt: string,
    source: string,
    call: { n: number; on: 'a1n1' | 'a2n2' } | null,
    appointmentType: string,
    startsAt: string | Date,
    newPatient: boolean | null,
    outcome?: ['kept' | 'no_show' | 'cancelled', 'staff' | 'change' | 'practice_system', boolean?],
  ) => ({
    practiceId,
    appointmentRef: ref,
    bookedAt: at(bookedAt),
    source,
    providerCallId: call ? `an-call-${call.n}` : null,
    callId: call ? callOf(call.n).id : null,
    assistantId: call ? (call.on === 'a1n1' ? ids.a1 : ids.a2) : null,
    phoneNumberId: call ? (call.on === 'a1n1' ? ids.n1 : ids.n2) : null,
    appointmentType,
    newPatient,
    startsAt: typeof startsAt === 'string' ? at(startsAt) : startsAt,
    ...(outcome && {
      outcome: outcome[0],
      outcomeOrigin: outcome[1],
      late: outcome[2] ?? false,
      decidedAt: at('2025-03-29T12:00:00Z'),
    }),
  });
  const a1n1 = (n: number) => ({ n, on: 'a1n1' as const });
  await db.insert(visits).values([
    {
      ...visit(
        'V1',
        '2025-03-03T15:05:00Z',
        'call',
        a1n1(1),
        'dental_cleaning',
        '2025-03-20T14:00:00Z',
        true,
        ['kept', 'staff'],
      ),
      confirmedAt: at('2025-03-12T18:03:00Z'),
    },
    // Booked before its call was stored: the call (A2, N2) is looked up when analytics reads it.
    {
      ...visit('V2', '2025-03-04T01:35:00Z', 'call', null, 'filling', '2025-03-25T15:00:00Z', false, [
        'no_show',
        'staff',
      ]),
      providerCallId: 'an-call-2',
    },
    visit(
      'V3',
      '2025-03-10T14:00:00Z',
      'processor',
      a1n1(4),
      'dental_checkup',
      '2025-03-11T15:00:00Z',
      true,
      ['cancelled', 'change', true],
    ),
    // Moved to a month from now: still ahead, however the test runs.
    visit('V4', '2025-03-12T18:05:00Z', 'outbound', a1n1(5), 'dental_cleaning', upcoming, false),
    visit('V5', '2025-03-14T14:05:00Z', 'recall', a1n1(6), 'dental_cleaning', '2025-03-28T14:00:00Z', false),
    visit('V6', '2025-03-21T13:00:00Z', 'callback', a1n1(7), 'root_canal', '2025-03-27T14:00:00Z', null, [
      'kept',
      'practice_system',
    ]),
    visit('V7', '2025-02-28T15:05:00Z', 'call', a1n1(8), 'filling', '2025-03-06T15:00:00Z', true, [
      'kept',
      'staff',
    ]),
    visit('V8', '2025-03-18T16:00:00Z', 'staff', null, 'dental_checkup', '2025-03-19T14:00:00Z', false, [
      'no_show',
      'staff',
    ]),
    visit('V9', '2025-03-22T16:00:00Z', 'staff', null, 'dental_cleaning', '2025-03-24T14:00:00Z', true, [
      'cancelled',
      'change',
    ]),
    visit('V10', '2025-03-25T12:00:00Z', 'text', null, 'filling', '2025-03-26T14:00:00Z', false, [
      'kept',
      'staff',
    ]),
  ]);

  await db.insert(callbacks).values([
    {
      practiceId,
      callId: callId(3),
      createdAt: at('2025-03-08T16:30:00Z'),
      dueAt: at('2025-03-10T14:00:00Z'),
      status: 'done',
      closedAt: at('2025-03-10T13:00:00Z'),
    },
    {
      practiceId,
      callId: callId(7),
      createdAt: at('2025-03-20T16:05:00Z'),
      dueAt: at('2025-03-21T13:00:00Z'),
      status: 'done',
      closedAt: at('2025-03-21T15:00:00Z'),
    },
    {
      practiceId,
      callId: null,
      conversationId: thread!.id,
      createdAt: at('2025-03-25T13:00:00Z'),
      dueAt: at('2025-03-25T14:00:00Z'),
    },
    {
      practiceId,
      callId: callId(8),
      createdAt: at('2025-02-27T16:00:00Z'),
      dueAt: at('2025-02-28T14:00:00Z'),
    },
  ]);

  // The demo practice's rows in the same days: another practice's, never counted here.
  const demo = await firstPracticeId(t);
  await db.insert(calls).values({
    practiceId: demo,
    providerId: 'demo-an-call',
    status: 'ended',
    type: 'inboundPhoneCall',
    createdAt: at('2025-03-05T15:00:00Z'),
    cost: 9,
  });
  await db.insert(visits).values({
    practiceId: demo,
    appointmentRef: 'DEMO-V',
    bookedAt: at('2025-03-05T15:05:00Z'),
    source: 'call',
    providerCallId: 'demo-an-call',
    appointmentType: 'dental_cleaning',
    startsAt: at('2025-03-07T15:00:00Z'),
  });

  // A sub user with Analytics, assigned the second number only.
  const [user] = await db
    .insert(users)
    .values({
      practiceId,
      name: 'Analyst',
      email: 'analyst@analytics.example',
      username: 'analyst-an',
      passwordHash: await hashPassword('analyst-password-1'),
      role: 'sub',
    })
    .returning();
  await db.insert(userPermissions).values({ practiceId, userId: user!.id, canAnalytics: true });
  await db.insert(userPhoneNumbers).values({ practiceId, userId: user!.id, phoneNumberId: ids.n2 });
  analyst = await t.login('analyst@analytics.example', 'analyst-password-1');

  const put = await t.app.inject({
    method: 'PUT',
    url: '/api/analytics/values',
    headers: bearer(admin),
    payload: {
      values: [
        { appointmentType: 'dental_cleaning', value: 150 },
        { appointmentType: 'filling', value: 200 },
        { appointmentType: 'root_canal', value: 900 },
      ],
    },
  });
  expect(put.statusCode, put.body).toBe(200);
});
afterAll(() => t.close());

async function analytics(query: string, session = admin): Promise<Analytics> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/analytics?${query}`,
    headers: bearer(session),
  });
  return parseResponse(response, AnalyticsSchema);
}

describe('GET /api/analytics on a hand-computed month', () => {
  let a: Analytics;
  beforeAll(async () => {
    a = await analytics(RANGE);
  });

  it('counts the calls of the range in the practice time zone', () => {
    expect(a.range).toEqual({ from: '2025-03-01', to: '2025-03-31', timeZone: 'America/New_York' });
    expect(a.calls.total).toBe(9);
    expect(a.calls.answeredAfterHours).toBe(3);
    expect(a.calls.averageDurationSeconds).toBeCloseTo(455 / 8, 6);
    expect(a.calls.byDay).toHaveLength(31);
    expect(a.calls.byDay.filter((d) => d.count > 0)).toEqual([
      { date: '2025-03-03', count: 2 },
      { date: '2025-03-05', count: 1 },
      { date: '2025-03-08', count: 1 },
      { date: '2025-03-10', count: 1 },
      { date: '2025-03-12', count: 1 },
      { date: '2025-03-14', count: 1 },
      { date: '2025-03-20', count: 1 },
      { date: '2025-03-31', count: 1 },
    ]);
    const cells = a.calls.byHourOfWeek.flatMap((hours, dow) =>
      hours.flatMap((n, hour) => (n > 0 ? [[dow, hour, n]] : [])),
    );
    expect(cells).toEqual([
      [1, 9, 1],
      [1, 10, 1],
      [1, 20, 1],
      [1, 23, 1],
      [3, 14, 1],
      [3, 15, 1],
      [4, 12, 1],
      [5, 10, 1],
      [6, 11, 1],
    ]);
    expect(a.calls.endedReasons).toEqual([
      { reason: 'customer-ended-call', count: 6 },
      { reason: 'assistant-ended-call', count: 2 },
      { reason: 'silence-timed-out', count: 1 },
    ]);
  });

  it('counts bookings by source: a call, the Processor, a Callback, a text, a recall call, a reminder call, staff', () => {
    expect(a.bookings.total).toBe(9);
    expect(a.bookings.bySource).toEqual({
      call: 2,
      processor: 1,
      callback: 1,
      text: 1,
      recall: 1,
      outbound: 1,
      staff: 2,
    });
    expect(a.bookings.conversion).toBeCloseTo(6 / 9, 9);
    expect(a.bookings.conversionBySource.call).toBeCloseTo(2 / 9, 9);
    expect(a.bookings.conversionBySource.recall).toBeCloseTo(1 / 9, 9);
    expect(a.bookings.newPatients).toBe(3);
    expect(a.bookings.returningPatients).toBe(5);
  });

  it('counts what happened to those visits, by the receptionist against staff', () => {
    expect(a.outcomes).toEqual({
      kept: 3,
      noShow: 2,
      cancelled: 2,
      lateCancelled: 1,
      unresolved: 1,
      upcoming: 1,
      receptionist: { kept: 3, noShow: 1, cancelled: 1, lateCancelled: 1, unresolved: 1, upcoming: 1 },
      staff: { kept: 0, noShow: 1, cancelled: 1, lateCancelled: 0, unresolved: 0, upcoming: 0 },
    });
  });

  it('compares reminded visits (a call or text that reached them before the start) with the others', () => {
    expect(a.reminders.reminded).toBe(3);
    expect(a.reminders.notReminded).toBe(6);
    expect(a.reminders.confirmedRate).toBeCloseTo(1 / 3, 9);
    expect(a.reminders.noShowRateReminded).toBeCloseTo(1 / 2, 9);
    expect(a.reminders.noShowRateNotReminded).toBeCloseTo(1 / 3, 9);
  });

  it('counts callbacks opened in the range and those closed by their due time', () => {
    expect(a.callbacks).toEqual({ opened: 3, closed: 2, closedInTime: 1 });
  });

  it('says what the receptionist cost per call, per booked and per kept visit, and the estimated value', () => {
    expect(a.money.totalCost).toBeCloseTo(1.95, 9);
    expect(a.money.costPerCall).toBeCloseTo(1.95 / 9, 9);
    expect(a.money.costPerBookedVisit).toBeCloseTo(1.95 / 7, 9);
    expect(a.money.costPerKeptVisit).toBeCloseTo(1.95 / 3, 9);
    expect(a.money.estimatedValue).toBe(1550);
    expect(a.money.byAssistant).toEqual([
      {
        id: ids.a1,
        name: 'Front Desk AI',
        calls: 6,
        cost: expect.closeTo(1.2, 9),
        bookings: 5,
        kept: 2,
        costPerBookedVisit: expect.closeTo(1.2 / 5, 9),
        costPerKeptVisit: expect.closeTo(0.6, 9),
        estimatedValue: 1350,
      },
      {
        id: ids.a2,
        name: 'After Hours AI',
        calls: 3,
        cost: expect.closeTo(0.75, 9),
        bookings: 1,
        kept: 0,
        costPerBookedVisit: expect.closeTo(0.75, 9),
        costPerKeptVisit: null,
        estimatedValue: 0,
      },
    ]);
    expect(a.money.byNumber.map((row) => [row.name, row.calls, row.bookings, row.kept])).toEqual([
      ['Main line', 5, 5, 2],
      ['+12125550182', 3, 1, 0],
      ['No number', 1, 0, 0],
    ]);
  });

  it('agrees with its CSV export, one row per call with what it produced', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/analytics/export?${RANGE}`,
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = response.body.trim().split('\r\n');
    expect(header).toBe(
      'call_id,started,type,assistant,number,duration_seconds,ended_reason,cost_usd,bookings,booking_sources,' +
        'appointment_types,outcomes,estimated_value_usd',
    );
    expect(rows).toHaveLength(a.calls.total);
    const cells = rows.map((row) => row.split(','));
    expect(cells.map((c) => c[1])).toEqual([
      '2025-03-03 10:00',
      '2025-03-03 20:30',
      '2025-03-05 15:00',
      '2025-03-08 11:00',
      '2025-03-10 09:30',
      '2025-03-12 14:00',
      '2025-03-14 10:00',
      '2025-03-20 12:00',
      '2025-03-31 23:30',
    ]);
    expect(cells.map((c) => [c[8], c[9], c[11], c[12]])).toEqual([
      ['1', 'call', 'kept', '150'],
      ['1', 'call', 'no_show', ''],
      ['0', '', '', ''],
      ['0', '', '', ''],
      ['1', 'processor', 'cancelled', ''],
      ['1', 'outbound', 'open', '150'],
      ['1', 'recall', 'open', '150'],
      ['1', 'callback', 'kept', '900'],
      ['0', '', '', ''],
    ]);
    const bookings = cells.reduce((n, c) => n + Number(c[8]), 0);
    const sources = a.bookings.bySource;
    expect(bookings).toBe(
      sources.call + sources.processor + sources.callback + sources.recall + sources.outbound,
    );
    expect(cells.reduce((n, c) => n + Number(c[7] || 0), 0)).toBeCloseTo(a.money.totalCost, 9);
  });
});

describe('the per-call CSV export at its cap', () => {
  const practiceContext = () => ({
    id: practice.id,
    name: 'Analytics Dental',
    timeZone: 'America/New_York',
    status: 'active' as const,
  });
  const filter = { from: '2025-03-01', to: '2025-03-31' };

  it('holds a range of exactly the cap, and refuses one over it with a 400 asking for fewer dates', async () => {
    // The month has 9 calls; the cap lowered to 9, then 8, instead of writing 100,000 calls.
    const at = (cap: number) =>
      createAnalyticsService(createAnalyticsRepo(t.database.db), t.clock.now, { exportMaxRows: cap });
    const csv = await at(9).exportCsv(practiceContext(), null, filter);
    expect(csv.trim().split('\r\n')).toHaveLength(1 + 9);
    const refused = await at(8)
      .exportCsv(practiceContext(), null, filter)
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(400);
    expect((refused as AppError).message).toBe(
      'These dates have more than 8 calls, more than one download holds. Choose fewer dates and download each part.',
    );
  });
});

describe('a month at the edges: large values, the last instants of a minute, bookings on earlier calls', () => {
  /**
   * A practice of its own (New York; June 2025, EDT, UTC−4; Mon–Fri 09:00–17:00 open):
   *   e0  Fri May 30th 10:00   E2/M2  before the range; a callback books W0 on it on June 3rd (kept, $100,000)
   *   e1  Mon June 2nd 16:59:59.7  E1/M1  inbound, still open hours; books 215 visits kept at $100,000 each
   *   e2  Mon June 30th 23:59:59.6 E1/M1  inbound, after hours, the range's last day
   * 216 visits kept at $100,000: 2,160,000,000 cents, past int's 2,147,483,647.
   */
  let edge: Analytics;
  let e: { e1: string; e2: string; m1: string; m2: string };

  beforeAll(async () => {
    const other = await createOtherPractice(t, { name: 'Edge Dental', timeZone: 'America/New_York' });
    const session = await other.asAdmin();
    const db = t.database.db;
    const practiceId = other.id;
    const [e1, e2] = await db
      .insert(assistants)
      .values(
        ['Edge Day AI', 'Edge Callback AI'].map((name) => ({
          ...structuredClone(ASSISTANT_DEFAULTS),
          model: structuredClone(ASSISTANT_DEFAULTS.model),
          name,
          practiceId,
        })),
      )
      .returning();
    const [m1, m2] = await db
      .insert(phoneNumbers)
      .values([
        { practiceId, number: '+12125550281', name: 'Edge line', assistantId: e1!.id },
        { practiceId, number: '+12125550282', name: 'Callback line', assistantId: e2!.id },
      ])
      .returning();
    e = { e1: e1!.id, e2: e2!.id, m1: m1!.id, m2: m2!.id };
    const [provider] = await db
      .insert(providers)
      .values({ practiceId, name: 'Dr E', displayName: 'Dr. E', kind: 'dentist' })
      .returning();
    await db.insert(providerWorkingHours).values(
      [1, 2, 3, 4, 5].map((weekday) => ({
        practiceId,
        providerId: provider!.id,
        weekday,
        startMinute: 9 * 60,
        endMinute: 17 * 60,
      })),
    );
    const call = (providerId: string, createdAt: string, on: 'e1' | 'e2') => ({
      practiceId,
      providerId,
      status: 'ended',
      type: 'inboundPhoneCall',
      createdAt: at(createdAt),
      startedAt: at(createdAt),
      assistantId: on === 'e1' ? e.e1 : e.e2,
      phoneNumberId: on === 'e1' ? e.m1 : e.m2,
      cost: 0.5,
      durationSeconds: 60,
      endedReason: 'customer-ended-call',
    });
    const made = await db
      .insert(calls)
      .values([
        call('edge-0', '2025-05-30T14:00:00Z', 'e2'),
        call('edge-1', '2025-06-02T20:59:59.700Z', 'e1'),
        call('edge-2', '2025-07-01T03:59:59.600Z', 'e1'),
      ])
      .returning({ id: calls.id, providerId: calls.providerId });
    const callOf = (providerId: string) => made.find((c) => c.providerId === providerId)!.id;
    const kept = (
      ref: string,
      bookedAt: string,
      source: string,
      providerCallId: string,
      on: 'e1' | 'e2',
    ) => ({
      practiceId,
      appointmentRef: ref,
      bookedAt: at(bookedAt),
      source,
      providerCallId,
      callId: callOf(providerCallId),
      assistantId: on === 'e1' ? e.e1 : e.e2,
      phoneNumberId: on === 'e1' ? e.m1 : e.m2,
      appointmentType: 'root_canal',
      newPatient: false,
      startsAt: at('2025-06-20T14:00:00Z'),
      outcome: 'kept' as const,
      outcomeOrigin: 'staff' as const,
      decidedAt: at('2025-06-20T16:00:00Z'),
    });
    await db
      .insert(visits)
      .values([
        kept('W0', '2025-06-03T14:00:00Z', 'callback', 'edge-0', 'e2'),
        ...Array.from({ length: 215 }, (_, i) =>
          kept(`W${i + 1}`, '2025-06-02T21:00:00Z', 'call', 'edge-1', 'e1'),
        ),
      ]);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/analytics/values',
      headers: bearer(session),
      payload: { values: [{ appointmentType: 'root_canal', value: 100_000 }] },
    });
    expect(put.statusCode, put.body).toBe(200);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/analytics?from=2025-06-01&to=2025-06-30',
      headers: bearer(session),
    });
    expect(response.statusCode, response.body).toBe(200);
    // Held to its schema in the test of conversion below, so each test here says what it is about.
    edge = response.json<Analytics>();
  });

  it('sums values past 2^31 cents without failing: the estimated value in full', () => {
    expect(edge.money.estimatedValue).toBe(21_600_000);
    expect(edge.money.byAssistant.find((row) => row.id === e.e1)?.estimatedValue).toBe(21_500_000);
  });

  it("counts a call at 23:59:59.6 on the range's last day on that day", () => {
    expect(edge.calls.total).toBe(2);
    expect(edge.calls.byDay.reduce((n, d) => n + d.count, 0)).toBe(2);
    expect(edge.calls.byDay.find((d) => d.date === '2025-06-30')?.count).toBe(1);
    expect(edge.calls.byDay.find((d) => d.date === '2025-06-02')?.count).toBe(1);
  });

  it('counts a call at 16:59:59.7 as within opening hours that close at 17:00', () => {
    // Only the one at 23:59 is after hours.
    expect(edge.calls.answeredAfterHours).toBe(1);
    expect(edge.calls.byHourOfWeek[1]![16]).toBe(1);
    expect(edge.calls.byHourOfWeek[1]![23]).toBe(1);
  });

  it('lists an assistant and a number whose bookings came from calls before the range, with no calls', () => {
    expect(edge.bookings.total).toBe(216);
    expect(edge.money.byAssistant).toEqual([
      expect.objectContaining({ id: e.e1, name: 'Edge Day AI', calls: 2, bookings: 215, kept: 215 }),
      {
        id: e.e2,
        name: 'Edge Callback AI',
        calls: 0,
        cost: 0,
        bookings: 1,
        kept: 1,
        costPerBookedVisit: 0,
        costPerKeptVisit: 0,
        estimatedValue: 100_000,
      },
    ]);
    expect(edge.money.byNumber.map((row) => [row.name, row.calls, row.bookings])).toEqual([
      ['Edge line', 2, 215],
      ['Callback line', 0, 1],
    ]);
    const perRow = (rows: Analytics['money']['byAssistant']) => rows.reduce((n, row) => n + row.bookings, 0);
    expect(perRow(edge.money.byAssistant)).toBe(edge.bookings.total - edge.bookings.bySource.staff);
    expect(perRow(edge.money.byNumber)).toBe(edge.bookings.total - edge.bookings.bySource.staff);
  });

  it('says bookings per call above 1 when calls book several visits each, in an answer its schema accepts', () => {
    // 216 bookings from calls over 2 calls in the range.
    expect(edge.bookings.conversion).toBe(108);
    expect(edge.bookings.conversionBySource.call).toBe(107.5);
    expect(AnalyticsSchema.safeParse(edge).error).toBeUndefined();
  });
});

describe('filters, scope and practices', () => {
  it('counts only what came from calls on one assistant, or one number', async () => {
    const byAssistant = await analytics(`${RANGE}&assistantId=${ids.a2}`);
    expect(byAssistant.calls.total).toBe(3);
    expect(byAssistant.calls.answeredAfterHours).toBe(3);
    expect(byAssistant.bookings.bySource).toEqual({
      call: 1,
      processor: 0,
      callback: 0,
      text: 0,
      recall: 0,
      outbound: 0,
      staff: 0,
    });
    expect(byAssistant.outcomes.noShow).toBe(1);
    expect(byAssistant.callbacks).toEqual({ opened: 1, closed: 1, closedInTime: 1 });
    expect(byAssistant.money.totalCost).toBeCloseTo(0.75, 9);

    const byNumber = await analytics(`${RANGE}&phoneNumberId=${ids.n1}`);
    expect(byNumber.calls.total).toBe(5);
    expect(byNumber.bookings.total).toBe(5);
    expect(byNumber.bookings.bySource.staff).toBe(0);
    expect(byNumber.callbacks.opened).toBe(1);
    expect(byNumber.money.estimatedValue).toBe(1350);
  });

  it("gives a sub user with Analytics only the figures of their numbers' calls", async () => {
    const scoped = await analytics(RANGE, analyst);
    expect(scoped.calls.total).toBe(3);
    expect(scoped.bookings.total).toBe(1);
    expect(scoped.bookings.bySource.staff).toBe(0);
    expect(scoped.callbacks.opened).toBe(1);
    // Asking for another assistant's calls does not widen the scope.
    expect((await analytics(`${RANGE}&assistantId=${ids.a1}`, analyst)).calls.total).toBe(0);
  });

  it("never counts another practice's rows, and the other practice sees none of these", async () => {
    const demo = await analytics(RANGE, await t.asAdmin());
    expect(demo.calls.total).toBe(1);
    expect(demo.money.totalCost).toBe(9);
    expect(demo.bookings.total).toBe(1);
    expect(demo.money.byAssistant.map((row) => row.id)).not.toContain(ids.a1);
    expect(demo.money.estimatedValue).toBeNull();
  });

  it('answers 400 with a message for a range that is backwards, too long or not dates, and no 500', async () => {
    for (const [query, message] of [
      ['from=2025-03-31&to=2025-03-01', 'from must be on or before to.'],
      ['from=2023-01-01&to=2025-03-01', 'Ask for at most 731 days at a time.'],
      ['from=2025-02-30&to=2025-03-01', 'date must be a real date'],
      ['from=yesterday&to=2025-03-01', 'date must be YYYY-MM-DD'],
      ['to=2025-03-01', ''],
      [`${RANGE}&assistantId=nope`, 'assistantId must be an id.'],
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/analytics?${query}`,
        headers: bearer(admin),
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.body, query).toContain(message);
    }
  });
});

describe('Call Logs and Analytics count the same calls', () => {
  it("this month: the total equals Call Logs' month count, for an admin and for a sub user", async () => {
    const now = t.clock.now();
    const db = t.database.db;
    await db.insert(calls).values(
      [0, 1, 3 * 3600, 20 * 86400, 40 * 86400].map((secondsAgo, i) => ({
        practiceId: practice.id,
        providerId: `an-month-${i}`,
        status: 'ended',
        type: 'inboundPhoneCall',
        phoneNumberId: i % 2 ? ids.n2 : ids.n1,
        createdAt: new Date(now.getTime() - secondsAgo * 1000),
      })),
    );
    const local = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(now);
    const query = `from=${local.slice(0, 8)}01&to=${local}`;
    for (const session of [admin, analyst]) {
      const stats = await t.app.inject({
        method: 'GET',
        url: '/api/calls/stats?period=month',
        headers: bearer(session === analyst ? await subWithCallLogs() : session),
      });
      expect(stats.statusCode, stats.body).toBe(200);
      expect((await analytics(query, session)).calls.total).toBe(stats.json().total);
    }
  });
});

/** The analyst also gets Call Logs (on the same number), so Call Logs answers for the same scope. */
async function subWithCallLogs(): Promise<string> {
  await t.database.pool.query(
    `update user_permissions set can_call_logs = true where user_id = (select id from users where email = $1)`,
    ['analyst@analytics.example'],
  );
  return t.login('analyst@analytics.example', 'analyst-password-1');
}

describe('the value of each appointment type', () => {
  it('turns dollars into the cents that were typed, not those floating point lands on', () => {
    expect([1.005, 0.285, 80.456, 100_000, 99_999.99, 0].map(cents)).toEqual([
      101, 29, 8046, 10_000_000, 9_999_999, 0,
    ]);
  });

  it("lists every type with the practice's value, and keeps values to the cent", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/values',
      headers: bearer(admin),
    });
    const { values } = parseResponse(response, AppointmentValuesResponseSchema);
    expect(values).toHaveLength(10);
    expect(values.find((v) => v.appointmentType === 'dental_cleaning')?.value).toBe(150);
    expect(values.find((v) => v.appointmentType === 'dental_checkup')?.value).toBeNull();
    const demo = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/values',
      headers: bearer(await t.asAdmin()),
    });
    expect(parseResponse(demo, AppointmentValuesResponseSchema).values.every((v) => v.value === null)).toBe(
      true,
    );
  });

  it('refuses an unknown type or a negative value and changes nothing; null removes a value', async () => {
    for (const values of [
      [{ appointmentType: 'teleportation', value: 10 }],
      [{ appointmentType: 'filling', value: -1 }],
    ]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/analytics/values',
        headers: bearer(admin),
        payload: { values: [{ appointmentType: 'dental_checkup', value: 80 }, ...values] },
      });
      expect(response.statusCode).toBe(400);
    }
    const checkup = async () =>
      parseResponse(
        await t.app.inject({ method: 'GET', url: '/api/analytics/values', headers: bearer(admin) }),
        AppointmentValuesResponseSchema,
      ).values.find((v) => v.appointmentType === 'dental_checkup')?.value;
    expect(await checkup()).toBeNull();
    const set = async (value: number | null) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/analytics/values',
        headers: bearer(admin),
        payload: { values: [{ appointmentType: 'dental_checkup', value }] },
      });
    expect((await set(80.456)).statusCode).toBe(200);
    expect(await checkup()).toBe(80.46);
    // 1.005 * 100 is 100.49999999999999 in floating point: still the $1.01 that was meant.
    expect((await set(1.005)).statusCode).toBe(200);
    expect(await checkup()).toBe(1.01);
    expect((await set(null)).statusCode).toBe(200);
    expect(await checkup()).toBeNull();
  });
});
