import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import {
  appointments,
  appointmentTypes,
  operatories,
  patients,
  providers,
  type AppointmentStatus,
} from '../schema/index';
import type { DemoScheduleData } from './demo-schedule';
import { uniqueConfirmationNumber, type Random } from './random';
import { overlaps, type Interval } from '../../integrations/practice-management/slots';
import { addMinutesToWall, instantFromWall, wallAt, wallFromInstant } from '../../lib/wall-time';
import { appointmentNotes } from '../../lib/appointment-notes';
import { readAll } from '../read-all';

/**
 * A demo practice's past (issue 24): three years of routine hygiene visits before the schedule's two weeks, so
 * recall has patients to find. Each patient gets a profile, the profile a plan of visits (`planHistory`, pure
 * and deterministic), and the plan is placed into the practice's hours, providers and rooms without overlaps
 * (`seedVisitHistory`). A later issue (analytics) adds its own kinds of history (calls, no-shows) to the plan.
 */

/** How far back the history goes (recall reads 36 months). */
export const HISTORY_MONTHS = 36;
/** The schedule generator's first day is 14 days back: history ends before it. */
const HISTORY_END_DAYS = 15;
const MONTH = 30.4;
/** Routine visits come about every six months, give or take two weeks. */
const RECALL_EVERY_DAYS = Math.round(6 * MONTH);

/**
 * - `regular`: last seen 1–5 months ago, every six months before that (not due).
 * - `overdue`: last kept visit 7–14 months ago; a quarter of them also cancelled one since (still due, unless
 *   the schedule gave them something ahead).
 * - `new`: no history.
 */
export type RecallProfile = 'regular' | 'overdue' | 'new';

export interface PlannedVisit {
  patientId: string;
  /** Days before today (practice-local). */
  daysAgo: number;
  type: 'dental_cleaning' | 'dental_checkup';
  status: AppointmentStatus;
}

/**
 * Who keeps coming: a patient with a visit already booked ahead mostly booked it at their last routine visit
 * (regular); one with nothing booked has more often let it slide (overdue).
 */
export function recallProfile(random: Random, bookedAhead: boolean): RecallProfile {
  const draw = random.next();
  if (bookedAhead) return draw < 0.7 ? 'regular' : draw < 0.95 ? 'overdue' : 'new';
  return draw < 0.3 ? 'regular' : draw < 0.9 ? 'overdue' : 'new';
}

/** One patient's routine visits, newest first. */
export function planHistory(random: Random, patientId: string, profile: RecallProfile): PlannedVisit[] {
  if (profile === 'new') return [];
  const last =
    profile === 'regular'
      ? random.int(Math.max(HISTORY_END_DAYS, Math.round(1 * MONTH)), Math.round(5 * MONTH))
      : random.int(Math.round(7 * MONTH), Math.round(14 * MONTH));
  const type = () => (random.chance(0.75) ? 'dental_cleaning' : 'dental_checkup');
  const visits: PlannedVisit[] = [{ patientId, daysAgo: last, type: type(), status: 'completed' }];
  const every = () => RECALL_EVERY_DAYS + random.int(-14, 14);
  for (let daysAgo = last + every(); daysAgo < HISTORY_MONTHS * MONTH - 14; daysAgo += every()) {
    // Mostly kept; now and then cancelled (the next one kept), or confirmed and never marked completed.
    const draw = random.next();
    const status: AppointmentStatus = draw < 0.88 ? 'completed' : draw < 0.97 ? 'cancelled' : 'confirmed';
    visits.push({ patientId, daysAgo, type: type(), status });
  }
  if (profile === 'overdue' && random.chance(0.25)) {
    // Booked again and then cancelled: not a kept visit, so they stay due.
    visits.unshift({
      patientId,
      daysAgo: random.int(Math.max(HISTORY_END_DAYS, Math.round(MONTH)), Math.round(4 * MONTH)),
      type: 'dental_cleaning',
      status: 'cancelled',
    });
  }
  return visits;
}

/**
 * Places every patient's planned visits on a working day at or before the planned one, with a hygienist (any
 * provider when the practice has none) and a free room, never overlapping another visit of the same provider,
 * room or patient. Runs inside the demo seed's transaction, after the schedule.
 */
export async function seedVisitHistory(
  tx: Tx,
  practice: { id: string; timeZone: string },
  data: Pick<DemoScheduleData, 'hours'>,
  random: Random,
  now: Date,
): Promise<void> {
  const { id: practiceId, timeZone } = practice;
  const [people, staff, rooms, types, existing] = await readAll(tx, [
    // Ordered by what the seed made (ids are random): the same patients get the same history every time.
    () => tx.select().from(patients).where(eq(patients.practiceId, practiceId)).orderBy(patients.phone),
    () => tx.select().from(providers).where(eq(providers.practiceId, practiceId)).orderBy(providers.name),
    () =>
      tx.select().from(operatories).where(eq(operatories.practiceId, practiceId)).orderBy(operatories.name),
    () => tx.select().from(appointmentTypes),
    () =>
      tx
        .select({
          patientId: appointments.patientId,
          confirmationNumber: appointments.confirmationNumber,
          ahead: sql<boolean>`${appointments.status} <> 'cancelled' and ${appointments.endsAt} > ${now}`,
        })
        .from(appointments)
        .where(eq(appointments.practiceId, practiceId)),
  ]);
  const bookedAhead = new Set(existing.filter((row) => row.ahead).map((row) => row.patientId));
  const hygienists = staff.filter((p) => p.kind === 'hygienist');
  const seeing = hygienists.length > 0 ? hygienists : staff;
  const durations = new Map(types.map((t) => [t.code, t]));
  const confirmations = new Set(existing.map((row) => row.confirmationNumber));
  const today = wallFromInstant(now, timeZone).slice(0, 10);
  const dayBefore = (date: string, days: number) =>
    addMinutesToWall(`${date}T00:00:00`, -days * 1440).slice(0, 10);
  const blocksOn = (date: string) => data.hours[new Date(`${date}T12:00:00Z`).getUTCDay()] ?? [];

  type Taken = { interval: Interval; providerId: string; roomId: string; patientId: string };
  const taken = new Map<string, Taken[]>();
  const rows: (typeof appointments.$inferInsert)[] = [];
  const byId = new Map(people.map((p) => [p.id, p]));

  const plans = people.flatMap((p) =>
    planHistory(random, p.id, recallProfile(random, bookedAhead.has(p.id))),
  );
  for (const visit of plans) {
    const type = durations.get(visit.type);
    const patient = byId.get(visit.patientId);
    if (!type || !patient || seeing.length === 0 || rooms.length === 0) continue;
    let placed = false;
    // The planned day, else the working days before it (a week at most).
    for (let back = 0; back < 7 && !placed; back++) {
      const date = dayBefore(today, visit.daysAgo + back);
      const day = taken.get(date) ?? [];
      for (let attempt = 0; attempt < 12 && !placed; attempt++) {
        const block = blocksOn(date).length ? random.pick(blocksOn(date)) : undefined;
        if (!block) break;
        const steps = Math.floor((block.end - block.start - type.durationMinutes) / 30);
        if (steps < 0) continue;
        const start = block.start + 30 * random.int(0, steps);
        const interval = { start, end: start + type.durationMinutes };
        const clash = day.filter((t) => overlaps(t.interval, interval));
        const provider = seeing.find((p) => !clash.some((t) => t.providerId === p.id));
        const room = rooms.find((r) => !clash.some((t) => t.roomId === r.id));
        if (!provider || !room || clash.some((t) => t.patientId === patient.id)) continue;
        day.push({ interval, providerId: provider.id, roomId: room.id, patientId: patient.id });
        taken.set(date, day);
        const confirmationNumber = uniqueConfirmationNumber(random, confirmations);
        rows.push({
          practiceId,
          patientId: patient.id,
          providerId: provider.id,
          operatoryId: room.id,
          appointmentType: type.code,
          startsAt: instantFromWall(wallAt(date, interval.start), timeZone),
          endsAt: instantFromWall(wallAt(date, interval.end), timeZone),
          status: visit.status,
          confirmationNumber,
          notes: appointmentNotes({
            phone: patient.phone,
            email: patient.email ?? undefined,
            type: type.label,
            notes: '',
          }),
        });
        placed = true;
      }
    }
  }
  if (rows.length > 0) await tx.insert(appointments).values(rows);
}
