import { and, eq, gte, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OUTBOUND_SETTINGS, type OutboundSettings } from '#shared/schemas/outbound-calls';
import {
  appointments,
  assistants,
  outboundCalls,
  outboundSettings,
  phoneNumbers,
} from '../../db/schema/index';
import { dayRange, wallFromInstant, addMinutesToWall } from '../../lib/wall-time';
import { firstPracticeId } from '../../test/practice-number';
import { createTestApp, type TestApp } from '../../test/test-app';

const TZ = 'America/New_York';
let t: TestApp;
let settings: OutboundSettings;
/** The demo practice (Bright Smile Dental); the other demo practice runs its own campaigns. */
let demoId: string;

beforeAll(async () => {
  t = await createTestApp();
  demoId = await firstPracticeId(t);
  const [assistant] = await t.database.db.select().from(assistants).where(eq(assistants.practiceId, demoId));
  const [number] = await t.database.db
    .select()
    .from(phoneNumbers)
    .where(eq(phoneNumbers.practiceId, demoId))
    .orderBy(phoneNumbers.createdAt);
  const choice = {
    assistantId: assistant!.id,
    phoneNumberId: number!.id,
    automatic: true,
    channel: 'call' as const,
    escalateAfterHours: 4,
  };
  settings = {
    ...DEFAULT_OUTBOUND_SETTINGS,
    callingWindow: { start: '00:00', end: '23:59' },
    callTypes: {
      ...DEFAULT_OUTBOUND_SETTINGS.callTypes,
      reminder: { ...choice, daysBefore: 1 },
      confirmation: { ...choice, automatic: false, daysBefore: 2 },
    },
  };
});
afterAll(() => t.close());

const save = (value: OutboundSettings) =>
  t.database.db
    .insert(outboundSettings)
    .values({ practiceId: demoId, settings: value })
    .onConflictDoUpdate({ target: outboundSettings.practiceId, set: { settings: value } });

/** The demo practice's appointments on the day `days` ahead. */
async function appointmentsIn(days: number) {
  const today = wallFromInstant(t.clock.now(), TZ).slice(0, 10);
  const date = addMinutesToWall(`${today}T00:00:00`, days * 24 * 60).slice(0, 10);
  const { start, end } = dayRange(date, TZ);
  return t.database.db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.practiceId, demoId),
        gte(appointments.startsAt, start),
        lt(appointments.startsAt, end),
      ),
    );
}

describe('the reminder and confirmation campaigns', () => {
  it('queue each open appointment N days ahead once, skipping confirmed and cancelled ones', async () => {
    // The first day ahead on which the demo practice has at least two open appointments.
    let days = 1;
    for (; days <= 14; days++) {
      if ((await appointmentsIn(days)).filter((a) => a.status === 'pending').length >= 2) break;
    }
    expect(days).toBeLessThanOrEqual(14);
    const [confirmed] = (await appointmentsIn(days)).filter((a) => a.status === 'pending');
    await t.database.db
      .update(appointments)
      .set({ status: 'confirmed' })
      .where(eq(appointments.id, confirmed!.id));
    await save({
      ...settings,
      callTypes: { ...settings.callTypes, reminder: { ...settings.callTypes.reminder, daysBefore: days } },
    });

    const open = (await appointmentsIn(days)).filter((a) => a.status === 'pending');
    const first = await t.modules.outboundCalls.campaigns.run(demoId);
    expect(first).toEqual({ reminder: open.length });
    const queued = await t.database.db.select().from(outboundCalls);
    expect(queued.map((c) => c.appointmentRef).sort()).toEqual(open.map((a) => a.id).sort());
    expect(queued.every((c) => c.callType === 'reminder' && c.status === 'pending')).toBe(true);
    expect(queued.map((c) => c.appointmentRef)).not.toContain(confirmed!.id);

    // Again the same day: nothing more.
    expect(await t.modules.outboundCalls.campaigns.run(demoId)).toEqual({ reminder: 0 });
    expect(await t.database.db.select().from(outboundCalls)).toHaveLength(queued.length);
  });

  it('queue nothing outside the calling window or for a campaign that is not automatic', async () => {
    await t.database.db.delete(outboundCalls);
    const wall = wallFromInstant(t.clock.now(), TZ);
    const hour = (Number(wall.slice(11, 13)) + 2) % 24;
    const start = `${String(hour).padStart(2, '0')}:00`;
    const end = `${String(hour).padStart(2, '0')}:30`;
    await save({ ...settings, callingWindow: { start, end } });
    expect(await t.modules.outboundCalls.campaigns.run(demoId)).toEqual({});
    await save({
      ...settings,
      callTypes: { ...settings.callTypes, reminder: { ...settings.callTypes.reminder, automatic: false } },
    });
    expect(await t.modules.outboundCalls.campaigns.run(demoId)).toEqual({});
    expect(await t.database.db.select().from(outboundCalls)).toHaveLength(0);
  });
});
