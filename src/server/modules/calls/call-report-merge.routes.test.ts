import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallResponseSchema, CallStatsSchema } from '#shared/schemas/calls';
import { calls } from '../../db/schema/index';
import { parseResponse } from '../../test/parse-response';
import { firstPracticeId } from '../../test/practice-number';
import { bearer, createTestApp, platformWebhook, type TestApp } from '../../test/test-app';
import { holdSampleNumbers } from '../../test/sample-numbers';

const SAMPLES = path.resolve('fixtures/vendor-samples/vapi/server-messages');
type Message = Record<string, unknown>;
const sample = (type: string, file: string) =>
  (JSON.parse(readFileSync(path.join(SAMPLES, type, file), 'utf8')) as { message: Message }).message;

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  await holdSampleNumbers(t);
  admin = await t.asAdmin();
});
afterAll(() => t.close());

const deliver = (message: Message) => platformWebhook(t.app, { message });
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(admin) });
const withId = (message: Message, id: string): Message => ({
  ...message,
  call: { ...(message.call as object), id },
});

/**
 * One call's messages in the order the platform sends them: the web call's in-progress update (1 message
 * so far), two `status-update: ended` samples (one bare, one with another ended reason and an earlier
 * timestamp) and its end-of-call-report (6 messages, the true ended reason).
 */
const NATURAL: Message[] = [
  sample('status-update', '01-real-2025-06-finzie-in-progress-webcall.json'),
  sample('status-update', '02-real-2025-01-tony-ended-assistant-request-invalid.json'),
  sample('status-update', '03-doc-2026-events-ended.json'),
  sample('end-of-call-report', '02-real-2025-06-finzie-webcall.json'),
];

let serial = 0;
const freshId = () => `aaaaaaaa-0000-4000-8000-${String(++serial).padStart(12, '0')}`;

/** The stored row and the API's call, without what differs between two calls (id, update time). */
async function deliverInOrder(order: number[], upperCase: boolean[] = []) {
  const id = freshId();
  for (const [n, index] of order.entries()) {
    const response = await deliver(withId(NATURAL[index]!, upperCase[n] ? id.toUpperCase() : id));
    expect(response.statusCode, response.body).toBe(200);
  }
  const rows = await t.database.db.select().from(calls).where(eq(calls.id, id));
  expect(rows).toHaveLength(1);
  const { id: _id, providerId, updatedAt: _u, ...stored } = rows[0]!;
  expect(providerId).toBe(id);
  const { call } = parseResponse(await get(`/api/calls/${id}`), CallResponseSchema);
  const { id: _callId, updatedAt: _callUpdated, ...view } = call;
  return { stored, view };
}

const permutations = (items: number[]): number[][] =>
  items.length <= 1
    ? [items]
    : items.flatMap((item, i) =>
        permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
      );

describe('a call whose messages arrive out of order', () => {
  let natural: Awaited<ReturnType<typeof deliverInOrder>>;
  beforeAll(async () => {
    natural = await deliverInOrder(NATURAL.map((_, i) => i));
  });

  it('in the natural order holds the full report', () => {
    expect(natural.stored).toMatchObject({
      status: 'ended',
      type: 'webCall',
      endedReason: 'customer-ended-call',
      durationSeconds: 25.276,
      cost: 0.0394,
      createdAt: new Date('2025-06-10T09:06:55.710Z'),
    });
    expect(natural.stored.messages).toHaveLength(6);
    expect(natural.view.messages).toHaveLength(6);
  });

  it('keeps the end-of-call-report when a late in-progress update follows it', async () => {
    const late = await deliverInOrder([3, 0]);
    expect(late.stored.messages).toHaveLength(6);
    expect(late.stored.status).toBe('ended');
  });

  it('stores the same call in every order of its messages', async () => {
    for (const order of permutations(NATURAL.map((_, i) => i))) {
      const got = await deliverInOrder(order);
      expect(got.stored, order.join()).toEqual(natural.stored);
      expect(got.view, order.join()).toEqual(natural.view);
    }
  });

  it('stores the same call whatever the order, repeats and letter case of the id', async () => {
    const all = NATURAL.map((_, i) => i);
    const orders = fc
      .array(fc.constantFrom(...all), { maxLength: 4 })
      .chain((extra) => fc.shuffledSubarray([...all, ...extra], { minLength: all.length + extra.length }))
      .chain((order) =>
        fc.tuple(
          fc.constant(order),
          fc.array(fc.boolean(), { minLength: order.length, maxLength: order.length }),
        ),
      );
    await fc.assert(
      fc.asyncProperty(orders, async ([order, upperCase]) => {
        const got = await deliverInOrder(order, upperCase);
        expect(got.stored).toEqual(natural.stored);
        expect(got.view).toEqual(natural.view);
      }),
      { numRuns: 30 },
    );
  });
});

describe('the call id', () => {
  it('is the same call in any letter case', async () => {
    const id = 'bbbbbbbb-0000-4000-8000-00000000abcd';
    const report = sample('end-of-call-report', '02-real-2025-06-finzie-webcall.json');
    expect((await deliver(withId(report, id))).statusCode).toBe(200);
    const upper = await deliver(withId(report, id.toUpperCase()));
    expect(upper.statusCode, upper.body).toBe(200);
    const rows = await t.database.db.select().from(calls).where(eq(calls.id, id));
    expect(rows.map((r) => r.providerId)).toEqual([id]);
    expect((await get(`/api/calls/${id.toUpperCase()}`)).statusCode).toBe(200);
  });

  it('is refused, not cut, when longer than 200 characters, and nothing is stored', async () => {
    const long = `c${'x'.repeat(200)}`;
    const before = await t.database.db.$count(calls);
    const response = await deliver(
      withId(sample('end-of-call-report', '02-real-2025-06-finzie-webcall.json'), long),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { 'message.call.id': expect.any(String) } });
    expect(await t.database.db.$count(calls)).toBe(before);
    expect(
      (await deliver(withId(sample('status-update', '03-doc-2026-events-ended.json'), long.slice(0, 200))))
        .statusCode,
    ).toBe(200);
  });
});

describe('durations and costs', () => {
  const report = (id: string, overrides: Message) => ({
    ...withId(sample('end-of-call-report', '02-real-2025-06-finzie-webcall.json'), id),
    ...overrides,
  });

  it('ignores an implausible duration or cost and keeps the rest of the report', async () => {
    const noOtherDuration = { durationMs: undefined, startedAt: undefined, endedAt: undefined };
    const cases: [Message, { durationSeconds: number | null; cost: number | null }][] = [
      [
        { durationSeconds: 1e308, ...noOtherDuration },
        { durationSeconds: null, cost: 0.0394 },
      ],
      [
        { durationSeconds: -3, ...noOtherDuration },
        { durationSeconds: null, cost: 0.0394 },
      ],
      [
        { durationSeconds: 86_401, ...noOtherDuration },
        { durationSeconds: null, cost: 0.0394 },
      ],
      [
        { durationSeconds: 86_400, ...noOtherDuration },
        { durationSeconds: 86_400, cost: 0.0394 },
      ],
      [{ cost: 1e308 }, { durationSeconds: 25.276, cost: null }],
      [{ cost: -0.01 }, { durationSeconds: 25.276, cost: null }],
      [{ cost: 1000.01 }, { durationSeconds: 25.276, cost: null }],
    ];
    for (const [overrides, expected] of cases) {
      const id = freshId();
      const response = await deliver(report(id, overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(200);
      const [row] = await t.database.db.select().from(calls).where(eq(calls.id, id));
      expect(row, JSON.stringify(overrides)).toMatchObject({ ...expected, status: 'ended' });
      expect(row!.messages).toHaveLength(6);
    }
  });

  it('keeps the stats answering after reports with huge durations and costs', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await deliver(
        report(freshId(), { durationSeconds: 1e308, durationMs: 1e308, cost: 1e308 }),
      );
      expect(response.statusCode).toBe(200);
    }
    const stats = parseResponse(await get('/api/calls/stats'), CallStatsSchema);
    expect(Number.isFinite(stats.totalDurationSeconds)).toBe(true);
    expect(Number.isFinite(stats.totalCost)).toBe(true);
  });

  it('are bounded in the table too, whoever writes', async () => {
    const id = freshId();
    await deliver(report(id, {}));
    for (const set of [sql`duration_seconds = 1e308`, sql`cost = -1`, sql`duration_seconds = 'NaN'`]) {
      await expect(t.database.db.execute(sql`update calls set ${set} where id = ${id}`)).rejects.toThrow();
    }
  });
});

describe('calls stored before ADR 039', () => {
  const statements = (file: string) =>
    readFileSync(path.resolve('drizzle', file), 'utf8')
      .split('--> statement-breakpoint')
      .map((statement) => statement.trim())
      .filter(Boolean);

  it('are normalised by the migrations, then merged like any other', async () => {
    const db = t.database.db;
    const id = 'cccccccc-0000-4000-8000-00000000abcd';
    const conversation = [{ timestamp: 1, type: 'user', content: 'Hello' }];
    await db.execute(sql`alter table calls drop constraint calls_duration_plausible`);
    await db.execute(sql`alter table calls drop constraint calls_cost_plausible`);
    await db.insert(calls).values({
      practiceId: await firstPracticeId(t),
      id,
      providerId: id.toUpperCase(),
      status: 'ended',
      type: 'webCall',
      durationSeconds: 1e308,
      cost: Number.NaN,
      endedReason: 'customer-ended-call',
      messages: [...conversation, ...conversation],
      fieldPrecedence: null,
    });
    for (const statement of statements('0011_calls-lower-case-ids-plausible-values.sql'))
      await db.execute(sql.raw(statement));
    for (const statement of statements('0012_call-report-merge-constraints.sql').filter((s) =>
      s.includes('ADD CONSTRAINT'),
    ))
      await db.execute(sql.raw(statement));

    const [migrated] = await db.select().from(calls).where(eq(calls.id, id));
    expect(migrated).toMatchObject({ providerId: id, durationSeconds: null, cost: null });
    const late = await deliver(withId(NATURAL[0]!, id.toUpperCase()));
    expect(late.statusCode, late.body).toBe(200);
    const [row] = await db.select().from(calls).where(eq(calls.id, id));
    expect(row).toMatchObject({ status: 'ended', endedReason: 'customer-ended-call' });
    // The old row's status stands for each of its columns: the late in-progress update replaces none.
    expect(row!.messages).toHaveLength(2);
    expect(row!.createdAt).toEqual(migrated!.createdAt);
  });
});
