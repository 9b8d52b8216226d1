import {
  bookedMessage,
  type AppointmentItem,
  type BookOutcome,
  type PendingRequestResult,
  type PatientVisits,
  type PatientWithAppointment,
  type ProviderItem,
  type SlotItem,
} from '#shared/schemas/schedule';
import type { Tx } from '../../db/client';
import { IdempotencyKeyBusyError, IdempotencyKeyReusedError, type Idempotency } from '../../db/idempotency';
import type { EventBus, EventPayload } from '../../events';
import { AppError, badRequest, conflict, idempotencyKeyReused, notFound } from '../../errors';
import {
  CONNECTOR_NOT_FOUND,
  isPmsError,
  patientBusyMessage,
  PatientBusyError,
  type ExistingBooking,
} from '../../integrations/practice-management/index';
import { toE164 } from '../../lib/phone';
import {
  FIRST_AVAILABLE,
  type Appointment,
  type BookInput,
  type PracticeManagement,
  type RescheduleInput,
  type SettledOutcome,
} from '../../integrations/practice-management/port';
import type { ChangeChannel } from '../../db/schema/index';
import {
  addMinutesToWall,
  instantFromWall,
  isDate,
  normalizeWall,
  wallFromInstant,
} from '../../lib/wall-time';
import type { Viewer } from '../../plugins/auth';
import type { PracticeContext } from '../../practice';
import type { ConnectorsService } from '../connectors/connectors.service';
import { newConfirmationNumber } from '../../lib/confirmation-number';
import type { Integrations } from '../../integrations/index';
import type { PracticeConnector, ScheduleRepo } from './schedule.repo';
import { createKeyedTurns } from '../../lib/keyed-turns';
import {
  closedMessage,
  movedNothingMessage,
  nearestOpenTimes,
  NOT_MOVABLE_MESSAGE,
  passedTimeMessage,
} from './nearest-open-times';
import { isLate, outcomeOf } from './outcomes';
import { collapseSpaces } from '../../lib/text';
import { weekJson } from './week-json';

export const NO_CONNECTOR_MESSAGE = 'No active linked account is available to you.';

export interface ScheduleServiceDeps {
  repo: ScheduleRepo;
  integrations: Pick<Integrations, 'pms' | 'inDatabase'>;
  idempotency: Idempotency;
  connectors: Pick<ConnectorsService, 'activeFor' | 'activeOf'>;
  /** `appointment.created` after every new booking (the booking confirmation text listens). */
  events?: Pick<EventBus, 'publish'>;
  /** A change made in the practice system whose record here failed: logged (ids and codes only). */
  warn?: (detail: object, message: string) => void;
  now?: () => Date;
}

/**
 * One practice as a request sees it (issue 22's PracticeContext with the active connector): the practice
 * (id, name, time zone, status), its connector and the adapter that reaches that practice's schedule.
 */
export interface Practice extends PracticeContext {
  connector: PracticeConnector;
  pms: PracticeManagement;
  /** The schedule is in our own database (the built-in one), so the read caches know when it changes. */
  inDatabase: boolean;
  /** For a schedule in our own database: the same adapter working inside the caller's transaction. */
  within?: (tx: Tx) => PracticeManagement;
  /** Practice-local wall time now. */
  nowWall: string;
  today: string;
}

/** 409: the patient already holds an overlapping appointment; the message names its confirmation number. */
export class PatientAlreadyBookedError extends AppError {
  constructor(readonly existing: ExistingBooking) {
    super(409, 'conflict', patientBusyMessage(existing));
  }
}

/** 409: the time was taken (also by a booking racing this one); the spec's message. */
export class TimeTakenError extends AppError {
  constructor(time: string, date: string) {
    super(409, 'conflict', bookedMessage(time, date));
  }
}

const DAY_MS = 24 * 3600_000;
/** How far back the first outcome sync of a practice reads (later ones read from where the last stopped). */
const FIRST_SYNC_DAYS = 90;
/** Each sync reads again this far behind the newest change it saw: Kolla's filter counts whole seconds. */
const SYNC_OVERLAP_MS = 60_000;
/** How far ahead a caller's own appointments are looked for. */
const CALLER_HORIZON_DAYS = 365;
/** How far back Book Appointment counts a patient's visits. */
const VISIT_HISTORY_DAYS = 730;

/** Where a change to an appointment comes from, for the ledger and the events. */
export interface ChangeSource {
  channel: ChangeChannel;
  /** The voice platform's call id, when the change was made on (or from) a call. */
  providerCallId?: string | null;
}
const STAFF: ChangeSource = { channel: 'staff' };
const DEFAULT_WINDOW_DAYS = { before: 14, after: 35 };
const MAX_WINDOW_DAYS = 93;
const UPCOMING_DAYS = 60;

export function toAppointmentItem(a: Appointment): AppointmentItem {
  return {
    remote_id: a.remoteId,
    start_time: a.start.toISOString(),
    end_time: a.end.toISOString(),
    wall_start_time: a.wallStart,
    wall_end_time: a.wallEnd,
    contact: { given_name: a.contact.givenName, family_name: a.contact.familyName, name: a.contact.name },
    resources: a.resources.map((r) => ({ type: r.type, remote_id: r.remoteId, display_name: r.displayName })),
    providers: a.providers.map((p) => ({ remote_id: p.remoteId, display_name: p.displayName })),
    operatory: a.resources.find((r) => r.type === 'OPERATORY')?.displayName ?? null,
    appointment_type: a.appointmentType ?? null,
    notes: a.notes,
    confirmed: a.confirmed,
    completed: a.completed,
    cancelled: a.cancelled,
    no_show: a.noShow,
    confirmation_number: a.confirmationNumber ?? null,
  };
}

/** `appointment.created` of a new booking: who, when (practice wall time) and the number to text. */
function createdEvent(
  practice: PracticeContext,
  a: Appointment,
  source: ChangeSource,
): EventPayload<'appointment.created'> {
  return {
    channel: source.channel,
    providerCallId: source.providerCallId ?? null,
    practiceId: practice.id,
    appointmentId: a.remoteId,
    confirmationNumber: a.confirmationNumber ?? a.remoteId,
    patientId: a.contact.remoteId ?? null,
    patientName: a.contact.name,
    phone: (a.contact.phone && toE164(a.contact.phone)) || null,
    date: a.wallStart.slice(0, 10),
    time: a.wallStart.slice(11, 16),
  };
}

export function createScheduleService({
  repo,
  integrations,
  idempotency,
  connectors,
  events,
  warn,
  now = () => new Date(),
}: ScheduleServiceDeps) {
  const bookingTurns = createKeyedTurns();

  /**
   * What is written here once the practice system made a change (the ledger, the visit's outcome, the event).
   * Its failure is logged and never said as the change's answer: a caller told "please try again" after a
   * cancellation that happened tries again, and hears that the visit cannot be found.
   */
  async function recorded(practiceId: string, change: string, work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error) {
      const { name, code } = error as { name?: string; code?: string };
      warn?.({ practiceId, change, err: { type: name, code } }, 'a change was made but not recorded');
    }
  }
  const recordChange = (
    practice: PracticeContext,
    appointment: Appointment,
    change: 'created' | 'confirmed' | 'rescheduled' | 'cancelled',
    source: ChangeSource,
    times: {
      fromStart?: Date;
      toStart?: Date;
      late?: boolean;
      appointmentType?: string;
      newPatient?: boolean;
    },
  ) =>
    repo.recordChange(practice.id, {
      appointmentRef: appointment.remoteId,
      change,
      channel: source.channel,
      providerCallId: source.providerCallId ?? null,
      ...times,
    });
  function practiceOf(practice: PracticeContext, connector: PracticeConnector | undefined): Practice {
    if (!connector) throw notFound(NO_CONNECTOR_MESSAGE);
    const { id, name, timeZone, status } = practice;
    const nowWall = wallFromInstant(now(), timeZone);
    const inDatabase = integrations.inDatabase(connector);
    const where = { practiceId: id, timeZone };
    return {
      id,
      name,
      timeZone,
      status,
      connector,
      pms: integrations.pms(connector, where),
      inDatabase,
      ...(inDatabase && { within: (tx: Tx) => integrations.pms(connector, where, tx) }),
      nowWall,
      today: nowWall.slice(0, 10),
    };
  }

  /** The practice's oldest active connector decides its schedule. */
  const forPractice = async (practice: PracticeContext): Promise<Practice> =>
    practiceOf(practice, await connectors.activeOf(practice));

  /** Keeps a booking the practice system could not take for staff; the answer carries its number. */
  async function savePending(
    practice: Practice,
    input: BookInput & { appointmentType: string },
    shown: { date: string; time: string; typeLabel: string },
  ): Promise<PendingRequestResult> {
    const requestNumber = await repo.savePendingRequest(
      practice.id,
      {
        connectorId: practice.connector.connectorId,
        appointmentType: input.appointmentType,
        wallStart: input.startTime,
        providerId: input.providerId,
        patient: input.patient,
        notes: input.notes ?? '',
      },
      () => `REQ-${newConfirmationNumber()}`,
    );
    return {
      success: false,
      pending: true,
      request_number: requestNumber,
      error: `The practice system could not be reached: ${CONNECTOR_NOT_FOUND}.`,
      message: `The practice system could not be reached, so request ${requestNumber} for ${shown.typeLabel} on ${shown.date} at ${shown.time} was saved for the office, which will make contact within 24 hours.`,
    };
  }

  /** A booking outside opening hours: 409 'closed', naming the nearest open times. */
  async function closedError(practice: Practice, input: BookInput): Promise<AppError> {
    const wallStart = normalizeWall(input.startTime) ?? input.startTime;
    const nearest = await nearestOpenTimes(practice.pms, {
      wallStart,
      providerId: input.providerId,
      durationMinutes: input.durationMinutes,
      today: practice.today,
    });
    const provider =
      input.providerId === FIRST_AVAILABLE
        ? undefined
        : (await practice.pms.listProviders()).find((p) => p.remoteId === input.providerId);
    const name = provider && collapseSpaces(provider.displayName);
    return new AppError(409, 'closed', closedMessage(wallStart, nearest, name));
  }

  return {
    /** The viewer's practice with the oldest active connector the viewer may see. */
    forUser: async (viewer: Viewer) => practiceOf(viewer.practice, await connectors.activeFor(viewer)),
    /** For jobs and webhooks that already know their practice. */
    forPractice,
    /**
     * The practice a voice call is for, decided by the number called (any format): the practice holding it,
     * with the connector its mapping names (while active), else the practice's active connector. A number
     * no practice holds gets none: the caller decides what to say. The practice may be suspended: see
     * `status`.
     */
    forCalledNumber: async (calledNumber: string | undefined): Promise<Practice | undefined> => {
      const e164 = calledNumber ? toE164(calledNumber) : undefined;
      const holder = e164 && (await repo.holderOfNumber(e164));
      const practice = holder && (await repo.practice(holder.practiceId));
      if (!holder || !practice) return undefined;
      return holder.connector ? practiceOf(practice, holder.connector) : forPractice(practice);
    },
    /** A practice by id, for domain events and jobs, which carry only the id. */
    practice: (id: string): Promise<PracticeContext | undefined> => repo.practice(id),
    appointmentType: repo.appointmentType,

    /** [start, end) as instants; dates are practice-local midnights. Default: a window around today. */
    range(practice: Practice, start?: string, end?: string): { start: Date; end: Date } {
      const instant = (value: string) => {
        if (value.length !== 10) return new Date(value);
        if (!isDate(value)) throw badRequest(`Not a date: ${value}`);
        return instantFromWall(`${value}T00:00:00`, practice.timeZone);
      };
      const midnight = `${practice.today}T00:00:00`;
      const range = {
        start: start
          ? instant(start)
          : instantFromWall(
              addMinutesToWall(midnight, -DEFAULT_WINDOW_DAYS.before * 1440),
              practice.timeZone,
            ),
        end: end
          ? instant(end)
          : instantFromWall(addMinutesToWall(midnight, DEFAULT_WINDOW_DAYS.after * 1440), practice.timeZone),
      };
      if (!(range.end > range.start)) throw badRequest('end must be after start.');
      if (range.end.getTime() - range.start.getTime() > MAX_WINDOW_DAYS * DAY_MS) {
        throw badRequest(`Ask for at most ${MAX_WINDOW_DAYS} days at a time.`);
      }
      return range;
    },

    async listAppointments(
      practice: Practice,
      range: { start: Date; end: Date },
    ): Promise<AppointmentItem[]> {
      return (await practice.pms.listAppointments(range)).map(toAppointmentItem);
    },

    /**
     * `{ appointments, time_zone }` of the built-in schedule as JSON bytes (ADR 062): the calendar's week of
     * thousands of visits without an object per field.
     */
    async appointmentListJson(practice: Practice, range: { start: Date; end: Date }): Promise<Buffer> {
      if (!practice.inDatabase) throw new Error('appointmentListJson is for the built-in schedule');
      return weekJson(await repo.weekRows(practice.id, practice.timeZone, range), practice.timeZone);
    },

    async listProviders(practice: Practice): Promise<ProviderItem[]> {
      return (await practice.pms.listProviders()).map((p) => ({
        remote_id: p.remoteId,
        name: p.name,
        display_name: p.displayName,
      }));
    },

    async slots(
      practice: Practice,
      date: string,
      providerId: string,
      durationMinutes?: number,
    ): Promise<SlotItem[]> {
      // Only free times, never in the past: a past day has none.
      if (date < practice.today) return [];
      const slots = await practice.pms.openSlots({ date, providerId, durationMinutes });
      return slots.map((s) => ({
        time: s.time,
        start_time: s.startTime,
        provider_id: s.providerId,
        provider_name: s.providerName,
      }));
    },

    /** The appointment types' labels (e.g. for the text templates' PHI rule). */
    async appointmentTypeLabels(): Promise<string[]> {
      return [...(await repo.appointmentTypeLabels()).values()];
    },

    /** Patients with a live appointment ahead, each with the nearest one (for outbound calls). */
    async patientsWithAppointments(practice: Practice): Promise<PatientWithAppointment[]> {
      const start = now();
      const [upcoming, labels] = await Promise.all([
        practice.pms.listAppointments({ start, end: new Date(start.getTime() + UPCOMING_DAYS * DAY_MS) }),
        repo.appointmentTypeLabels(),
      ]);
      const byPatient = new Map<string, PatientWithAppointment>();
      for (const a of upcoming) {
        const id = a.contact.remoteId ?? a.contact.phone;
        if (a.cancelled || !id || byPatient.has(id)) continue;
        byPatient.set(id, {
          id,
          name: a.contact.name,
          phone_number: a.contact.phone ?? null,
          email: a.contact.email ?? null,
          next_appointment: {
            id: a.remoteId,
            date: a.wallStart.slice(0, 10),
            time: a.wallStart.slice(11, 16),
            provider: a.providers[0]?.displayName ?? '',
            type: (a.appointmentType && labels.get(a.appointmentType)) ?? a.appointmentType ?? '',
          },
        });
      }
      return [...byPatient.values()];
    },

    /**
     * Books once per idempotency key (a different request under a used key: 422). A time that is taken (also by a booking racing this one) answers
     * 409 with the spec's message. An unknown connector target stores a pending request instead (ADR 021).
     */
    async book(
      practice: Practice,
      input: BookInput & { appointmentType: string },
      shown: { date: string; time: string; typeLabel: string },
      idempotent?: { key: string; request: unknown },
      source: ChangeSource = STAFF,
    ): Promise<BookOutcome> {
      // The appointment this call made (none on an idempotent replay or a pending request).
      let booked: Appointment | undefined;
      const bookWith = async (pms: PracticeManagement): Promise<BookOutcome> => {
        let appointment: Appointment;
        try {
          appointment = await pms.book(idempotent ? { ...input, idempotencyKey: idempotent.key } : input);
        } catch (error) {
          if (error instanceof PatientBusyError) throw new PatientAlreadyBookedError(error.existing);
          if (isPmsError(error, 'conflict')) throw new TimeTakenError(shown.time, shown.date);
          if (isPmsError(error, 'connector_not_found')) return savePending(practice, input, shown);
          throw error;
        }
        booked = appointment;
        const provider = appointment.providers[0];
        const confirmation = appointment.confirmationNumber ?? appointment.remoteId;
        return {
          success: true,
          appointment: {
            confirmation_number: confirmation,
            date: appointment.wallStart.slice(0, 10),
            time: appointment.wallStart.slice(11, 16),
            start_time: appointment.wallStart,
            provider_id: provider?.remoteId ?? '',
            provider_name: provider?.displayName ?? '',
            appointment_type: input.appointmentType,
            patient_id: appointment.contact.remoteId ?? '',
            patient_name: appointment.contact.name,
          },
          error: null,
          message: `Booked ${shown.typeLabel} on ${shown.date} at ${shown.time}. Confirmation number ${confirmation}.`,
        };
      };
      const within = practice.within;
      const attempt = () => {
        if (!idempotent) return bookWith(practice.pms);
        const { key, request } = idempotent;
        // In our own database the booking and its key commit together (issue 11: kill -9 mid-booking).
        return within
          ? idempotency.inTransaction(practice.id, key, request, (tx) => bookWith(within(tx)))
          : idempotency.outside(practice.id, key, request, () => bookWith(practice.pms));
      };
      let outcome: BookOutcome;
      try {
        // Bookings of one day take turns (ADR 038): in this process they wait here, holding no connection, so
        // a crowd booking one day never empties the pool; across processes the day's advisory lock inside the
        // transaction does the same in our own database. A vendor's system, which checks a time and then
        // books it in two requests, takes its turns here too, with the day's moves.
        outcome = await bookingTurns(`${practice.id}:${input.startTime.slice(0, 10)}`, attempt);
      } catch (error) {
        if (error instanceof IdempotencyKeyReusedError) throw idempotencyKeyReused(error.message);
        if (error instanceof IdempotencyKeyBusyError) throw conflict(error.message);
        // After the transaction ended: the nearest open times are read on a connection of their own, and
        // holding one while waiting for another is how parallel bookings wedged the pool (ADR 038).
        if (isPmsError(error, 'closed')) throw await closedError(practice, input);
        throw error;
      }
      // After the commit and outside the day's turn; a subscriber's failure never fails the booking.
      if (booked && outcome.success) {
        const made = booked;
        await recorded(practice.id, 'created', async () => {
          await recordChange(practice, made, 'created', source, {
            toStart: made.start,
            appointmentType: input.appointmentType,
            newPatient: made.newPatient,
          });
          await events?.publish('appointment.created', createdEvent(practice, made, source));
        });
      }
      return outcome;
    },

    /** `work` once per idempotency key (a retried tool call gets the first answer); plainly without one. */
    async once<T>(
      practice: PracticeContext,
      idempotent: { key: string; request: unknown } | undefined,
      work: () => Promise<T>,
    ): Promise<T> {
      if (!idempotent) return work();
      try {
        return await idempotency.outside(practice.id, idempotent.key, idempotent.request, work);
      } catch (error) {
        if (error instanceof IdempotencyKeyReusedError) throw idempotencyKeyReused(error.message);
        if (error instanceof IdempotencyKeyBusyError) throw conflict(error.message);
        throw error;
      }
    },

    /** One appointment of the practice system by id (cancelled ones too), or undefined. */
    appointment: (practice: Practice, ref: string) => practice.pms.getAppointment(ref),

    /** The live appointments ahead (within a year) of the given patients, soonest first. */
    async upcomingOf(practice: Practice, patientIds: readonly string[]): Promise<Appointment[]> {
      const start = now();
      const range = { start, end: new Date(start.getTime() + CALLER_HORIZON_DAYS * DAY_MS) };
      const lists = await Promise.all(
        [...new Set(patientIds)].map((id) => practice.pms.listPatientAppointments(id, range)),
      );
      return lists
        .flat()
        .filter((a) => !a.cancelled && !a.completed)
        .sort((a, b) => a.start.getTime() - b.start.getTime());
    },

    /**
     * Moves an appointment (the port's atomic move): a taken time or one outside opening hours answers 409
     * naming the nearest open times, the patient's own overlapping visit 409 naming it; nothing changes.
     */
    async reschedule(
      practice: Practice,
      appointment: Appointment,
      input: RescheduleInput,
      source: ChangeSource,
    ): Promise<Appointment> {
      const wallStart = normalizeWall(input.startTime) ?? input.startTime;
      const date = wallStart.slice(0, 10);
      let moved: Appointment;
      try {
        // One day's moves and bookings take turns in this process (ADR 038); the port holds the real guard.
        moved = await bookingTurns(`${practice.id}:${date}`, () =>
          practice.pms.reschedule(appointment.remoteId, input),
        );
      } catch (error) {
        if (error instanceof PatientBusyError) throw new PatientAlreadyBookedError(error.existing);
        if (isPmsError(error, 'conflict')) {
          // The port says "conflict" also for a visit no longer movable and a time gone by: read both again,
          // so the caller is not offered times for a visit cancelled meanwhile (or told a past time is taken).
          const current = await practice.pms.getAppointment(appointment.remoteId);
          if (!current || current.cancelled || current.completed) throw conflict(NOT_MOVABLE_MESSAGE);
          if (wallStart.slice(0, 16) < wallFromInstant(now(), practice.timeZone).slice(0, 16))
            throw conflict(passedTimeMessage(wallStart));
          const length = (appointment.end.getTime() - appointment.start.getTime()) / 60_000;
          const nearest = await nearestOpenTimes(practice.pms, {
            wallStart,
            providerId: input.providerId,
            durationMinutes: input.durationMinutes ?? length,
            today: practice.today,
          });
          throw conflict(movedNothingMessage(wallStart, nearest));
        }
        if (isPmsError(error, 'closed'))
          throw await closedError(practice, {
            patient: { remoteId: appointment.contact.remoteId ?? '' },
            providerId: input.providerId,
            startTime: wallStart,
            durationMinutes: input.durationMinutes,
          });
        throw error;
      }
      await recorded(practice.id, 'rescheduled', async () => {
        await recordChange(practice, appointment, 'rescheduled', source, {
          fromStart: appointment.start,
          toStart: moved.start,
        });
        await events?.publish('appointment.rescheduled', {
          practiceId: practice.id,
          appointmentId: appointment.remoteId,
          channel: source.channel,
          providerCallId: source.providerCallId ?? null,
          from: appointment.start,
          to: moved.start,
        });
      });
      return moved;
    },

    /** Cancels in the practice system; a cancellation less than 24 hours ahead is recorded as late. */
    async cancel(practice: Practice, appointment: Appointment, source: ChangeSource): Promise<void> {
      await practice.pms.cancel(appointment.remoteId);
      const at = now();
      const late = isLate(appointment.start, at);
      await recorded(practice.id, 'cancelled', async () => {
        await recordChange(practice, appointment, 'cancelled', source, {
          fromStart: appointment.start,
          late,
        });
        await repo.recordOutcome(
          practice.id,
          { appointmentRef: appointment.remoteId, outcome: 'cancelled', late, decidedAt: at },
          'change',
        );
        await events?.publish('appointment.cancelled', {
          practiceId: practice.id,
          appointmentId: appointment.remoteId,
          channel: source.channel,
          providerCallId: source.providerCallId ?? null,
          late,
        });
      });
    },

    /**
     * Staff mark a visit that has started kept or a no-show (issue 25), in a schedule kept in the product; a
     * vendor's practice system is marked there and read back by the outcome sync.
     */
    async settle(practice: Practice, ref: string, outcome: SettledOutcome): Promise<AppointmentItem> {
      if (!practice.pms.settle) {
        throw conflict(
          `Visits in ${practice.connector.name} are marked there; analytics reads the outcome from it.`,
        );
      }
      await practice.pms.settle(ref, outcome);
      const appointment = await practice.pms.getAppointment(ref);
      if (!appointment) throw notFound('Appointment not found.');
      await repo.recordOutcome(
        practice.id,
        { appointmentRef: ref, outcome, late: false, decidedAt: now() },
        'staff',
      );
      return toAppointmentItem(appointment);
    },

    /**
     * Reads what a practice system kept outside the product changed since the last run (Kolla's `update_time`)
     * and keeps the outcomes of the visits the product touched. Nothing for a schedule kept in the product.
     */
    async syncOutcomes(practice: Practice): Promise<{ read: number; recorded: number } | undefined> {
      if (!practice.pms.listChangedSince) return undefined;
      const lastRunAt = now();
      const through = await repo.syncedThrough(practice.id);
      const since = through
        ? new Date(through.getTime() - SYNC_OVERLAP_MS)
        : new Date(lastRunAt.getTime() - FIRST_SYNC_DAYS * DAY_MS);
      try {
        const changed = await practice.pms.listChangedSince(since);
        const records = changed.flatMap((a) => outcomeOf(a, lastRunAt) ?? []);
        const recorded = await repo.recordSyncedOutcomes(practice.id, records);
        const newest = changed.reduce<Date | null>(
          (max, a) => (a.updatedAt && (!max || a.updatedAt > max) ? a.updatedAt : max),
          through,
        );
        await repo.saveSync(practice.id, {
          ...(newest && { syncedThrough: newest }),
          lastRunAt,
          lastError: null,
        });
        return { read: changed.length, recorded };
      } catch (error) {
        await repo.saveSync(practice.id, {
          lastRunAt,
          lastError: error instanceof Error ? error.name : 'Error',
        });
        throw error;
      }
    },

    /** What became of a patient's visits of the last two years, and how many are ahead (Book Appointment). */
    async patientVisits(practice: Practice, patientId: string): Promise<PatientVisits> {
      const at = now();
      const visits = await practice.pms.listPatientAppointments(patientId, {
        start: new Date(at.getTime() - VISIT_HISTORY_DAYS * DAY_MS),
        end: new Date(at.getTime() + CALLER_HORIZON_DAYS * DAY_MS),
      });
      const counts: PatientVisits = { kept: 0, noShow: 0, cancelled: 0, unresolved: 0, upcoming: 0 };
      for (const v of visits) {
        if (v.noShow) counts.noShow++;
        else if (v.cancelled) counts.cancelled++;
        else if (v.completed) counts.kept++;
        else if (v.start <= at) counts.unresolved++;
        else counts.upcoming++;
      }
      return counts;
    },

    /** Active practices whose schedule is kept outside the product: the ones the outcome sync polls. */
    practicesToSync: () => repo.practicesWithOutsideSchedules(),

    /** Marks the appointment confirmed by the patient in the practice system. */
    async confirm(practice: Practice, appointment: Appointment, source: ChangeSource): Promise<void> {
      await practice.pms.confirm(appointment.remoteId);
      await recorded(practice.id, 'confirmed', async () => {
        await recordChange(practice, appointment, 'confirmed', source, { toStart: appointment.start });
        await events?.publish('appointment.confirmed', {
          practiceId: practice.id,
          appointmentId: appointment.remoteId,
          channel: source.channel,
          providerCallId: source.providerCallId ?? null,
        });
      });
    },
  };
}
export type ScheduleService = ReturnType<typeof createScheduleService>;
