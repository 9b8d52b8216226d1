import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  appointments,
  operatories,
  patients,
  practices,
  providers,
  providerWorkingHours,
} from '../../../db/schema/index';
import { pgErrorCode } from '../../../db/pg-errors';
import { formatHm, instantFromWall, wallAt } from '../../../lib/wall-time';
import { candidateStarts, slotScenario, type SlotScenario } from '../../../test/slot-scenarios';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { isPmsError } from '../errors';
import { FIRST_AVAILABLE } from '../port';
import { createSandboxCaches, createSandboxSchedule } from './sandbox-adapter';

const ZONE = 'America/New_York';
/** A Wednesday; the clock is the day before or a time on it. */
const DAY = '2026-03-04';
const WEEKDAY = 3;

let t: TestApp;
let practiceId: string;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const [practice] = await t.database.db
    .insert(practices)
    .values({ name: 'Slots Practice', practiceType: 'dental-practices', timeZone: ZONE })
    .returning();
  practiceId = practice!.id;
});
afterAll(() => t.close());

/** Replaces the whole built-in schedule with the scenario's; returns the provider ids in order. */
async function setUp(s: SlotScenario): Promise<string[]> {
  const db = t.database.db;
  await db.execute(
    sql`truncate ${appointments}, ${patients}, ${providerWorkingHours}, ${providers}, ${operatories} cascade`,
  );
  const providerRows = await db
    .insert(providers)
    .values(
      s.providers.map((_, i) => ({
        practiceId,
        name: `P${i}`,
        displayName: `Dr. P${i}`,
        kind: 'dentist' as const,
      })),
    )
    .returning();
  // Shown in creation order; equal timestamps in one insert would leave it to the names.
  const ids = [...providerRows].sort((a, b) => a.name.localeCompare(b.name)).map((p) => p.id);
  const hours = s.providers.flatMap((blocks, i) =>
    blocks
      .filter((b, j) => blocks.findIndex((other) => other.start === b.start) === j)
      .map((b) => ({
        practiceId,
        providerId: ids[i]!,
        weekday: WEEKDAY,
        startMinute: b.start,
        endMinute: b.end,
      })),
  );
  if (hours.length > 0) await db.insert(providerWorkingHours).values(hours);
  const rooms =
    s.operatories > 0
      ? (
          await db
            .insert(operatories)
            .values(
              Array.from({ length: s.operatories }, (_, i) => ({
                practiceId,
                name: `OP${i}`,
                displayName: `Op ${i}`,
              })),
            )
            .returning()
        ).map((r) => r.id)
      : [];
  const [someone] = await db
    .insert(patients)
    .values({ practiceId, givenName: 'Other', familyName: 'Patient', phone: '+12025550100' })
    .returning();
  for (const [i, b] of s.bookings.entries()) {
    try {
      await db.transaction((tx) =>
        tx.insert(appointments).values({
          practiceId,
          patientId: someone!.id,
          providerId: ids[b.provider]!,
          operatoryId: b.operatory === null ? null : rooms[b.operatory]!,
          startsAt: instantFromWall(wallAt(DAY, b.start), ZONE),
          endsAt: instantFromWall(wallAt(DAY, b.start + b.minutes), ZONE),
          status: b.cancelled ? 'cancelled' : 'confirmed',
          confirmationNumber: `EX${i}`,
        }),
      );
    } catch (error) {
      // The schedule would never hold it (the same provider, room or patient twice at once): leave it out.
      if (pgErrorCode(error) !== '23P01') throw error;
    }
  }
  return ids;
}

class Rollback extends Error {}

/** Whether booking `start` would succeed, the database left as it was. */
async function books(
  options: Parameters<typeof createSandboxSchedule>[1],
  providerId: string,
  start: number,
  duration: number,
): Promise<true | string> {
  let outcome: true | string = 'not tried';
  await t.database.db
    .transaction(async (tx) => {
      try {
        await createSandboxSchedule(tx, options).book({
          patient: { givenName: 'New', familyName: 'Patient', phone: '+12025550199' },
          providerId,
          startTime: wallAt(DAY, start),
          durationMinutes: duration,
        });
        outcome = true;
      } catch (error) {
        if (!isPmsError(error)) throw error;
        outcome = `${error.code}: ${error.message}`;
      }
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return outcome;
}

it('offers exactly the times that book, for one provider and for first available', async () => {
  await fc.assert(
    fc.asyncProperty(slotScenario(), async (scenario) => {
      const ids = await setUp(scenario);
      const now =
        scenario.nowMinute === undefined
          ? instantFromWall(`2026-03-03T12:00:00`, ZONE)
          : instantFromWall(wallAt(DAY, scenario.nowMinute), ZONE);
      const options = { practiceId, timeZone: ZONE, now: () => now, caches: createSandboxCaches() };
      const pms = createSandboxSchedule(t.database.db, options);
      for (const providerId of [...ids, FIRST_AVAILABLE]) {
        const listed = new Set(
          (await pms.openSlots({ date: DAY, providerId, durationMinutes: scenario.duration })).map(
            (s) => s.time,
          ),
        );
        for (const start of candidateStarts(scenario.duration)) {
          const outcome = await books(options, providerId, start, scenario.duration);
          const time = formatHm(start);
          if (listed.has(time)) expect(outcome, `listed ${time} for ${providerId}`).toBe(true);
          else expect(outcome, `unlisted ${time} for ${providerId}`).not.toBe(true);
        }
      }
    }),
    { numRuns: 25 },
  );
  // About 8 s on an idle 2-core machine; a busy one has taken 8 times that.
}, 120_000);
