import { asc, eq, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../client';
import {
  appointmentChanges,
  appointments,
  appointmentTypes,
  appointmentTypeValues,
  callbacks,
  callProcessing,
  calls,
  conversations,
  messages,
  messagingSettings,
  operatories,
  outboundCalls,
  patients,
  phoneNumbers,
  assistants,
  providers,
  providerWorkingHours,
  type AppointmentStatus,
  type ChangeChannel,
  type VisitOutcome,
  visits,
} from '../schema/index';
import { overlaps, type Interval } from '../../integrations/practice-management/slots';
import { appointmentNotes } from '../../lib/appointment-notes';
import {
  addMinutesToWall,
  instantFromWall,
  minutesOfDay,
  wallAt,
  wallFromInstant,
} from '../../lib/wall-time';
import type { BookingSource } from '#shared/schemas/analytics';
import { BRIGHT_SMILE_SCHEDULE } from './demo-schedule';
import { createRandom, uniqueConfirmationNumber, type Random } from './random';
import { DENTAL_CALL_SCRIPT } from './voice-data';
import { readAll } from '../read-all';

/**
 * Six months of the demo practice's history for Analytics (issue 25): calls day by day (more in working hours,
 * some after hours and at weekends) with their costs, the bookings they made (during the call, by the Processor,
 * from a callback, on a follow-up call) and staff's own, each a visit in the built-in schedule with its line in
 * the appointment ledger; reminders by call or text before the visits, confirmations, and what became of each
 * visit (kept, no-show, cancelled, late or not, a few not marked yet); callback tasks closed in time or late; a
 * value per appointment type. Deterministic (its own seeded generator), written in batches.
 */

const HISTORY_SEED = 20251125;
const DAYS = 182;
const DAY_MS = 24 * 3600_000;
const MINUTE_MS = 60_000;

/** What the practice charges, roughly, per visit type (dollars): the demo's estimated value. */
const VALUES: Record<string, number> = {
  dental_cleaning: 150,
  dental_checkup: 95,
  dental_examination: 120,
  filling: 220,
  root_canal: 1100,
  teeth_whitening: 400,
  orthodontic_consultation: 150,
  periodontal_treatment: 300,
  oral_surgery: 900,
  emergency_dental: 250,
};

/** A version-4 shaped id from the seeded generator, so the history is the same on every run. */
function uuidFrom(random: Random): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random.next() * 16).toString(16));
  hex[12] = '4';
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;
const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Rows into a table in one statement per shape of row (the columns a row names; the others take their
 * defaults), sent as one JSON parameter: thousands of rows cost a few milliseconds of building instead of a
 * query builder's second.
 */
async function insertAll(tx: Tx, table: PgTable, rows: Record<string, unknown>[]) {
  const shapes = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    const keys = Object.keys(row).filter((k) => row[k] !== undefined);
    const shape = keys.join(',');
    const group = shapes.get(shape);
    if (group) group.push(row);
    else shapes.set(shape, [row]);
  }
  const name = sql.identifier(getTableName(table));
  for (const [shape, group] of shapes) {
    const columns = sql.join(
      shape.split(',').map((key) => sql.identifier(snake(key))),
      sql`, `,
    );
    const json = JSON.stringify(
      group.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [snake(key), value]))),
    );
    await tx.execute(sql`insert into ${name} (${columns})
      select ${columns} from json_populate_recordset(null::${name}, ${json}::json)`);
  }
}

type CallRow = typeof calls.$inferInsert;
/** A call the history made, as a booking on it needs it. */
interface MadeCall {
  id: string;
  providerId: string;
  endedAt: Date;
  assistantId: string;
  phoneNumberId: string | null;
}
type Patient = { id: string; givenName: string; familyName: string; phone: string; email: string | null };

export async function seedDemoHistory(tx: Tx, practice: { id: string; timeZone: string }, now: Date) {
  const random = createRandom(HISTORY_SEED);
  const { id: practiceId, timeZone } = practice;
  const [assistantRows, numberRows, providerRows, hourRows, roomRows, patientRows, typeRows, existing] =
    await readAll(tx, [
      () =>
        tx
          .select()
          .from(assistants)
          .where(eq(assistants.practiceId, practiceId))
          .orderBy(asc(assistants.createdAt)),
      () =>
        tx
          .select()
          .from(phoneNumbers)
          .where(eq(phoneNumbers.practiceId, practiceId))
          .orderBy(asc(phoneNumbers.createdAt)),
      () =>
        tx.select().from(providers).where(eq(providers.practiceId, practiceId)).orderBy(asc(providers.name)),
      () => tx.select().from(providerWorkingHours).where(eq(providerWorkingHours.practiceId, practiceId)),
      () =>
        tx
          .select()
          .from(operatories)
          .where(eq(operatories.practiceId, practiceId))
          .orderBy(asc(operatories.name)),
      () =>
        tx
          .select()
          .from(patients)
          .where(eq(patients.practiceId, practiceId))
          .orderBy(asc(patients.createdAt)),
      () => tx.select().from(appointmentTypes),
      () => tx.select().from(appointments).where(eq(appointments.practiceId, practiceId)),
    ]);
  const line = (index: number) => ({
    assistantId: assistantRows[Math.min(index, assistantRows.length - 1)]!.id,
    number: numberRows[Math.min(index, numberRows.length - 1)]!,
  });
  const types = new Map(typeRows.map((t) => [t.code, t]));
  /** The reminders line texts go from. */
  const sender = line(2).number.number ?? '';
  const hoursOf = (weekday: number) =>
    hourRows.filter((h) => h.weekday === weekday).map((h) => ({ start: h.startMinute, end: h.endMinute }));
  const isOpen = (wall: string) =>
    hoursOf(weekdayOf(wall.slice(0, 10))).some(
      (h) => minutesOfDay(wall) >= h.start && minutesOfDay(wall) < h.end,
    );
  /** The first open half hour after an instant (when a callback is due). */
  const nextOpen = (after: Date): Date => {
    const at = wallFromInstant(after, timeZone);
    let wall = addMinutesToWall(`${at.slice(0, 10)}T00:00:00`, (Math.floor(minutesOfDay(at) / 30) + 1) * 30);
    for (let i = 0; i < 14 * 48 && !isOpen(wall); i++) wall = addMinutesToWall(wall, 30);
    return instantFromWall(wall, timeZone);
  };

  // Who is where when: the schedule's own visits first (the database refuses overlaps).
  const taken = new Map<
    string,
    { interval: Interval; providerId: string; roomId: string | null; patientId: string }[]
  >();
  const wallDay = (d: Date) => wallFromInstant(d, timeZone);
  for (const a of existing) {
    if (a.status === 'cancelled') continue;
    const start = wallDay(a.startsAt);
    const date = start.slice(0, 10);
    const list = taken.get(date) ?? [];
    list.push({
      interval: { start: minutesOfDay(start), end: minutesOfDay(wallDay(a.endsAt)) },
      providerId: a.providerId,
      roomId: a.operatoryId,
      patientId: a.patientId,
    });
    taken.set(date, list);
  }
  const confirmations = new Set(existing.map((a) => a.confirmationNumber));
  const today = wallDay(now).slice(0, 10);
  const dayOffset = (date: string, days: number) =>
    addMinutesToWall(`${date}T00:00:00`, days * 1440).slice(0, 10);

  const people: Patient[] = [...patientRows];
  const newPatients: (typeof patients.$inferInsert)[] = [];
  const phones = new Set(people.map((p) => p.phone));
  /** A caller: a patient on file, or someone new (on file once they book). */
  function caller(isNew: boolean): Patient {
    if (!isNew) return random.pick(people);
    let phone: string;
    do
      phone = `+1${random.pick(BRIGHT_SMILE_SCHEDULE.areaCodes)}${random.int(200, 989)}${random.int(1000, 9999)}`;
    while (phones.has(phone));
    phones.add(phone);
    return {
      id: uuidFrom(random),
      givenName: random.pick(BRIGHT_SMILE_SCHEDULE.givenNames),
      familyName: random.pick(BRIGHT_SMILE_SCHEDULE.familyNames),
      phone,
      email: null,
    };
  }
  const onFile = new Set(people.map((p) => p.id));
  function keep(patient: Patient) {
    if (onFile.has(patient.id)) return;
    onFile.add(patient.id);
    people.push(patient);
    newPatients.push({ ...patient, practiceId });
  }

  const callRows: CallRow[] = [];
  const processing: (typeof callProcessing.$inferInsert)[] = [];
  const tasks: (typeof callbacks.$inferInsert)[] = [];
  const appointmentRows: (typeof appointments.$inferInsert)[] = [];
  const ledger: (typeof appointmentChanges.$inferInsert)[] = [];
  const visitRows: (typeof visits.$inferInsert)[] = [];
  const placed: (typeof outboundCalls.$inferInsert)[] = [];
  const threads = new Map<string, typeof conversations.$inferInsert>();
  const texts: (typeof messages.$inferInsert)[] = [];

  /** A call with its transcript and cost; answers the platform's call id. */
  function call(
    startedAt: Date,
    fields: {
      lineIndex: number;
      type?: CallRow['type'];
      patient: Patient;
      lines: string[];
      reason: string;
      summary: string;
    },
  ): MadeCall {
    const id = uuidFrom(random);
    const seconds = Math.max(8, fields.lines.length * random.int(18, 40));
    const endedAt = new Date(startedAt.getTime() + seconds * 1000);
    const cost = round4((seconds / 60) * (0.09 + random.next() * 0.04));
    const web = fields.type === 'webCall';
    const { assistantId, number } = line(fields.lineIndex);
    callRows.push({
      id,
      practiceId,
      providerId: id,
      status: 'ended',
      type: fields.type ?? 'inboundPhoneCall',
      createdAt: startedAt,
      startedAt,
      endedAt,
      durationSeconds: seconds,
      endedReason: fields.reason,
      cost,
      costBreakdown: { total: cost },
      customerName: `${fields.patient.givenName} ${fields.patient.familyName}`,
      customerNumber: web ? null : fields.patient.phone,
      phoneNumberId: web ? null : number.id,
      assistantId,
      transcript: fields.lines.join('\n'),
      summary: fields.summary,
      messages: fields.lines.map((text, i) => ({
        timestamp: startedAt.getTime() + Math.floor((i * seconds * 1000) / fields.lines.length),
        type: text.startsWith('AI:') ? 'bot' : 'user',
        content: text.replace(/^(AI|User): /, ''),
      })),
      analysis: {
        summary: fields.summary,
        successEvaluation: fields.reason !== 'silence-timed-out' ? 'true' : 'false',
      },
    });
    return { id, providerId: id, endedAt, assistantId, phoneNumberId: web ? null : number.id };
  }

  /** A free half-hour start for a visit on a weekday `lead` days after `bookedAt`, or undefined. */
  function placeVisit(bookedAt: Date, patient: Patient, typeCode: string) {
    const type = types.get(typeCode)!;
    for (let attempt = 0; attempt < 25; attempt++) {
      let date = dayOffset(wallDay(bookedAt).slice(0, 10), random.int(1, 21));
      // Visits booked lately for days ahead land past the demo schedule's weeks, clear of the browser tests.
      if (date >= today) date = dayOffset(today, random.int(30, 45));
      const blocks = hoursOf(weekdayOf(date));
      if (blocks.length === 0) continue;
      const block = random.pick(blocks);
      const steps = Math.floor((block.end - block.start - type.durationMinutes) / 30);
      if (steps < 0) continue;
      const start = block.start + 30 * random.int(0, steps);
      const interval = { start, end: start + type.durationMinutes };
      const day = taken.get(date) ?? [];
      const busy = day.filter((t) => overlaps(t.interval, interval));
      if (busy.some((t) => t.patientId === patient.id)) continue;
      const provider = providerRows.find(
        (p) =>
          BRIGHT_SMILE_SCHEDULE.types[p.kind].includes(typeCode) && !busy.some((t) => t.providerId === p.id),
      );
      const room = roomRows.find((r) => !busy.some((t) => t.roomId === r.id));
      if (!provider || !room) continue;
      day.push({ interval, providerId: provider.id, roomId: room.id, patientId: patient.id });
      taken.set(date, day);
      return {
        providerId: provider.id,
        roomId: room.id,
        startsAt: instantFromWall(wallAt(date, start), timeZone),
        endsAt: instantFromWall(wallAt(date, interval.end), timeZone),
        wall: wallAt(date, start),
        label: type.label,
      };
    }
    return undefined;
  }

  function thread(patient: Patient, at: Date) {
    const known = threads.get(patient.phone);
    const row = known ?? {
      id: uuidFrom(random),
      practiceId,
      phoneNumber: patient.phone,
      phoneNumberId: line(2).number.id,
      patientId: patient.id,
      patientName: `${patient.givenName} ${patient.familyName}`,
      createdAt: at,
    };
    row.lastMessageAt = at;
    threads.set(patient.phone, row);
    return row.id!;
  }

  /** A booking and its visit: the ledger's line, then reminders and what became of the visit. */
  function book(
    bookedAt: Date,
    channel: ChangeChannel,
    on: MadeCall | null,
    patient: Patient,
    source: BookingSource = channel,
  ) {
    const providerCallId = on?.providerId ?? null;
    const isNew = !onFile.has(patient.id);
    const provider = random.pick(providerRows);
    const typeCode = random.pick(BRIGHT_SMILE_SCHEDULE.types[provider.kind]);
    const visit = placeVisit(bookedAt, patient, typeCode);
    if (!visit) return undefined;
    keep(patient);
    const ref = uuidFrom(random);
    const confirmationNumber = uniqueConfirmationNumber(random, confirmations);
    ledger.push({
      practiceId,
      appointmentRef: ref,
      change: 'created',
      channel,
      providerCallId,
      toStart: visit.startsAt,
      at: bookedAt,
    });
    const row: typeof visits.$inferInsert = {
      practiceId,
      appointmentRef: ref,
      bookedAt,
      source,
      providerCallId,
      callId: on?.id ?? null,
      assistantId: on?.assistantId ?? null,
      phoneNumberId: on?.phoneNumberId ?? null,
      appointmentType: typeCode,
      newPatient: isNew,
      startsAt: visit.startsAt,
    };
    visitRows.push(row);
    const past = visit.startsAt < now;
    let status: AppointmentStatus = 'pending';
    let outcome: VisitOutcome | undefined;
    if (past) {
      const reminded = random.chance(0.65);
      let confirmed = false;
      if (reminded) {
        const remindAt = new Date(visit.startsAt.getTime() - DAY_MS - random.int(0, 240) * MINUTE_MS);
        confirmed = random.chance(0.55);
        const appointment = {
          date: visit.wall.slice(0, 10),
          time: visit.wall.slice(11, 16),
          provider: providerRows.find((p) => p.id === visit.providerId)!.displayName,
          type: visit.label,
        };
        if (random.chance(0.55)) {
          const name = `${patient.givenName} ${patient.familyName}`;
          const made = call(remindAt, {
            lineIndex: 2,
            type: 'outboundPhoneCall',
            patient,
            reason: confirmed ? 'customer-ended-call' : 'voicemail',
            summary: confirmed
              ? 'Reminder call: the patient confirmed.'
              : 'Reminder call reached voicemail; message left.',
            lines: confirmed
              ? [
                  `AI: Hi, this is Riley calling from Bright Smile Dental for ${name} about your visit ${appointment.date} at ${appointment.time}.`,
                  'User: Yes, I will be there.',
                  'AI: Wonderful, you are confirmed. See you then!',
                ]
              : [
                  `AI: Hi, this is Riley calling from Bright Smile Dental for ${name} about your visit ${appointment.date} at ${appointment.time}.`,
                  'AI: Please call us back to confirm. Thank you!',
                ],
          });
          processing.push({
            callId: made.id,
            practiceId,
            state: 'nothing_to_book',
            reason: 'A reminder call.',
            processedAt: made.endedAt,
          });
          placed.push({
            practiceId,
            patientId: patient.id,
            patientName: name,
            phoneNumber: patient.phone,
            callType: 'reminder',
            status: 'completed',
            assistantId: line(2).assistantId,
            phoneNumberId: line(2).number.id,
            appointment,
            appointmentRef: ref,
            campaignKey: `campaign:reminder:${ref}`,
            attempts: 1,
            placementKey: `${made.id}:1`,
            placedAt: remindAt,
            vapiCallId: made.providerId,
            createdAt: new Date(remindAt.getTime() - 5 * MINUTE_MS),
            updatedAt: made.endedAt,
          });
          if (confirmed) {
            ledger.push({
              practiceId,
              appointmentRef: ref,
              change: 'confirmed',
              channel: 'call',
              providerCallId: made.providerId,
              toStart: visit.startsAt,
              at: made.endedAt,
            });
            row.confirmedAt = made.endedAt;
          }
        } else {
          const conversationId = thread(patient, remindAt);
          const base = {
            practiceId,
            conversationId,
            fromNumber: sender,
            toNumber: patient.phone,
            appointmentRef: ref,
            appointment: { date: appointment.date, time: appointment.time },
          };
          texts.push({
            ...base,
            direction: 'outbound',
            kind: 'reminder',
            body: `Bright Smile Dental: reminder of your visit ${appointment.date} at ${appointment.time}. Reply C to confirm, N to cancel. STOP to opt out.`,
            status: 'delivered',
            idempotencyKey: `campaign:reminder:${ref}`,
            attempts: 1,
            createdAt: remindAt,
            updatedAt: remindAt,
          });
          if (confirmed) {
            const replyAt = new Date(remindAt.getTime() + random.int(2, 90) * MINUTE_MS);
            texts.push({
              ...base,
              direction: 'inbound',
              kind: 'reply',
              body: 'C',
              status: 'received',
              fromNumber: patient.phone,
              toNumber: sender,
              createdAt: replyAt,
              updatedAt: replyAt,
            });
            thread(patient, replyAt);
            ledger.push({
              practiceId,
              appointmentRef: ref,
              change: 'confirmed',
              channel: 'text',
              toStart: visit.startsAt,
              at: replyAt,
            });
            row.confirmedAt = replyAt;
          }
        }
      }
      const draw = random.next();
      const noShow = reminded ? 0.05 : 0.13;
      const recent = now.getTime() - visit.startsAt.getTime() < 21 * DAY_MS;
      if (draw < noShow) outcome = 'no_show';
      else if (draw < noShow + 0.1) outcome = 'cancelled';
      else if (recent && draw > 0.93) outcome = undefined;
      else outcome = 'kept';
      if (outcome === 'cancelled') {
        const late = random.chance(0.35);
        const at = new Date(
          visit.startsAt.getTime() - (late ? random.int(2, 20) * 3600_000 : random.int(2, 6) * DAY_MS),
        );
        ledger.push({
          practiceId,
          appointmentRef: ref,
          change: 'cancelled',
          channel: random.chance(0.4) ? 'text' : 'staff',
          fromStart: visit.startsAt,
          late,
          at: at < bookedAt ? bookedAt : at,
        });
        Object.assign(row, {
          outcome,
          late,
          outcomeOrigin: 'change',
          decidedAt: at < bookedAt ? bookedAt : at,
        });
      } else if (outcome) {
        Object.assign(row, {
          outcome,
          outcomeOrigin: 'staff',
          decidedAt: new Date(visit.startsAt.getTime() + random.int(1, 8) * 3600_000),
        });
      }
      status =
        outcome === 'kept'
          ? 'completed'
          : outcome === 'no_show'
            ? 'no_show'
            : outcome === 'cancelled'
              ? 'cancelled'
              : confirmed
                ? 'confirmed'
                : 'pending';
    }
    appointmentRows.push({
      id: ref,
      practiceId,
      patientId: patient.id,
      providerId: visit.providerId,
      operatoryId: visit.roomId,
      appointmentType: typeCode,
      startsAt: visit.startsAt,
      endsAt: visit.endsAt,
      status,
      confirmationNumber,
      notes: appointmentNotes({ phone: patient.phone, email: patient.email ?? undefined, type: visit.label }),
      createdAt: bookedAt,
    });
    return confirmationNumber;
  }

  for (let back = DAYS; back >= 1; back--) {
    const date = dayOffset(today, -back);
    const weekday = weekdayOf(date);
    const open = hoursOf(weekday);
    const callsToday = open.length ? random.int(6, 11) : random.int(1, 3);
    for (let i = 0; i < callsToday; i++) {
      const inHours = open.length > 0 && random.chance(0.78);
      const minute = inHours
        ? (() => {
            const block = random.pick(open);
            return random.int(block.start, block.end - 1);
          })()
        : random.pick([
            random.int(7 * 60, 8 * 60 + 59),
            random.int(17 * 60 + 30, 21 * 60 + 30),
            random.int(9 * 60, 16 * 60),
          ]);
      const startedAt = instantFromWall(wallAt(date, minute), timeZone);
      if (startedAt >= now) continue;
      const lineIndex = inHours ? 0 : 1;
      const web = random.chance(0.03);
      const roll = random.next();
      const patient = caller(random.chance(0.3));
      const name = `${patient.givenName} ${patient.familyName}`;
      if (roll < 0.07) {
        const made = call(startedAt, {
          lineIndex,
          patient,
          reason: 'silence-timed-out',
          summary: 'The caller did not respond.',
          lines: [
            'AI: Thank you for calling Bright Smile Dental, this is Riley. How can I help you today?',
            'AI: Hello? Are you still there?',
          ],
        });
        processing.push({
          callId: made.id,
          practiceId,
          state: 'nothing_to_book',
          reason: 'No request in the call.',
          processedAt: made.endedAt,
        });
      } else if (roll < 0.45) {
        const made = call(startedAt, {
          lineIndex,
          type: web ? 'webCall' : 'inboundPhoneCall',
          patient,
          reason: random.chance(0.6) ? 'assistant-ended-call' : 'customer-ended-call',
          summary: 'Caller booked a visit.',
          lines: [
            'AI: Thank you for calling Bright Smile Dental, this is Riley. How can I help you today?',
            `User: Hi, this is ${name}. I'd like to book a visit.`,
            'AI: Of course. Let me find you a time.',
            'User: That works, thank you.',
            "AI: You're booked. You'll get a text confirmation shortly.",
          ],
        });
        const confirmation = book(new Date(made.endedAt.getTime() - 20_000), 'call', made, patient);
        processing.push({
          callId: made.id,
          practiceId,
          state: confirmation ? 'booked' : 'nothing_to_book',
          confirmationNumber: null,
          reason: confirmation ? null : 'No time suited the caller.',
          processedAt: made.endedAt,
        });
      } else {
        // A request waits for a callback (the tasks below); a question, as the demo's own, does not.
        const next = random.next();
        const asks = next < 0.3;
        const question = DENTAL_CALL_SCRIPT.inbound[2]!;
        const made = call(startedAt, {
          lineIndex,
          type: web ? 'webCall' : 'inboundPhoneCall',
          patient,
          reason: 'customer-ended-call',
          summary: asks ? 'Caller asked about a visit and will hear back.' : question.summary,
          lines: asks
            ? [
                'AI: Thank you for calling Bright Smile Dental, this is Riley. How can I help you today?',
                `User: Hi, I'm ${name}. I need to come in but I have to check my schedule.`,
                'AI: Of course. Someone from the office can call you back.',
              ]
            : question.lines(name, '', ''),
        });
        const byProcessor =
          next < 0.06
            ? book(new Date(made.endedAt.getTime() + 2 * 3600_000), 'processor', made, patient)
            : undefined;
        if (byProcessor) {
          processing.push({
            callId: made.id,
            practiceId,
            state: 'booked',
            confirmationNumber: byProcessor,
            processedAt: made.endedAt,
          });
        } else if (asks) {
          const dueAt = nextOpen(made.endedAt);
          const closedAt = new Date(
            dueAt.getTime() + (random.chance(0.72) ? -random.int(10, 110) : random.int(30, 1500)) * MINUTE_MS,
          );
          const done = closedAt < now;
          tasks.push({
            practiceId,
            callId: made.id,
            callerName: name,
            callerNumber: patient.phone,
            dueAt,
            status: done ? 'done' : 'open',
            createdAt: made.endedAt,
            closedAt: done ? (closedAt < made.endedAt ? made.endedAt : closedAt) : null,
            note: done ? 'Called back.' : null,
          });
          processing.push({
            callId: made.id,
            practiceId,
            state: 'needs_callback',
            reason: 'The caller asked to be called back.',
            processedAt: made.endedAt,
          });
          if (done && random.chance(0.5))
            book(closedAt < made.endedAt ? made.endedAt : closedAt, 'callback', made, patient);
        } else {
          processing.push({
            callId: made.id,
            practiceId,
            state: 'nothing_to_book',
            reason: 'A question; nothing to book.',
            processedAt: made.endedAt,
          });
        }
      }
    }
    // Staff's own bookings at the front desk, and now and then a follow-up call that books.
    if (open.length > 0) {
      for (let i = random.int(1, 4); i > 0; i--) {
        const at = instantFromWall(wallAt(date, random.int(open[0]!.start, open.at(-1)!.end - 1)), timeZone);
        if (at < now) book(at, 'staff', null, caller(random.chance(0.25)));
      }
      if (random.chance(0.15)) {
        const patient = caller(false);
        const name = `${patient.givenName} ${patient.familyName}`;
        const at = instantFromWall(wallAt(date, random.int(open[0]!.start, open[0]!.end - 1)), timeZone);
        const made = call(at, {
          lineIndex: 2,
          type: 'outboundPhoneCall',
          patient,
          reason: 'assistant-ended-call',
          summary: 'Follow-up call: the patient booked their next visit.',
          lines: [
            `AI: Hi ${name}, this is Riley from Bright Smile Dental, following up on your last visit.`,
            'User: Oh yes, I should book the next one.',
            "AI: You're booked. See you then!",
          ],
        });
        placed.push({
          practiceId,
          patientId: patient.id,
          patientName: name,
          phoneNumber: patient.phone,
          callType: 'followup',
          status: 'completed',
          assistantId: line(2).assistantId,
          phoneNumberId: line(2).number.id,
          attempts: 1,
          placementKey: `${made.id}:1`,
          placedAt: at,
          vapiCallId: made.providerId,
          createdAt: at,
          updatedAt: made.endedAt,
        });
        const booked = book(new Date(made.endedAt.getTime() - 15_000), 'call', made, patient, 'outbound');
        processing.push({
          callId: made.id,
          practiceId,
          state: booked ? 'booked' : 'nothing_to_book',
          processedAt: made.endedAt,
        });
      }
    }
  }

  await insertAll(tx, patients, newPatients);
  await insertAll(tx, calls, callRows);
  await insertAll(tx, appointments, appointmentRows);
  await insertAll(tx, appointmentChanges, ledger);
  await insertAll(tx, visits, visitRows);
  await insertAll(tx, outboundCalls, placed);
  await insertAll(tx, conversations, [...threads.values()]);
  await insertAll(tx, messages, texts);
  // Texts go on from the number the history's texts came from, so the demo can send one at once.
  if (sender) {
    await tx
      .insert(messagingSettings)
      .values({ practiceId, senderNumber: sender })
      .onConflictDoUpdate({ target: messagingSettings.practiceId, set: { senderNumber: sender } });
  }
  await insertAll(tx, callbacks, tasks);
  await insertAll(tx, callProcessing, processing);
  await tx.insert(appointmentTypeValues).values(
    Object.entries(VALUES).map(([code, dollars]) => ({
      practiceId,
      appointmentType: code,
      valueCents: dollars * 100,
    })),
  );
}
