/**
 * The narrow practice-management port. Every adapter (built-in sandbox, Kolla, …) implements it.
 *
 * Conventions:
 * - `remoteId` is the id the adapter accepts back (e.g. in `book` or `cancel`); treat it as opaque.
 * - Wall times are practice-local `YYYY-MM-DDTHH:mm:ss` strings with no offset; place calendar items by them.
 * - Instants (`Date`) are absolute. Phones are E.164 when they could be parsed.
 * - Failures are `PmsError`s (see errors.ts).
 */

export type ProviderKind = 'dentist' | 'hygienist';

export interface Provider {
  remoteId: string;
  /** Human name with tidy spacing. */
  name: string;
  /** Verbatim from the practice system. */
  displayName: string;
  /** Absent when the practice system does not say. */
  kind?: ProviderKind;
}

export interface Operatory {
  remoteId: string;
  name: string;
  displayName: string;
}

export type ResourceType = 'PROVIDER' | 'OPERATORY';

export interface AppointmentResource {
  type: ResourceType;
  remoteId: string;
  displayName: string;
}

export interface Patient {
  remoteId: string;
  givenName: string;
  familyName: string;
  /** The name the patient goes by ("Bob" for Robert), where the practice system keeps one apart. */
  preferredName?: string;
  /** Display name; may be empty when the practice system has no name. */
  name: string;
  phone?: string;
  email?: string;
}

export type AppointmentContact = Omit<Patient, 'remoteId'> & { remoteId?: string };

export interface Appointment {
  remoteId: string;
  start: Date;
  end: Date;
  wallStart: string;
  wallEnd: string;
  contact: AppointmentContact;
  providers: { remoteId: string; displayName: string }[];
  /** Providers and operatories together. */
  resources: AppointmentResource[];
  notes: string;
  confirmed: boolean;
  completed: boolean;
  /** True for cancelled and broken (no-show) appointments: either way the time is free again. */
  cancelled: boolean;
  /**
   * The patient missed the visit: marked so in the built-in schedule, or broken in the practice system less
   * than 24 hours before its start (broken earlier is a cancellation). `cancelled` is true as well.
   */
  noShow: boolean;
  /** When the practice system last changed it, where it says (Kolla's `update_time`). */
  updatedAt?: Date;
  /** From `book` only: the booking made the patient's record (a new patient). */
  newPatient?: boolean;
  /** What to read to the patient or staff to find the booking. */
  confirmationNumber?: string;
  appointmentType?: string;
}

export interface NewPatient {
  givenName: string;
  familyName: string;
  /** E.164 */
  phone: string;
  email?: string;
}

export const FIRST_AVAILABLE = 'first_available';

export interface OpenSlotsQuery {
  /** Practice-local `YYYY-MM-DD`. */
  date: string;
  /** A provider's `remoteId`, or `FIRST_AVAILABLE`. */
  providerId: string;
  /** The visit's length: every offered time can be booked for it. Default 30. */
  durationMinutes?: number;
}

export interface Slot {
  /** `HH:mm`, practice-local. */
  time: string;
  /** Wall time `YYYY-MM-DDTHH:mm:ss`. */
  startTime: string;
  providerId: string;
  providerName: string;
}

export interface BookInput {
  /** An existing patient, or one to find by phone and name (and create when new). */
  patient: { remoteId: string } | NewPatient;
  /** A provider's `remoteId`, or `FIRST_AVAILABLE`. */
  providerId: string;
  /** Wall time `YYYY-MM-DDTHH:mm[:ss]`, e.g. a `Slot.startTime`. */
  startTime: string;
  /** Default 30. */
  durationMinutes?: number;
  /** Chosen by the adapter (first free) when absent. */
  operatoryId?: string;
  appointmentType?: string;
  notes?: string;
  /**
   * The caller's idempotency key for this booking (one per practice). A vendor that offers idempotent creates
   * is sent a request id made from it, so a retry after a lost answer gets the first booking back instead of
   * making a second one.
   */
  idempotencyKey?: string;
}

export interface RescheduleInput {
  /** Wall time `YYYY-MM-DDTHH:mm[:ss]` of the new start. */
  startTime: string;
  /** A provider's `remoteId`, or `FIRST_AVAILABLE` (the appointment's own provider first, then anyone free). */
  providerId: string;
  /** Default: the appointment's own length. */
  durationMinutes?: number;
}

/** Who is due for recall (issue 24); the rule's parts are in recall.ts. */
export interface RecallQuery {
  /** History is read from here on (`RECALL_LOOKBACK_MONTHS` before today). */
  since: Date;
  /** A patient whose last kept hygiene visit started before this instant is due (the recall interval ago). */
  dueBefore: Date;
  now: Date;
}

export interface RecallCandidate {
  patient: Patient;
  /** The last kept hygiene visit (`isKeptVisit`, `isHygieneVisit`). */
  lastVisit: { start: Date; wallStart: string };
}
/** What staff say happened to a visit that has started. */
export type SettledOutcome = 'kept' | 'no_show';

export interface PracticeManagement {
  listProviders(): Promise<Provider[]>;
  listOperatories(): Promise<Operatory[]>;
  /** Appointments starting in [start, end), cancelled ones included. */
  listAppointments(range: { start: Date; end: Date }): Promise<Appointment[]>;
  /** `phone` is E.164. */
  findPatientsByPhone(phone: string): Promise<Patient[]>;
  createPatient(input: NewPatient): Promise<Patient>;
  /** Free start times; never in the past. */
  openSlots(query: OpenSlotsQuery): Promise<Slot[]>;
  /**
   * Every time `openSlots` offers for the same provider and duration books (unless taken meanwhile). Throws `PmsError`
   * 'conflict' when the time is not free, `PatientBusyError` when the patient already holds an overlapping
   * appointment.
   */
  book(input: BookInput): Promise<Appointment>;
  /** One patient's appointments starting in [start, end), cancelled ones included. */
  listPatientAppointments(patientRemoteId: string, range: { start: Date; end: Date }): Promise<Appointment[]>;
  /** One appointment by id, cancelled ones included; undefined when there is none. */
  getAppointment(remoteId: string): Promise<Appointment | undefined>;
  /**
   * Moves a live appointment to a new time, atomically: the new time is held before the old one is released,
   * and when it cannot be (`PmsError` 'conflict' taken, 'closed' outside hours, `PatientBusyError`) nothing
   * changes. 'not_found' for an unknown id, 'conflict' for a cancelled or completed one.
   */
  reschedule(remoteId: string, input: RescheduleInput): Promise<Appointment>;
  cancel(remoteId: string): Promise<void>;
  /** Marks the appointment confirmed by the patient (a "yes" on a confirmation call). */
  confirm(remoteId: string): Promise<void>;
  /**
   * The patients due for recall: a kept hygiene visit since `since`, the last one before `dueBefore`, and
   * nothing booked (no live appointment that is not over). Oldest last visit first.
   */
  dueForRecall(query: RecallQuery): Promise<RecallCandidate[]>;
  /**
   * Marks a visit that has started kept (completed) or a no-show; 'conflict' for a cancelled one or one not
   * started yet. Only where staff keep the schedule in the product (the built-in one); a vendor's practice
   * system is marked in that system and read back by `listChangedSince`.
   */
  settle?(remoteId: string, outcome: SettledOutcome): Promise<void>;
  /**
   * Appointments the practice system changed after `since` (Kolla's `update_time`), every page; for a
   * schedule kept outside the product, whose outcomes (kept, broken, cancelled) are polled (issue 25).
   */
  listChangedSince?(since: Date): Promise<Appointment[]>;
}
