import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  assistants,
  calls,
  outboundCalls,
  outboundSettings,
  phoneNumbers,
  sandboxOutboundPlacements,
} from '../../db/schema/index';
import { DEFAULT_OUTBOUND_SETTINGS } from '#shared/schemas/outbound-calls';
import { FIRST_AVAILABLE } from '../../integrations/practice-management/port';
import { patientWithVisit } from '../../test/patient-visit';
import { firstPracticeId } from '../../test/practice-number';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
/** The demo practice. */
let demoId: string;
let assistantId: string;
let phoneNumberId: string;

/** A calling window around the practice's "now" (the demo practice), whatever the hour the test runs. */
const ALWAYS = { start: '00:00', end: '23:59' };

beforeAll(async () => {
  t = await createTestApp({ outbound: { retryDelayMs: 0, sandboxCallMs: 200, placementGraceMs: 0 } });
  demoId = await firstPracticeId(t);
  const [assistant] = await t.database.db.select().from(assistants).where(eq(assistants.practiceId, demoId));
  const [number] = await t.database.db
    .select()
    .from(phoneNumbers)
    .where(eq(phoneNumbers.practiceId, demoId))
    .orderBy(phoneNumbers.createdAt);
  assistantId = assistant!.id;
  phoneNumberId = number!.id;
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.database.db.delete(outboundCalls);
  await t.database.db.delete(sandboxOutboundPlacements);
  await saveSettings({ callingWindow: ALWAYS });
});

async function saveSettings(change: Partial<typeof DEFAULT_OUTBOUND_SETTINGS>) {
  const settings = { ...DEFAULT_OUTBOUND_SETTINGS, ...change };
  await t.database.db
    .insert(outboundSettings)
    .values({ practiceId: demoId, settings })
    .onConflictDoUpdate({ target: outboundSettings.practiceId, set: { settings } });
}

async function queue(numbers: string[]) {
  return t.database.db
    .insert(outboundCalls)
    .values(
      numbers.map((phoneNumber, i) => ({
        practiceId: demoId,
        patientId: `p${i}`,
        patientName: `Patient ${i}`,
        phoneNumber,
        callType: 'reminder' as const,
        assistantId,
        phoneNumberId,
        appointment: { date: '2030-01-07', time: '09:00', provider: 'Dr. Smith', type: 'Cleaning' },
      })),
    )
    .returning();
}

const placements = async () =>
  (await t.database.db.select({ n: count() }).from(sandboxOutboundPlacements))[0]!.n;
const rows = () => t.database.db.select().from(outboundCalls).orderBy(outboundCalls.patientId);

/** Marks a queued call as a dispatcher killed after its claim leaves it: `calling`, no platform id stored. */
async function claimedUnplaced(id: string): Promise<string> {
  const key = `${id}:1`;
  await t.database.db
    .update(outboundCalls)
    .set({ status: 'calling', attempts: 1, placementKey: key, placedAt: new Date(Date.now() - 1000) })
    .where(eq(outboundCalls.id, id));
  return key;
}

/** Runs the dispatcher until every call is settled (the sandbox's events arrive by themselves). */
async function dispatchUntilSettled(timeoutMs = 20_000) {
  const stopAt = Date.now() + timeoutMs;
  let highest = 0;
  for (;;) {
    const result = await t.modules.outboundCalls.dispatcher.run(2_000);
    highest = Math.max(highest, result.highestInFlight);
    const open = (await rows()).filter((r) => r.status === 'pending' || r.status === 'calling');
    if (open.length === 0) return highest;
    if (Date.now() > stopAt) throw new Error(`still open: ${open.map((r) => r.status).join(',')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the outbound dispatcher with the sandbox voice', () => {
  it('places each call once, never more in flight than the maximum, and completes answered calls', async () => {
    await saveSettings({ callingWindow: ALWAYS, maxConcurrentCalls: 2 });
    await queue(['+12125550101', '+12125550102', '+12125550103', '+12125550104', '+12125550105']);
    const highest = await dispatchUntilSettled();
    expect(highest).toBeLessThanOrEqual(2);
    expect(highest).toBeGreaterThan(0);
    const settled = await rows();
    expect(settled.map((r) => r.status)).toEqual(Array(5).fill('completed'));
    expect(settled.every((r) => r.vapiCallId && r.attempts === 1)).toBe(true);
    expect(await placements()).toBe(5);
    // The events went through the calls ingest: each call is in the call log.
    const logged = await t.database.db
      .select({ n: count() })
      .from(calls)
      .where(eq(calls.providerId, settled[0]!.vapiCallId!));
    expect(logged[0]!.n).toBe(1);
  });

  it('logs a placed call in Call Logs with the assistant and number it was placed with', async () => {
    // An assistant that lives only here (the sandbox) and a number whose inbound assistant is another one.
    const [reminders] = await t.database.db
      .select()
      .from(assistants)
      .where(eq(assistants.name, 'Recall & Reminders'));
    const [mainLine] = await t.database.db
      .select()
      .from(phoneNumbers)
      .where(eq(phoneNumbers.name, 'Main Line'));
    expect(mainLine!.assistantId).not.toBe(reminders!.id);
    await t.database.db.insert(outboundCalls).values({
      practiceId: mainLine!.practiceId,
      patientId: 'p-logged',
      patientName: 'Logged Patient',
      phoneNumber: '+12125550106',
      callType: 'confirmation',
      assistantId: reminders!.id,
      phoneNumberId: mainLine!.id,
    });
    const admin = await t.asAdmin();
    const logged = async () => {
      const [row] = await rows();
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/calls/${row!.vapiCallId}`,
        headers: bearer(admin),
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { call: unknown }).call as {
        status: string;
        type: string;
        assistant: { id: string | null; name: string | null };
        phoneNumber: { id: string | null; number: string | null };
        customer: { name: string | null; number: string | null };
      };
    };
    expect((await t.modules.outboundCalls.dispatcher.run(1_000)).placed).toBe(1);
    // At once, before the platform reports anything.
    expect(await logged()).toMatchObject({
      type: 'outboundPhoneCall',
      assistant: { id: reminders!.id, name: 'Recall & Reminders' },
      phoneNumber: { id: mainLine!.id, number: mainLine!.number },
      customer: { name: 'Logged Patient', number: '+12125550106' },
    });
    await dispatchUntilSettled();
    // The reports fill the rest and keep the assistant and number.
    expect(await logged()).toMatchObject({
      status: 'ended',
      assistant: { id: reminders!.id, name: 'Recall & Reminders' },
      phoneNumber: { id: mainLine!.id, number: mainLine!.number },
    });
  });

  it('retries busy and unanswered calls twice, then fails them with the reason', async () => {
    await queue(['+12125550109', '+12125550100']);
    await dispatchUntilSettled();
    const [busy, noAnswer] = await rows();
    expect(busy).toMatchObject({ status: 'failed', attempts: 3, lastError: 'customer-busy' });
    expect(noAnswer).toMatchObject({ status: 'failed', attempts: 3, lastError: 'customer-did-not-answer' });
    expect(await placements()).toBe(6);
  });

  it('outside the calling window places nothing and says until when', async () => {
    const wall = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/New_York',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(t.clock.now());
    // A one-minute window that is not now: 1 hour from now (or earlier in the day).
    const [h] = wall.split(':').map(Number) as [number];
    const start = `${String((h + 2) % 24).padStart(2, '0')}:00`;
    const end = `${String((h + 2) % 24).padStart(2, '0')}:30`;
    await saveSettings({ callingWindow: { start, end } });
    await queue(['+12125550101']);
    const result = await t.modules.outboundCalls.dispatcher.run(1_000);
    expect(result.placed).toBe(0);
    const [waiting] = await rows();
    expect(waiting!.status).toBe('pending');
    expect(waiting!.notBefore!.getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect(await placements()).toBe(0);
  });

  it('widening the calling window releases the calls that waited for the old start', async () => {
    const [{ time_zone: timeZone }] = (
      await t.database.pool.query<{ time_zone: string }>('select time_zone from practices where id = $1', [
        demoId,
      ])
    ).rows as [{ time_zone: string }];
    const hour = Number(
      new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(t.clock.now()),
    );
    // A window that is not open now: the next hour (or just after midnight late in the evening).
    const later = hour <= 21 ? hour + 1 : 0;
    const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
    await saveSettings({ callingWindow: { start: hh(later), end: hh(later + 1) } });
    await queue(['+12125550104']);
    expect((await t.modules.outboundCalls.dispatcher.run(1_000)).placed).toBe(0);
    const [waiting] = await rows();
    expect(waiting!.notBefore!.getTime()).toBeGreaterThan(t.clock.now().getTime());

    const admin = await t.asAdmin();
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/outbound-settings',
      headers: bearer(admin),
      payload: { callingWindow: ALWAYS },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [released] = await rows();
    expect(released!.notBefore).toBeNull();
    expect((await t.modules.outboundCalls.dispatcher.run(1_000)).placed).toBe(1);
    expect(await placements()).toBe(1);
  });

  it('reads the appointment again before calling: a cancelled one is not called about, a moved one with its new time', async () => {
    const schedule = t.modules.schedule.service;
    const practice = (await schedule.practice(demoId))!;
    const s = await schedule.forPractice(practice);
    // Two patients of the test's own (numbers no demo patient has), each with a visit booked by staff at a
    // free time the API lists: upcoming, neither confirmed nor cancelled, whatever the demo seed holds.
    const admin = await t.asAdmin();
    const visits = [
      await patientWithVisit(t, admin, { name: 'Gale Norrington', phone: '+12125550741' }),
      await patientWithVisit(t, admin, { name: 'Merritt Ashby', phone: '+12125550742' }),
    ];
    const [gone, moving] = await Promise.all(visits.map((v) => schedule.appointment(s, v.id)));
    expect(gone).toMatchObject({ cancelled: false, confirmed: false });
    expect(moving).toMatchObject({ cancelled: false, confirmed: false });
    const copy = { date: '2030-01-07', time: '09:00', provider: 'Dr. Smith', type: 'Cleaning' };
    const [cancelledRow, movedRow] = await t.database.db
      .insert(outboundCalls)
      .values(
        visits.map((v) => ({
          practiceId: demoId,
          patientId: v.row.patientId,
          patientName: v.name,
          phoneNumber: v.phone,
          callType: 'confirmation' as const,
          assistantId,
          phoneNumberId,
          appointment: copy,
          appointmentRef: v.id,
        })),
      )
      .returning();
    // After the calls were queued: one visit is cancelled, the other moved to a free time another day.
    await schedule.cancel(s, gone!, { channel: 'staff' });
    let moved;
    for (let day = 1; !moved && day <= 28; day++) {
      const date = new Date(Date.parse(moving!.wallStart.slice(0, 10)) + day * 86_400_000)
        .toISOString()
        .slice(0, 10);
      for (const slot of await s.pms.openSlots({ date, providerId: FIRST_AVAILABLE })) {
        moved = await schedule
          .reschedule(
            s,
            moving!,
            { startTime: slot.startTime, providerId: slot.providerId },
            { channel: 'staff' },
          )
          .catch(() => undefined);
        if (moved) break;
      }
    }
    expect(moved, 'a free time to move to').toBeDefined();

    await dispatchUntilSettled();
    const byId = new Map((await rows()).map((r) => [r.id, r]));
    expect(byId.get(cancelledRow!.id)).toMatchObject({
      status: 'failed',
      vapiCallId: null,
      lastError: 'The appointment was cancelled before the call.',
    });
    const placed = await t.database.db.select().from(sandboxOutboundPlacements);
    expect(placed).toHaveLength(1);
    const told = {
      appointmentDate: moved!.wallStart.slice(0, 10),
      appointmentTime: moved!.wallStart.slice(11, 16),
    };
    expect(placed[0]!.request.variables).toMatchObject(told);
    expect(byId.get(movedRow!.id)).toMatchObject({
      status: 'completed',
      appointment: { date: told.appointmentDate, time: told.appointmentTime },
    });
  });

  it('places again under the same key a call a crash left claimed but unplaced: still one placement', async () => {
    const [row] = await queue(['+12125550103']);
    // As a dispatcher killed between its claim and the port leaves it.
    await claimedUnplaced(row!.id);
    const placed = await t.modules.outboundCalls.dispatcher.run(1_000);
    expect(placed.placed).toBe(0);
    await dispatchUntilSettled();
    const [done] = await rows();
    expect(done).toMatchObject({ status: 'completed', attempts: 1 });
    expect(await placements()).toBe(1);
  });

  it('settles a call whose report came before its id was stored (a restart played it first)', async () => {
    const [row] = await queue(['+12125550104']);
    // A dispatcher killed after the port placed the call, before it stored the call's id; the next start
    // plays the placement, and its report arrives before the repair places the key again.
    const key = await claimedUnplaced(row!.id);
    const callId = randomUUID();
    await t.database.db.insert(sandboxOutboundPlacements).values({
      practiceId: demoId,
      placementKey: key,
      callId,
      request: { assistantId, phoneNumberId, number: row!.phoneNumber },
    });
    const call = { id: callId, type: 'outboundPhoneCall', customer: { number: row!.phoneNumber } };
    await t.modules.calls.service.ingest({
      type: 'end-of-call-report',
      endedReason: 'customer-ended-call',
      call,
      startedAt: new Date(Date.now() - 60_000).toISOString(),
      endedAt: new Date().toISOString(),
    });
    expect((await rows())[0]!.status, 'the report found no call to settle').toBe('calling');

    await t.modules.outboundCalls.dispatcher.run(1_000);
    expect((await rows())[0]).toMatchObject({ status: 'completed', vapiCallId: callId, attempts: 1 });
    expect(await placements()).toBe(1);
  });
});
