import { and, asc, eq, gt, gte, inArray, lt, lte, ne, not, notInArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { PatientBusyError, PmsError } from '../errors';
import { findOrCreatePatient } from '../patients';
import {
  FIRST_AVAILABLE,
  type Appointment,
  type BookInput,
  type NewPatient,
  type OpenSlotsQuery,
  type Patient,
  type PracticeManagement,
  type RecallCandidate,
  type RecallQuery,
  type RescheduleInput,
  type SettledOutcome,
  type Slot,
} from '../port';
import { HYGIENE_TYPES } from '../recall';
import {
  bookingWindow,
  moveWindow,
  DAY_MINUTES,
  checkDuration,
  earliestStart,
  isFree,
  overlaps,
  mergeIntervals,
  mergeSlots,
  subtractIntervals,
  type Interval,
} from '../slots';
import {
  addMinutesToWall,
  dayRange,
  formatHm,
  instantFromWall,
  isDate,
  minutesOfDay,
  wallFromInstant,
} from '../../../lib/wall-time';
import type { TableChanges } from '../../../db/changes';
import type { Queryable, Tx } from '../../../db/client';
import { bookingDayLock, patientPhoneLock } from '../../../db/locks';
import { pgConstraint, pgErrorCode, UNIQUE_VIOLATION } from '../../../db/pg-errors';
import { readAll } from '../../../db/read-all';
import { createReadCache } from '../../../db/read-cache';
import {
  appointments,
  operatories,
  patients,
  providers,
  providerWorkingHours,
  type AppointmentStatus,
} from '../../../db/schema/index';
import { newConfirmationNumber } from '../../../lib/confirmation-number';
import { collapseSpaces } from '../../../lib/text';
import { isUuid } from '../../../lib/uuid';

/**
 * The built-in practice schedule (connectorId 'sandbox'): a real schedule in our own tables. Double
 * bookings are refused by the database's exclusion constraints, so this holds across processes; the
 * availability check before inserting only picks a provider and room likely to be free.
 */

export interface SandboxScheduleOptions {
  /** The practice whose rows this schedule reads and writes (issue 22): every query is bounded by it. */
  practiceId: string;
  timeZone: string;
  now: () => Date;
  caches: SandboxCaches;
}

type ProviderRow = typeof providers.$inferSelect;
type WorkingHoursRow = typeof providerWorkingHours.$inferSelect;
/** A booked appointment as minutes of one practice-local day. */
interface Busy {
  appointmentId: string;
  providerId: string;
  operatoryId: string | null;
  interval: Interval;
}

/**
 * What the schedule reads on every voice webhook and calendar poll, kept until its tables change (ADR 022).
 * Created once per server and shared by the schedules made for each practice: every key starts with the
 * practice id.
 */
export function createSandboxCaches(changes?: TableChanges) {
  return {
    providers: createReadCache<ProviderRow[]>(changes, [providers]),
    operatories: createReadCache<(typeof operatories.$inferSelect)[]>(changes, [operatories]),
    /** By practice and weekday. */
    hours: createReadCache<WorkingHoursRow[]>(changes, [providerWorkingHours]),
    /** By practice, time zone and date. */
    busy: createReadCache<Busy[]>(changes, [appointments]),
    /** By practice and phone number. */
    patients: createReadCache<Patient[]>(changes, [patients]),
    /** By practice, time zone, date, provider and duration. */
    slots: createReadCache<Slot[]>(changes, [appointments, providers, providerWorkingHours, operatories], {
      max: 2000,
    }),
  };
}
export type SandboxCaches = ReturnType<typeof createSandboxCaches>;

const EXCLUSION_VIOLATION = '23P01';
const DEADLOCK_DETECTED = '40P01';
/** Migration 0014: a patient's live appointments never overlap. */
const PATIENT_NO_OVERLAP = 'appointments_patient_no_overlap';

/** Dentists before hygienists, then by name: the order the booking screen offers them. */
const providerOrder = [asc(providers.createdAt), asc(providers.kind), asc(providers.name)];

const fullName = (given: string, family: string) => collapseSpaces(`${given} ${family}`);

function toPatient(row: typeof patients.$inferSelect): Patient {
  return {
    remoteId: row.id,
    givenName: row.givenName,
    familyName: row.familyName,
    name: fullName(row.givenName, row.familyName),
    phone: row.phone,
    ...(row.email && { email: row.email }),
  };
}

/** Wall times come from PostgreSQL's zone data: converting hundreds of instants in JS costs more. */
const wallSql = (column: PgColumn, timeZone: string) =>
  sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD"T"HH24:MI:SS')`;

const appointmentColumns = (timeZone: string) => ({
  id: appointments.id,
  startsAt: appointments.startsAt,
  endsAt: appointments.endsAt,
  wallStart: wallSql(appointments.startsAt, timeZone),
  wallEnd: wallSql(appointments.endsAt, timeZone),
  status: appointments.status,
  notes: appointments.notes,
  confirmationNumber: appointments.confirmationNumber,
  appointmentType: appointments.appointmentType,
  patientId: patients.id,
  givenName: patients.givenName,
  familyName: patients.familyName,
  phone: patients.phone,
  email: patients.email,
  providerId: providers.id,
  providerName: providers.displayName,
  operatoryId: operatories.id,
  operatoryName: operatories.displayName,
});

/** `db` may be a transaction: then a booking commits with whatever else the caller writes in it. */
export function createSandboxSchedule(
  db: Queryable,
  { practiceId, timeZone, now, caches }: SandboxScheduleOptions,
): PracticeManagement {
  const wall = (instant: Date) => wallFromInstant(instant, timeZone);
  const ours = {
    appointments: eq(appointments.practiceId, practiceId),
    patients: eq(patients.practiceId, practiceId),
    providers: eq(providers.practiceId, practiceId),
    operatories: eq(operatories.practiceId, practiceId),
    hours: eq(providerWorkingHours.practiceId, practiceId),
  };

  /** The practice's appointments matching `where`. */
  function selectAppointments(where: SQL | undefined) {
    return db
      .select(appointmentColumns(timeZone))
      .from(appointments)
      .innerJoin(patients, eq(patients.id, appointments.patientId))
      .innerJoin(providers, eq(providers.id, appointments.providerId))
      .leftJoin(operatories, eq(operatories.id, appointments.operatoryId))
      .where(and(ours.appointments, where));
  }

  function toAppointment(row: Awaited<ReturnType<typeof selectAppointments>>[number]): Appointment {
    const status: AppointmentStatus = row.status;
    return {
      remoteId: row.id,
      start: row.startsAt,
      end: row.endsAt,
      wallStart: row.wallStart,
      wallEnd: row.wallEnd,
      contact: {
        remoteId: row.patientId,
        givenName: row.givenName,
        familyName: row.familyName,
        name: fullName(row.givenName, row.familyName),
        phone: row.phone,
        ...(row.email && { email: row.email }),
      },
      providers: [{ remoteId: row.providerId, displayName: row.providerName }],
      resources: [
        { type: 'PROVIDER', remoteId: row.providerId, displayName: row.providerName },
        ...(row.operatoryId && row.operatoryName !== null
          ? [{ type: 'OPERATORY' as const, remoteId: row.operatoryId, displayName: row.operatoryName }]
          : []),
      ],
      notes: row.notes,
      confirmed: status === 'confirmed',
      completed: status === 'completed',
      cancelled: status === 'cancelled' || status === 'no_show',
      noShow: status === 'no_show',
      confirmationNumber: row.confirmationNumber,
      ...(row.appointmentType && { appointmentType: row.appointmentType }),
    };
  }

  /**
   * The practice's patients on a number. Every voice tool call asks it, so the statement is built once (on first
   * use) and sent by name, prepared on each pooled connection (ADR 061).
   */
  const findPatientsByPhone = (q: Queryable) => {
    let query: ReturnType<typeof prepare> | undefined;
    const prepare = () =>
      q
        .select()
        .from(patients)
        .where(and(ours.patients, eq(patients.phone, sql.placeholder('phone'))))
        .orderBy(asc(patients.createdAt))
        .prepare('sandbox_patients_by_phone');
    return async (phone: string) => (await (query ??= prepare()).execute({ phone })).map(toPatient);
  };
  const patientsOnNumber = findPatientsByPhone(db);

  const createPatient = (q: Queryable) => async (input: NewPatient) => {
    const [row] = await q
      .insert(patients)
      .values({
        practiceId,
        givenName: input.givenName.trim(),
        familyName: input.familyName.trim(),
        phone: input.phone,
        email: input.email?.trim() || null,
      })
      .returning();
    return toPatient(row!);
  };

  const activeProviders = () =>
    caches.providers.get(practiceId, () =>
      db
        .select()
        .from(providers)
        .where(and(ours.providers, eq(providers.isActive, true)))
        .orderBy(...providerOrder),
    );
  const allOperatories = () =>
    caches.operatories.get(practiceId, () =>
      db
        .select()
        .from(operatories)
        .where(ours.operatories)
        .orderBy(asc(operatories.createdAt), asc(operatories.name)),
    );

  async function busyOn(date: string): Promise<Busy[]> {
    const day = dayRange(date, timeZone);
    const booked = await db
      .select({
        appointmentId: appointments.id,
        providerId: appointments.providerId,
        operatoryId: appointments.operatoryId,
        wallStart: wallSql(appointments.startsAt, timeZone),
        wallEnd: wallSql(appointments.endsAt, timeZone),
      })
      .from(appointments)
      .where(
        and(
          ours.appointments,
          ne(appointments.status, 'cancelled'),
          lt(appointments.startsAt, day.end),
          gt(appointments.endsAt, day.start),
        ),
      );
    return booked.map((b) => ({
      appointmentId: b.appointmentId,
      providerId: b.providerId,
      operatoryId: b.operatoryId,
      interval: {
        start: b.wallStart.startsWith(date) ? minutesOfDay(b.wallStart) : 0,
        end: b.wallEnd.startsWith(date) ? minutesOfDay(b.wallEnd) : DAY_MINUTES,
      },
    }));
  }

  /**
   * Who and which room is free on `date`, as minutes of the practice-local day; `moving` is an appointment
   * being moved, whose own time does not count as taken.
   */
  async function availability(date: string, providerId: string, moving?: string) {
    if (!isDate(date)) throw new PmsError('bad_request', `Not a date (YYYY-MM-DD): ${date}`);
    if (providerId !== FIRST_AVAILABLE && !isUuid(providerId)) {
      throw new PmsError('not_found', `Unknown provider: ${providerId}`);
    }
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    const bookedOn = () => caches.busy.get(`${practiceId}|${timeZone}|${date}`, () => busyOn(date));
    const hoursOn = () =>
      caches.hours.get(`${practiceId}|${weekday}`, () =>
        db
          .select()
          .from(providerWorkingHours)
          .where(and(ours.hours, eq(providerWorkingHours.weekday, weekday))),
      );
    const [active, rooms, booked, hours] = await readAll(db, [
      activeProviders,
      allOperatories,
      bookedOn,
      hoursOn,
    ]);
    const busy = moving ? booked.filter((b) => b.appointmentId !== moving) : booked;
    const providerRows = active.filter((p) => providerId === FIRST_AVAILABLE || p.id === providerId);
    if (providerRows.length === 0 && providerId !== FIRST_AVAILABLE) {
      throw new PmsError('not_found', `Unknown provider: ${providerId}`);
    }
    const candidates = providerRows.map((provider) => ({
      provider,
      open: hours
        .filter((h) => h.providerId === provider.id)
        .map((h) => ({ start: h.startMinute, end: h.endMinute })),
      busy: busy.filter((b) => b.providerId === provider.id).map((b) => b.interval),
    }));
    const freeRooms = (interval: Interval) =>
      rooms
        .filter((room) => !busy.some((b) => b.operatoryId === room.id && overlaps(b.interval, interval)))
        .map((room) => room.id);
    const notBefore = earliestStart(date, wall(now()));
    return { candidates, rooms, freeRooms, notBefore };
  }

  function openSlots(query: OpenSlotsQuery): Promise<Slot[]> {
    const duration = checkDuration(query.durationMinutes);
    // Today's slots depend on the clock too; other days only on the schedule.
    if (query.date === wall(now()).slice(0, 10)) return computeSlots(query.date, query.providerId, duration);
    return caches.slots.get(`${practiceId}|${timeZone}|${query.date}|${query.providerId}|${duration}`, () =>
      computeSlots(query.date, query.providerId, duration),
    );
  }

  async function computeSlots(date: string, providerId: string, duration: number): Promise<Slot[]> {
    const { candidates, rooms, freeRooms, notBefore } = await availability(date, providerId);
    return mergeSlots({
      date,
      candidates: candidates.map(({ provider, open, busy }) => ({
        providerId: provider.id,
        providerName: provider.displayName,
        open,
        busy,
      })),
      durationMinutes: duration,
      notBefore,
      ...(rooms.length > 0 && { roomFree: (interval) => freeRooms(interval).length > 0 }),
    });
  }

  async function resolvePatient(
    tx: Tx,
    patient: BookInput['patient'],
  ): Promise<{ id: string; created: boolean }> {
    if (!('remoteId' in patient)) {
      // Simultaneous first bookings of one caller would each create the patient (and so not overlap).
      await tx.execute(patientPhoneLock(practiceId, patient.phone));
      const resolved = await findOrCreatePatient(
        { findPatientsByPhone: findPatientsByPhone(tx), createPatient: createPatient(tx) },
        patient,
      );
      return { id: resolved.patient.remoteId, created: resolved.created };
    }
    const [row] = isUuid(patient.remoteId)
      ? await tx
          .select({ id: patients.id })
          .from(patients)
          .where(and(ours.patients, eq(patients.id, patient.remoteId)))
      : [];
    if (!row) throw new PmsError('not_found', `Unknown patient: ${patient.remoteId}`);
    return { id: row.id, created: false };
  }

  /** A live appointment of the patient overlapping [startsAt, endsAt) (but `except`), if there is one. */
  async function patientBusy(
    q: Queryable,
    {
      patientId,
      startsAt,
      endsAt,
      except,
    }: { patientId: string; startsAt: Date; endsAt: Date; except?: string },
  ): Promise<PatientBusyError | undefined> {
    const [row] = await q
      .select({
        confirmationNumber: appointments.confirmationNumber,
        wallStart: wallSql(appointments.startsAt, timeZone),
      })
      .from(appointments)
      .where(
        and(
          ours.appointments,
          eq(appointments.patientId, patientId),
          ne(appointments.status, 'cancelled'),
          lt(appointments.startsAt, endsAt),
          gt(appointments.endsAt, startsAt),
          except ? ne(appointments.id, except) : undefined,
        ),
      )
      .orderBy(asc(appointments.startsAt))
      .limit(1);
    return row && new PatientBusyError(row);
  }

  /**
   * Inserts in a savepoint; undefined when the provider or room was taken meanwhile. The patient booked
   * elsewhere meanwhile (the database's per-patient rule) throws `PatientBusyError`.
   */
  async function tryInsert(
    tx: Tx,
    values: Omit<typeof appointments.$inferInsert, 'practiceId'> & { patientId: string },
  ): Promise<string | undefined> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await tx.transaction(async (sp) => {
          const [row] = await sp
            .insert(appointments)
            .values({ ...values, practiceId, confirmationNumber: newConfirmationNumber() })
            .returning({ id: appointments.id });
          return row!.id;
        });
      } catch (error) {
        const code = pgErrorCode(error);
        if (code === EXCLUSION_VIOLATION && pgConstraint(error) === PATIENT_NO_OVERLAP) {
          throw (await patientBusy(tx, values)) ?? error;
        }
        if (code === EXCLUSION_VIOLATION) return undefined;
        // A confirmation number drawn twice: draw again. Concurrent inserts waiting on each other's
        // exclusion checks can deadlock; the victim tries again and then meets the winner's row.
        if ((code === UNIQUE_VIOLATION || code === DEADLOCK_DETECTED) && attempt < 5) continue;
        throw error;
      }
    }
  }

  async function book(input: BookInput): Promise<Appointment> {
    const { duration, wallStart, date, start, wanted } = bookingWindow(input);

    const { candidates, rooms, freeRooms, notBefore } = await availability(date, input.providerId);
    if (start < notBefore) throw new PmsError('conflict', `${date} ${formatHm(start)} is in the past`);
    if (input.operatoryId !== undefined && !rooms.some((r) => r.id === input.operatoryId)) {
      throw new PmsError('not_found', `Unknown operatory: ${input.operatoryId}`);
    }
    const roomChoices: (string | null)[] =
      rooms.length === 0 ? [null] : input.operatoryId !== undefined ? [input.operatoryId] : freeRooms(wanted);
    // Working hours are merged as the offered slots merge them: a visit may run across two touching rows.
    if (!candidates.some((c) => isFree(wanted, mergeIntervals(c.open)))) {
      throw new PmsError('closed', `${date} ${formatHm(start)} is outside opening hours`);
    }
    const choices = candidates
      .filter((c) => isFree(wanted, subtractIntervals(c.open, c.busy)))
      .flatMap((c) => roomChoices.map((room) => ({ c, room })));

    const startsAt = instantFromWall(wallStart, timeZone);
    const endsAt = instantFromWall(addMinutesToWall(wallStart, duration), timeZone);
    let newPatient = false;
    const id = await db.transaction(async (tx) => {
      await tx.execute(bookingDayLock(practiceId, date));
      const resolved = await resolvePatient(tx, input.patient);
      const patientId = resolved.id;
      newPatient = resolved.created;
      const busy = await patientBusy(tx, { patientId, startsAt, endsAt });
      // Checked before the time: a second booking of the same visit names the first one.
      if (busy) throw busy;
      if (choices.length === 0) throw new PmsError('conflict', `${date} ${formatHm(start)} is not available`);
      for (const { c, room } of choices) {
        const inserted = await tryInsert(tx, {
          patientId,
          providerId: c.provider.id,
          operatoryId: room,
          appointmentType: input.appointmentType ?? null,
          startsAt,
          endsAt,
          status: 'pending',
          notes: input.notes ?? '',
          confirmationNumber: '',
        });
        if (inserted) return inserted;
      }
      throw new PmsError('conflict', `${date} ${formatHm(start)} is not available`);
    });
    const [row] = await selectAppointments(eq(appointments.id, id));
    return { ...toAppointment(row!), newPatient };
  }

  /** In a savepoint; false when the provider or room was taken meanwhile (the database's exclusion rule). */
  async function tryMove(
    tx: Tx,
    id: string,
    patientId: string,
    values: Pick<
      typeof appointments.$inferInsert,
      'startsAt' | 'endsAt' | 'providerId' | 'operatoryId' | 'status'
    >,
  ): Promise<boolean> {
    for (let attempt = 0; ; attempt++) {
      try {
        await tx.transaction((sp) =>
          sp
            .update(appointments)
            .set(values)
            .where(and(ours.appointments, eq(appointments.id, id))),
        );
        return true;
      } catch (error) {
        const code = pgErrorCode(error);
        if (code === EXCLUSION_VIOLATION && pgConstraint(error) === PATIENT_NO_OVERLAP) {
          throw (await patientBusy(tx, { patientId, ...values, except: id })) ?? error;
        }
        if (code === EXCLUSION_VIOLATION) return false;
        if (code === DEADLOCK_DETECTED && attempt < 5) continue;
        throw error;
      }
    }
  }

  async function getAppointment(remoteId: string): Promise<Appointment | undefined> {
    const [row] = isUuid(remoteId) ? await selectAppointments(eq(appointments.id, remoteId)) : [];
    return row && toAppointment(row);
  }

  /**
   * One transaction under both days' locks: the row is moved in place, so the new time is held the moment
   * the old one is released, and a time taken meanwhile (the exclusion rules) leaves the row as it was.
   */
  async function reschedule(remoteId: string, input: RescheduleInput): Promise<Appointment> {
    const { current, duration, wallStart, date, start, wanted } = await moveWindow(
      getAppointment,
      remoteId,
      input,
    );
    const { candidates, rooms, freeRooms, notBefore } = await availability(date, input.providerId, remoteId);
    if (start < notBefore) throw new PmsError('conflict', `${date} ${formatHm(start)} is in the past`);
    if (!candidates.some((c) => isFree(wanted, mergeIntervals(c.open)))) {
      throw new PmsError('closed', `${date} ${formatHm(start)} is outside opening hours`);
    }
    // The visit's own provider and room first, so a move keeps them when they are free.
    const ownProvider = current.providers[0]?.remoteId;
    const ownRoom = current.resources.find((r) => r.type === 'OPERATORY')?.remoteId ?? null;
    const roomChoices: (string | null)[] =
      rooms.length === 0
        ? [null]
        : freeRooms(wanted).sort((a, b) => Number(b === ownRoom) - Number(a === ownRoom));
    const choices = candidates
      .filter((c) => isFree(wanted, subtractIntervals(c.open, c.busy)))
      .sort((a, b) => Number(b.provider.id === ownProvider) - Number(a.provider.id === ownProvider))
      .flatMap((c) => roomChoices.map((room) => ({ c, room })));
    const startsAt = instantFromWall(wallStart, timeZone);
    const endsAt = instantFromWall(addMinutesToWall(wallStart, duration), timeZone);
    const days = [...new Set([current.wallStart.slice(0, 10), date])].sort();
    await db.transaction(async (tx) => {
      for (const day of days) await tx.execute(bookingDayLock(practiceId, day));
      const [row] = await tx
        .select({ status: appointments.status, patientId: appointments.patientId })
        .from(appointments)
        .where(and(ours.appointments, eq(appointments.id, remoteId)))
        .for('update');
      if (!row || row.status === 'cancelled' || row.status === 'completed' || row.status === 'no_show')
        throw new PmsError('conflict', 'This appointment can no longer be moved.');
      const busy = await patientBusy(tx, { patientId: row.patientId, startsAt, endsAt, except: remoteId });
      if (busy) throw busy;
      // A visit confirmed for its old time is not confirmed for the new one: back to pending, so the
      // confirmation calls and texts ask again. A change of provider or room at the same time keeps it.
      const status = startsAt.getTime() === current.start.getTime() ? row.status : 'pending';
      for (const { c, room } of choices) {
        const values = { startsAt, endsAt, providerId: c.provider.id, operatoryId: room, status };
        if (await tryMove(tx, remoteId, row.patientId, values)) return;
      }
      throw new PmsError('conflict', `${date} ${formatHm(start)} is not available`);
    });
    return (await getAppointment(remoteId))!;
  }

  async function cancel(remoteId: string): Promise<void> {
    const updated = isUuid(remoteId)
      ? await db
          .update(appointments)
          .set({ status: 'cancelled' })
          .where(and(ours.appointments, eq(appointments.id, remoteId)))
          .returning({ id: appointments.id })
      : [];
    if (updated.length === 0) throw new PmsError('not_found', `Unknown appointment: ${remoteId}`);
  }

  async function confirm(remoteId: string): Promise<void> {
    const updated = isUuid(remoteId)
      ? await db
          .update(appointments)
          .set({ status: 'confirmed' })
          .where(and(ours.appointments, eq(appointments.id, remoteId), eq(appointments.status, 'pending')))
          .returning({ id: appointments.id })
      : [];
    if (updated.length > 0) return;
    // Already confirmed is fine; cancelled, completed or unknown is not.
    const [row] = isUuid(remoteId)
      ? await db
          .select({ status: appointments.status })
          .from(appointments)
          .where(and(ours.appointments, eq(appointments.id, remoteId)))
      : [];
    if (!row) throw new PmsError('not_found', `Unknown appointment: ${remoteId}`);
    if (row.status !== 'confirmed')
      throw new PmsError('conflict', 'This appointment can no longer be confirmed.');
  }

  /**
   * One grouped read: per patient, the last kept hygiene visit and whether anything is booked. `keptVisit` and
   * `booked` are recall.ts's `isKeptVisit` and `isBooked` in SQL (recall.db.test.ts holds them together).
   */
  async function dueForRecall({ since, dueBefore, now: at }: RecallQuery): Promise<RecallCandidate[]> {
    // A no-show is cancelled in the port's terms (`Appointment.cancelled`): the patient did not keep it.
    const live = notInArray(appointments.status, ['cancelled', 'no_show']);
    const keptVisit = and(live, lte(appointments.endsAt, at));
    const booked = and(live, gt(appointments.endsAt, at));
    const hygiene = inArray(appointments.appointmentType, [...HYGIENE_TYPES]);
    const lastVisit =
      sql<Date | null>`max(${appointments.startsAt}) filter (where ${and(keptVisit, hygiene)})`.mapWith(
        appointments.startsAt,
      );
    const rows = await db
      .select({
        patient: patients,
        lastVisit,
      })
      .from(appointments)
      .innerJoin(patients, eq(patients.id, appointments.patientId))
      .where(and(ours.appointments, gte(appointments.startsAt, since)))
      .groupBy(patients.id)
      .having(and(lt(lastVisit, dueBefore), not(sql`coalesce(bool_or(${booked}), false)`)))
      .orderBy(asc(lastVisit), asc(patients.id));
    return rows.flatMap(({ patient, lastVisit: start }) =>
      start ? [{ patient: toPatient(patient), lastVisit: { start, wallStart: wall(start) } }] : [],
    );
  }

  /** Kept is `completed`; either outcome may replace the other (staff correct a mistake), never a cancellation. */
  async function settle(remoteId: string, outcome: SettledOutcome): Promise<void> {
    const status: AppointmentStatus = outcome === 'kept' ? 'completed' : 'no_show';
    const mine = and(ours.appointments, eq(appointments.id, remoteId));
    const updated = isUuid(remoteId)
      ? await db
          .update(appointments)
          .set({ status })
          .where(and(mine, ne(appointments.status, 'cancelled'), lte(appointments.startsAt, now())))
          .returning({ id: appointments.id })
      : [];
    if (updated.length > 0) return;
    const [row] = isUuid(remoteId)
      ? await db.select({ status: appointments.status }).from(appointments).where(mine)
      : [];
    if (!row) throw new PmsError('not_found', `Unknown appointment: ${remoteId}`);
    throw new PmsError(
      'conflict',
      row.status === 'cancelled'
        ? 'A cancelled visit cannot be marked kept or no-show.'
        : 'A visit can be marked kept or no-show once it has started.',
    );
  }

  return {
    async listProviders() {
      return (await activeProviders()).map((p) => ({
        remoteId: p.id,
        name: p.name,
        displayName: p.displayName,
        kind: p.kind,
      }));
    },
    async listOperatories() {
      return (await allOperatories()).map((o) => ({
        remoteId: o.id,
        name: o.name,
        displayName: o.displayName,
      }));
    },
    async listAppointments({ start, end }) {
      const rows = await selectAppointments(
        and(gte(appointments.startsAt, start), lt(appointments.startsAt, end)),
      ).orderBy(asc(appointments.startsAt), asc(appointments.id));
      return rows.map(toAppointment);
    },
    async listPatientAppointments(patientRemoteId, { start, end }) {
      if (!isUuid(patientRemoteId)) return [];
      const rows = await selectAppointments(
        and(
          eq(appointments.patientId, patientRemoteId),
          gte(appointments.startsAt, start),
          lt(appointments.startsAt, end),
        ),
      ).orderBy(asc(appointments.startsAt), asc(appointments.id));
      return rows.map(toAppointment);
    },
    findPatientsByPhone: (phone) =>
      caches.patients.get(`${practiceId}|${phone}`, () => patientsOnNumber(phone)),
    createPatient: createPatient(db),
    openSlots,
    book,
    getAppointment,
    reschedule,
    cancel,
    confirm,
    dueForRecall,
    settle,
  };
}
