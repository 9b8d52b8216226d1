import { and, eq, gte, lt } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatVisitDay, formatVisitTime } from '#shared/visit-time';
import {
  DEFAULT_OUTBOUND_SETTINGS,
  type CallTypeSettings,
  type OutboundSettings,
} from '#shared/schemas/outbound-calls';
import {
  appointments,
  assistants,
  outboundCalls,
  outboundSettings,
  patients,
  phoneNumbers,
} from '../../db/schema/index';
import { toE164 } from '../../lib/phone';
import { addMinutesToWall, dayRange, instantFromWall, wallFromInstant } from '../../lib/wall-time';
import { createFakeTextQueue, type FakeTextQueue } from '../../test/fake-text-queue';
import { firstPracticeId } from '../../test/practice-number';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCampaigns } from './campaigns';
import { createOutboundCallsRepo } from './outbound-calls.repo';

/**
 * The campaigns by channel (issue 23) against the demo practice's schedule, with an in-memory TextQueue: `sms`
 * texts instead of calling and needs no assistant or number; `sms_then_call` calls only the patients who did
 * not answer their text within the hours, once.
 */

const TZ = 'America/New_York';
let t: TestApp;
let demoId: string;
let choice: { assistantId: string; phoneNumberId: string };
/** The campaigns' clock: 10:00 today in the practice (inside the window), moved by the tests. */
let at: Date;
let texts: FakeTextQueue;
let campaigns: ReturnType<typeof createCampaigns>;
let woken: string[];

beforeAll(async () => {
  t = await createTestApp();
  demoId = await firstPracticeId(t);
  const [assistant] = await t.database.db.select().from(assistants).where(eq(assistants.practiceId, demoId));
  const [number] = await t.database.db
    .select()
    .from(phoneNumbers)
    .where(eq(phoneNumbers.practiceId, demoId))
    .orderBy(phoneNumbers.createdAt);
  choice = { assistantId: assistant!.id, phoneNumberId: number!.id };
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.database.db.delete(outboundCalls);
  await t.database.db
    .update(appointments)
    .set({ status: 'pending' })
    .where(eq(appointments.status, 'confirmed'));
  const today = wallFromInstant(t.clock.now(), TZ).slice(0, 10);
  at = instantFromWall(`${today}T10:00:00`, TZ);
  texts = createFakeTextQueue(() => at);
  woken = [];
  campaigns = createCampaigns({
    repo: createOutboundCallsRepo(t.database.db),
    schedule: (practice) => t.modules.schedule.service.forPractice(practice),
    texts,
    // Recall is off in the demo's settings; its campaign has tests of its own (recall.db.test.ts).
    recall: async () => 0,
    wake: async (practiceId) => {
      woken.push(practiceId);
    },
    now: () => at,
  });
});

const later = (hours: number) => {
  at = new Date(at.getTime() + hours * 3600_000);
};

async function save(reminder: Partial<CallTypeSettings>) {
  const value: OutboundSettings = {
    ...DEFAULT_OUTBOUND_SETTINGS,
    callingWindow: { start: '08:00', end: '20:00' },
    callTypes: {
      ...DEFAULT_OUTBOUND_SETTINGS.callTypes,
      reminder: { ...DEFAULT_OUTBOUND_SETTINGS.callTypes.reminder, ...reminder },
      confirmation: { ...DEFAULT_OUTBOUND_SETTINGS.callTypes.confirmation, automatic: false },
    },
  };
  await t.database.db
    .insert(outboundSettings)
    .values({ practiceId: demoId, settings: value })
    .onConflictDoUpdate({ target: outboundSettings.practiceId, set: { settings: value } });
}

/** The demo practice's open appointments (with a number) on the day `days` ahead of the campaigns' today. */
async function openIn(days: number) {
  const today = wallFromInstant(at, TZ).slice(0, 10);
  const date = addMinutesToWall(`${today}T00:00:00`, days * 24 * 60).slice(0, 10);
  const { start, end } = dayRange(date, TZ);
  const rows = await t.database.db
    .select({
      appointment: appointments,
      phone: patients.phone,
      givenName: patients.givenName,
      familyName: patients.familyName,
    })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .where(
      and(
        eq(appointments.practiceId, demoId),
        eq(appointments.status, 'pending'),
        gte(appointments.startsAt, start),
        lt(appointments.startsAt, end),
      ),
    );
  return rows
    .filter((row) => toE164(row.phone))
    .map((row) => ({ ...row, name: `${row.givenName} ${row.familyName}`.trim() }));
}

/** The first day ahead with at least three open appointments to text. */
async function busyDay() {
  for (let days = 1; days <= 14; days++) if ((await openIn(days)).length >= 3) return days;
  throw new Error('no day with three open appointments in the next two weeks');
}

describe('campaigns by channel', () => {
  it('sms: texts each open appointment once with first name, day and time, and needs no assistant or number', async () => {
    const days = await busyDay();
    await save({ channel: 'sms', daysBefore: days, automatic: true, assistantId: null, phoneNumberId: null });
    const open = await openIn(days);

    expect(await campaigns.run(demoId)).toEqual({ 'reminder.texts': open.length });
    expect(texts.texts.map((x) => x.appointmentRef).sort()).toEqual(open.map((o) => o.appointment.id).sort());
    const one = open[0]!;
    const wall = wallFromInstant(one.appointment.startsAt, TZ);
    expect(texts.texts.find((x) => x.appointmentRef === one.appointment.id)).toMatchObject({
      practiceId: demoId,
      to: toE164(one.phone),
      kind: 'reminder',
      idempotencyKey: `campaign:reminder:${one.appointment.id}`,
      patientName: one.name,
      appointment: { date: wall.slice(0, 10), time: wall.slice(11, 16) },
      values: {
        firstName: one.givenName.trim().split(/\s+/)[0],
        day: formatVisitDay(wall.slice(0, 10)),
        time: formatVisitTime(wall.slice(11, 16)),
      },
    });
    expect(await t.database.db.select().from(outboundCalls)).toHaveLength(0);
    expect(woken).toEqual([]);

    // The next look (every 15 minutes) queues nothing twice, and hours later no call follows an `sms` text.
    later(6);
    expect(await campaigns.run(demoId)).toEqual({ 'reminder.texts': 0 });
    expect(texts.texts).toHaveLength(open.length);
    expect(await t.database.db.select().from(outboundCalls)).toHaveLength(0);
  });

  it('sms_then_call: calls, once, those still open who did not answer within the hours', async () => {
    const days = await busyDay();
    await save({
      channel: 'sms_then_call',
      escalateAfterHours: 3,
      daysBefore: days,
      automatic: true,
      ...choice,
    });
    const open = await openIn(days);
    expect(await campaigns.run(demoId)).toEqual({ 'reminder.texts': open.length, reminder: 0 });

    // Before the hours have passed: no call.
    later(2);
    expect(await campaigns.run(demoId)).toEqual({ 'reminder.texts': 0, reminder: 0 });
    expect(await t.database.db.select().from(outboundCalls)).toHaveLength(0);

    // One patient answered, one confirmed meanwhile: the others are called.
    const [answered, confirmed, ...others] = open;
    texts.answer(demoId, `campaign:reminder:${answered!.appointment.id}`);
    await t.database.db
      .update(appointments)
      .set({ status: 'confirmed' })
      .where(eq(appointments.id, confirmed!.appointment.id));
    later(1.5);
    expect(await campaigns.run(demoId)).toEqual({ 'reminder.texts': 0, reminder: others.length });
    const calls = await t.database.db.select().from(outboundCalls);
    expect(calls.map((c) => c.appointmentRef).sort()).toEqual(others.map((o) => o.appointment.id).sort());
    expect(calls.every((c) => c.status === 'pending' && c.callType === 'reminder')).toBe(true);
    expect(calls.every((c) => c.assistantId === choice.assistantId)).toBe(true);
    expect(calls.every((c) => c.campaignKey === `campaign:reminder:${c.appointmentRef}`)).toBe(true);
    expect(woken).toEqual([demoId]);

    // Later looks call nobody twice.
    later(1);
    expect(await campaigns.run(demoId)).toEqual({ 'reminder.texts': 0, reminder: 0 });
    expect(await t.database.db.select().from(outboundCalls)).toHaveLength(others.length);
  });

  it('sms_then_call without an assistant or number: the texts go, no call follows', async () => {
    const days = await busyDay();
    await save({
      channel: 'sms_then_call',
      daysBefore: days,
      automatic: true,
      assistantId: null,
      phoneNumberId: null,
    });
    const open = await openIn(days);
    expect(await campaigns.run(demoId)).toEqual({ 'reminder.texts': open.length });
    later(8);
    await campaigns.run(demoId);
    expect(await t.database.db.select().from(outboundCalls)).toHaveLength(0);
  });

  it('texts nothing outside the calling window', async () => {
    const days = await busyDay();
    await save({ channel: 'sms', daysBefore: days, automatic: true });
    later(11); // 21:00, the window ends at 20:00
    expect(await campaigns.run(demoId)).toEqual({});
    expect(texts.texts).toHaveLength(0);
  });
});
