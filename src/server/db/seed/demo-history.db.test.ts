import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalyticsSchema, type Analytics } from '#shared/schemas/analytics';
import { ConversationListResponseSchema, SendMessageResponseSchema } from '#shared/schemas/messaging';
import { wallFromInstant } from '../../lib/wall-time';
import { parseResponse } from '../../test/parse-response';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { DEMO_ADMIN, seedDemoPractice } from './demo-practice';

/**
 * The demo's six months of history (issue 25): what the Analytics screen shows a visitor. Seeded as `npm start`
 * seeds it, relative to the test clock; the same every time.
 */

let t: TestApp;
let other: TestApp;
let a: Analytics;
const DAY_MS = 24 * 3600_000;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  other = await createTestApp({ seed: false });
  await seedDemoPractice(t.database.db, t.clock.now(), { history: true });
  const today = wallFromInstant(t.clock.now(), 'America/New_York').slice(0, 10);
  const from = wallFromInstant(new Date(t.clock.now().getTime() - 183 * DAY_MS), 'America/New_York').slice(
    0,
    10,
  );
  const session = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  a = parseResponse(
    await t.app.inject({
      method: 'GET',
      url: `/api/analytics?from=${from}&to=${today}`,
      headers: bearer(session),
    }),
    AnalyticsSchema,
  );
});
afterAll(async () => {
  await t.close();
  await other.close();
});

const fingerprint = async (app: TestApp) =>
  (
    await app.database.pool.query(`
      select (select count(*) from calls) as calls, (select round(sum(cost)::numeric, 4) from calls) as cost,
             (select count(*) from appointment_changes) as changes,
             (select string_agg(source || coalesce(outcome, '') || late::text, ',' order by booked_at, appointment_ref) from visits) as visits,
             (select count(*) from outbound_calls) as placed, (select count(*) from messages) as texts,
             (select count(*) from callbacks) as callbacks, (select count(*) from patients) as patients`)
  ).rows[0];

describe('the demo history', () => {
  it('holds every figure of the Analytics screen', () => {
    expect(a.calls.total).toBeGreaterThan(1000);
    expect(a.calls.answeredAfterHours).toBeGreaterThan(100);
    const { bySource } = a.bookings;
    for (const source of ['call', 'processor', 'callback', 'outbound', 'staff'] as const)
      expect(bySource[source], source).toBeGreaterThan(0);
    expect(a.bookings.newPatients).toBeGreaterThan(0);
    expect(a.bookings.returningPatients).toBeGreaterThan(0);
    const { receptionist, staff } = a.outcomes;
    for (const counts of [receptionist, staff]) {
      expect(counts.kept).toBeGreaterThan(counts.noShow);
      expect(counts.noShow).toBeGreaterThan(0);
      expect(counts.cancelled).toBeGreaterThan(counts.lateCancelled);
    }
    expect(a.outcomes.lateCancelled).toBeGreaterThan(0);
    expect(a.outcomes.unresolved).toBeGreaterThan(0);
    expect(a.outcomes.upcoming).toBeGreaterThan(0);
    expect(a.reminders.reminded).toBeGreaterThan(0);
    expect(a.reminders.confirmedRate).toBeGreaterThan(0);
    expect(a.reminders.noShowRateReminded!).toBeLessThan(a.reminders.noShowRateNotReminded!);
    expect(a.callbacks.closedInTime).toBeGreaterThan(0);
    expect(a.callbacks.closed).toBeGreaterThan(a.callbacks.closedInTime);
    expect(a.money.costPerKeptVisit!).toBeGreaterThan(a.money.costPerBookedVisit!);
    expect(a.money.estimatedValue).toBeGreaterThan(0);
    expect(a.money.byAssistant.length).toBeGreaterThanOrEqual(3);
  });

  it('leaves the Appointment Processor nothing of the history to process, and no visit double-booked', async () => {
    // The history's calls are the ones whose platform id is their own id.
    const pending = await t.database.pool.query(
      `select count(*)::int as n from calls c left join call_processing p on p.call_id = c.id
       where c.provider_id = c.id::text and c.status = 'ended' and p.call_id is null`,
    );
    expect(pending.rows[0].n).toBe(0);
    // The exclusion constraints would have refused the seed; the visits also stay in working hours.
    const outside = await t.database.pool.query(
      `select count(*)::int as n from appointments a join practices p on p.id = a.practice_id
       where p.name = 'Bright Smile Dental' and extract(dow from a.starts_at at time zone p.time_zone) in (0, 6)`,
    );
    expect(outside.rows[0].n).toBe(0);
  });

  it('leaves the callback inbox no task to open from its calls (they have theirs, or asked nothing)', async () => {
    const tasks = async () =>
      (
        await t.database.pool.query(
          `select count(*)::int as n from callbacks b join calls c on c.id = b.call_id where c.provider_id = c.id::text`,
        )
      ).rows[0].n;
    const before = await tasks();
    const session = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    // Listing the inbox catches up on ended calls without a task first (the callbacks service's sync).
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/callbacks?status=open',
      headers: bearer(session),
    });
    expect(listed.statusCode).toBe(200);
    expect(await tasks()).toBe(before);
  });

  it('comes out the same every time', async () => {
    await seedDemoPractice(other.database.db, t.clock.now(), { history: true });
    expect(await fingerprint(other)).toEqual(await fingerprint(t));
  });

  it('texts at once, from the number the history texted from', async () => {
    const session = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const [thread] = parseResponse(
      await t.app.inject({ method: 'GET', url: '/api/conversations', headers: bearer(session) }),
      ConversationListResponseSchema,
    ).conversations;
    const sent = parseResponse(
      await t.app.inject({
        method: 'POST',
        url: `/api/conversations/${thread!.id}/messages`,
        headers: bearer(session),
        payload: { body: 'We have a cancellation tomorrow at 9 if that suits you.' },
      }),
      SendMessageResponseSchema,
      201,
    );
    const history = await t.database.pool.query(
      `select distinct from_number from messages where direction = 'outbound' and id <> $1`,
      [sent.message.id],
    );
    expect(history.rows).toEqual([{ from_number: expect.any(String) }]);
    const own = await t.database.pool.query(`select from_number from messages where id = $1`, [
      sent.message.id,
    ]);
    expect(own.rows[0].from_number).toBe(history.rows[0].from_number);
  });
});
