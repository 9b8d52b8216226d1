import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatHm, wallAt } from '../../../lib/wall-time';
import { candidateStarts, slotScenario, type SlotScenario } from '../../../test/slot-scenarios';
import { isPmsError } from '../errors';
import { FIRST_AVAILABLE } from '../port';
import { createKollaAdapter } from './kolla-adapter';
import {
  createFakeKollaState,
  fakeAppointment,
  fakeContact,
  startFakeKolla,
  type FakeKolla,
} from './fake-kolla-server';

const ZONE = 'America/Denver';
/** A Wednesday; the clock is the day before or a time on it. */
const DAY = '2026-03-04';
const WEEKDAY = 3;

let fake: FakeKolla;
beforeAll(async () => {
  fake = await startFakeKolla({ timeZone: ZONE, defaultPageSize: 100 });
});
afterAll(() => fake.close());

const hm = (minutes: number) => formatHm(minutes);

/** Replaces the fake practice with the scenario's; returns the provider ids in order and the patient's id. */
function setUp(s: SlotScenario) {
  const base = createFakeKollaState();
  const providers = s.providers.map((_, i) => `provider_${i + 1}`);
  const rooms = Array.from({ length: s.operatories }, (_, i) => `operatory_${i + 1}`);
  const resource = (id: string, type: string) => ({
    name: `resources/${id}`,
    remote_id: id.replace(/^\D+_/, ''),
    type,
    display_name: id,
    additional_data: {},
    update_time: null,
  });
  Object.assign(fake.state, {
    resources: [
      ...providers.map((id) => resource(id, 'PROVIDER')),
      ...rooms.map((id) => resource(id, 'OPERATORY')),
    ],
    contacts: [],
    appointments: [],
    requests: [],
    schedules: Object.fromEntries(
      s.providers.map((blocks, i) => [
        providers[i]!,
        { weekly: { [WEEKDAY]: blocks.map((b) => ({ start_time: hm(b.start), end_time: hm(b.end) })) } },
      ]),
    ),
    nextId: base.nextId,
  });
  const other = fakeContact(fake.state, { given_name: 'Other', family_name: 'Patient' });
  const patient = fakeContact(fake.state, { given_name: 'New', family_name: 'Patient' });
  for (const b of s.bookings) {
    fakeAppointment(fake.state, {
      contact: other,
      providerId: providers[b.provider]!,
      operatoryId: rooms[b.operatory ?? 0]!,
      wallStart: wallAt(DAY, b.start),
      minutes: b.minutes,
      cancelled: b.cancelled,
    });
  }
  return { providers, patientId: patient.remote_id };
}

it('offers exactly the times that book, for one provider and for first available', async () => {
  await fc.assert(
    fc.asyncProperty(slotScenario({ minOperatories: 1 }), async (scenario) => {
      const { providers, patientId } = setUp(scenario);
      const now = new Date(
        scenario.nowMinute === undefined
          ? '2026-03-03T19:00:00Z'
          : // Denver is UTC-7 in early March.
            Date.parse(`${DAY}T00:00:00Z`) + (scenario.nowMinute + 7 * 60) * 60_000,
      );
      const pms = createKollaAdapter({
        baseUrl: fake.url,
        apiKey: fake.state.apiKey,
        connectorId: fake.state.connectorId,
        consumerId: fake.state.consumerId,
        timeZone: ZONE,
        now: () => now,
      });
      for (const providerId of [...providers, FIRST_AVAILABLE]) {
        const listed = new Set(
          (await pms.openSlots({ date: DAY, providerId, durationMinutes: scenario.duration })).map(
            (s) => s.time,
          ),
        );
        for (const start of candidateStarts(scenario.duration)) {
          const before = fake.state.appointments.length;
          let outcome: true | string = true;
          try {
            await pms.book({
              patient: { remoteId: patientId },
              providerId,
              startTime: wallAt(DAY, start),
              durationMinutes: scenario.duration,
            });
          } catch (error) {
            if (!isPmsError(error)) throw error;
            outcome = `${error.code}: ${error.message}`;
          }
          // Each time is tried on the schedule as it was.
          fake.state.appointments.length = before;
          const time = hm(start);
          if (listed.has(time)) expect(outcome, `listed ${time} for ${providerId}`).toBe(true);
          else expect(outcome, `unlisted ${time} for ${providerId}`).not.toBe(true);
        }
      }
    }),
    { numRuns: 25 },
  );
}, 60_000);
