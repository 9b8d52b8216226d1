import { createHash, randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, ne } from 'drizzle-orm';
import type { SimulationScenario } from '#shared/schemas/calls';
import type { App } from '../../app-types';
import type { Db } from '../../db/client';
import { appointments, patients, phoneNumbers } from '../../db/schema/index';
import { badRequest, conflict, notFound } from '../../errors';
import { toE164 } from '../../lib/phone';
import { addMinutesToWall, wallFromInstant } from '../../lib/wall-time';
import type { PracticeContext } from '../../practice';

/**
 * The built-in sandbox caller: a deterministic receptionist holds a scripted conversation and does everything
 * the voice platform would, through the same door: the three tool functions and the call's status-update and
 * end-of-call-report messages all go to POST /webhook with the shared secret, so a booking really lands in
 * the schedule and the call is stored by the same ingest.
 */
export interface SimulatorDeps {
  app: App;
  db: Db;
  /** The schedule a practice's called number books into (the webhook's own resolution). */
  practiceFor(
    from: PracticeContext,
    calledNumber: string,
  ): Promise<{ inDatabase: boolean; timeZone: string; connector: { name: string } }>;
  secret: string;
  now: () => Date;
}

interface Line {
  role: 'bot' | 'user';
  text: string;
}

type ToolAnswer = Record<string, unknown> & { success?: boolean };

interface Slot {
  date: string;
  time: string;
  provider_id: string;
  provider_name: string;
}

const SECONDS_PER_LINE = 6;
const OUTSIDE_SYSTEM =
  'This number books into an outside practice system; the simulator only books into the built-in schedule.';
const ZERO_COST = { transport: 0, stt: 0, llm: 0, tts: 0, vapi: 0, total: 0 };

const spokenTime = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const suffix = h < 12 ? 'AM' : 'PM';
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${suffix}`;
};

/** A number no patient has (derived from the call id, so the same call always gets the same one). */
function newCallerNumber(callId: string): string {
  const n = parseInt(createHash('sha256').update(callId).digest('hex').slice(0, 6), 16) % 10_000;
  return `+1917555${String(n).padStart(4, '0')}`;
}

export function createCallSimulator({ app, db, practiceFor, secret, now }: SimulatorDeps) {
  /** The practice's patients, in the order the seed's callers are picked (by name: one creation time). */
  const byName = [
    asc(patients.createdAt),
    asc(patients.familyName),
    asc(patients.givenName),
    asc(patients.id),
  ];

  /**
   * The caller of a scenario about a visit and the day of that visit: the patient on `number` when given,
   * else the patient of the earliest live visit from `after` (of `type` when one is named, on `preferDate`
   * when there is one).
   */
  async function patientWithVisit(
    practiceId: string,
    {
      number,
      after,
      type,
      preferDate,
      zone,
    }: { number?: string; after: Date; type?: string; preferDate?: string; zone: string },
  ) {
    let patientId: string | undefined;
    if (number) {
      const e164 = toE164(number);
      if (!e164)
        throw badRequest('The caller’s number is not a phone number.', {
          callerNumber: 'Not a phone number',
        });
      const [patient] = await db
        .select({ id: patients.id })
        .from(patients)
        .where(and(eq(patients.practiceId, practiceId), eq(patients.phone, e164)))
        .orderBy(...byName)
        .limit(1);
      if (!patient)
        throw badRequest('No patient of the practice has that number.', {
          callerNumber: 'No patient has this number',
        });
      patientId = patient.id;
    }
    const visits = await db
      .select({ patient: patients, startsAt: appointments.startsAt })
      .from(appointments)
      .innerJoin(patients, eq(patients.id, appointments.patientId))
      .where(
        and(
          eq(appointments.practiceId, practiceId),
          gt(appointments.startsAt, after),
          inArray(appointments.status, ['pending', 'confirmed']),
          patientId ? eq(appointments.patientId, patientId) : undefined,
          type && !patientId ? eq(appointments.appointmentType, type) : undefined,
        ),
      )
      .orderBy(asc(appointments.startsAt), asc(appointments.id))
      .limit(50);
    const chosen =
      visits.find((v) => preferDate && wallFromInstant(v.startsAt, zone).startsWith(preferDate)) ?? visits[0];
    if (!chosen) throw badRequest('No patient of the practice has a visit ahead to change.');
    return { patient: chosen.patient, visitDate: wallFromInstant(chosen.startsAt, zone).slice(0, 10) };
  }

  async function post(message: Record<string, unknown>): Promise<Record<string, unknown>> {
    const response = await app.inject({
      method: 'POST',
      url: '/webhook',
      headers: { 'x-vapi-secret': secret },
      payload: { message },
    });
    if (response.statusCode !== 200) {
      throw new Error(`simulated ${String(message.type)} answered ${response.statusCode}`);
    }
    return response.json() as Record<string, unknown>;
  }

  return {
    /** A call to one of the caller's practice's numbers (another practice's number is not found). */
    async simulate(
      from: PracticeContext,
      phoneNumberId: string,
      scenario: SimulationScenario,
      callerNumber?: string,
    ): Promise<string> {
      const [number] = await db
        .select()
        .from(phoneNumbers)
        .where(and(eq(phoneNumbers.practiceId, from.id), eq(phoneNumbers.id, phoneNumberId)));
      if (!number) throw notFound('Phone number not found.');
      if (!number.number)
        throw badRequest('This phone number is still provisioning.', {
          phoneNumberId: 'This phone number is still provisioning.',
        });
      // Its bookings are real: only into the built-in schedule, never an outside practice system.
      const practice = await practiceFor(from, number.number);
      if (!practice.inDatabase) throw conflict(OUTSIDE_SYSTEM);
      const zone = practice.timeZone;

      const providerCallId = randomUUID();
      const startedAt = now();
      const lines: Line[] = [];
      const messages: { role: string; message: string; time: number; secondsFromStart: number }[] = [];
      const say = (role: Line['role'], text: string) => {
        const seconds = lines.length * SECONDS_PER_LINE;
        lines.push({ role, text });
        messages.push({
          role,
          message: text,
          time: startedAt.getTime() + seconds * 1000,
          secondsFromStart: seconds,
        });
      };

      let caller = { number: newCallerNumber(providerCallId), name: null as string | null };
      const call = () => ({
        id: providerCallId,
        type: 'inboundPhoneCall',
        createdAt: startedAt.toISOString(),
        phoneNumberId: number.providerId ?? number.id,
        phoneNumber: { number: number.number },
        customer: { number: caller.number, ...(caller.name && { name: caller.name }) },
      });
      const envelope = () => ({
        call: call(),
        phoneNumber: { id: number.providerId ?? number.id, number: number.number },
        customer: call().customer,
        timestamp: now().getTime(),
      });
      let toolSerial = 0;
      async function tool(name: string, args: Record<string, unknown>): Promise<ToolAnswer> {
        // Unique per call: the webhook keys a booking's idempotency on the tool call id.
        const id = `sim_${providerCallId}_${++toolSerial}`;
        const answer = await post({
          type: 'tool-calls',
          ...envelope(),
          toolCallList: [{ id, type: 'function', function: { name, arguments: args } }],
        });
        // A success comes back in `result`, a failure in `error` (the webhook's tool-call replies).
        const [reply] = (answer.results as { result?: string; error?: string }[] | undefined) ?? [];
        messages.push({
          role: 'tool_call_result',
          message: `${name}: ${reply?.result ?? reply?.error ?? '(no answer)'}`,
          time: startedAt.getTime() + lines.length * SECONDS_PER_LINE * 1000,
          secondsFromStart: lines.length * SECONDS_PER_LINE,
        });
        if (reply?.error !== undefined) return { success: false, error: reply.error };
        return reply?.result ? (JSON.parse(reply.result) as ToolAnswer) : { success: false };
      }
      const status = (value: string, extra: Record<string, unknown> = {}) =>
        post({ type: 'status-update', status: value, ...envelope(), ...extra });

      await status('ringing');
      await status('in-progress');
      say(
        'bot',
        // The practice's name (its linked account), not the number's label ("Main Line").
        `Thank you for calling ${practice.connector.name}, this is Riley. How can I help you today?`,
      );

      let success = false;
      let summary: string;
      /** What the platform's analysis would extract from this call (ADR 046): the scenario knows it. */
      let extraction: Record<string, unknown> = { isAppointmentRequest: true };
      const extract = (slot: Pick<Slot, 'date' | 'time'> | undefined, appointmentType: string) => {
        extraction = {
          isAppointmentRequest: true,
          ...(caller.name && { patientName: caller.name }),
          phoneNumber: caller.number,
          appointmentType,
          ...(slot && { preferredDate: slot.date, preferredTime: slot.time }),
        };
      };
      let endedReason = 'customer-ended-call';

      const firstSlots = (answer: ToolAnswer) => (answer.success ? (answer.available_slots as Slot[]) : []);
      async function book(slot: Slot, type: string, who: { patient_id?: string; name?: string }) {
        return tool('bookAppointment', {
          appointment_type: type,
          date: slot.date,
          time: slot.time,
          provider_id: slot.provider_id,
          notes: 'Booked by the call simulator',
          ...(who.patient_id
            ? { patient_id: who.patient_id }
            : { patient_info: { name: who.name, phone_number: caller.number } }),
        });
      }
      /**
       * Offers the slots in turn (at most three) until one books: the caller may already have a visit at the
       * first one (a patient's appointments never overlap), as a receptionist would find out on booking.
       */
      async function offerUntilBooked(
        slots: Slot[],
        type: string,
        patientId: string,
        offer: (slot: Slot) => string,
      ): Promise<ToolAnswer> {
        let answer: ToolAnswer = { success: false };
        let offered = slots[0]!;
        for (const slot of slots.slice(0, 3)) {
          offered = slot;
          say(
            'bot',
            answer.error === undefined
              ? offer(slot)
              : `That did not work: ${String(answer.error)} I can offer ${slot.date} at ${spokenTime(slot.time)} with ${slot.provider_name} instead.`,
          );
          say('user', 'Yes, please book it.');
          answer = await book(slot, type, { patient_id: patientId });
          if (answer.success) break;
        }
        extract(offered, type);
        return answer;
      }
      function confirmBooking(answer: ToolAnswer, typeWords: string): boolean {
        const appointment = answer.appointment as
          { confirmation_number: string; date: string; time: string; provider_name: string } | undefined;
        if (answer.success && appointment) {
          say(
            'bot',
            `You are all set: a ${typeWords} on ${appointment.date} at ${spokenTime(appointment.time)} with ` +
              `${appointment.provider_name}. Your confirmation number is ${appointment.confirmation_number}.`,
          );
          say('user', 'Perfect, thank you. Bye!');
          return true;
        }
        say('bot', `I'm sorry, I could not complete the booking: ${String(answer.error ?? 'unknown error')}`);
        say('user', 'Okay, I will call back later.');
        return false;
      }

      if (scenario === 'new-patient-cleaning') {
        caller = { ...caller, name: 'Sofía Álvarez' };
        say('user', "Hi, I'm a new patient and I'd like to book a cleaning next Tuesday morning.");
        const found = await tool('findPatient', { phone_number: caller.number });
        say(
          'bot',
          found.patient
            ? 'I found your record.'
            : "Welcome! I don't see you in our system yet. May I have your full name?",
        );
        say('user', 'Sofía Álvarez.');
        const slots = firstSlots(
          await tool('checkAvailability', {
            appointment_type: 'dental_cleaning',
            preferred_date: 'next Tuesday',
            time_preference: 'morning',
          }),
        );
        if (slots.length) {
          say(
            'bot',
            `Next Tuesday morning I have ${slots
              .slice(0, 3)
              .map((s) => spokenTime(s.time))
              .join(', ')}. Which works best?`,
          );
          say('user', `${spokenTime(slots[0]!.time)}, please.`);
          extract(slots[0], 'dental_cleaning');
          success = confirmBooking(
            await book(slots[0]!, 'dental_cleaning', { name: caller.name! }),
            'cleaning',
          );
          summary = success
            ? 'New patient Sofía Álvarez booked a cleaning next Tuesday morning.'
            : 'New patient asked for a cleaning next Tuesday morning; the booking failed.';
        } else {
          extract(undefined, 'dental_cleaning');
          say('bot', 'I am sorry, next Tuesday morning is fully booked. Please call us again.');
          say('user', 'Okay, thanks.');
          summary = 'New patient asked for a cleaning next Tuesday morning; nothing was free.';
        }
      } else if (scenario === 'existing-patient-first-checkup' || scenario === 'taken-time-accepts-another') {
        const [patient] = await db
          .select()
          .from(patients)
          .where(
            and(
              eq(patients.practiceId, from.id),
              callerNumber ? eq(patients.phone, toE164(callerNumber) ?? '') : undefined,
            ),
          )
          // The seed's patients share one creation time: by name too, so the same caller is chosen each time.
          .orderBy(...byName)
          .offset(scenario === 'existing-patient-first-checkup' || callerNumber ? 0 : 1)
          .limit(1);
        if (!patient) throw badRequest('The practice has no patients to simulate an existing caller.');
        caller = { number: patient.phone, name: `${patient.givenName} ${patient.familyName}` };
        const found = await tool('findPatient', { phone_number: caller.number });
        const patientId = (found.patient as { id: string } | null | undefined)?.id;
        if (scenario === 'existing-patient-first-checkup') {
          say('user', `Hi, this is ${caller.name}. I'd like the first available checkup, please.`);
          say(
            'bot',
            `Hello ${patient.givenName}, I have your record here. Let me look for the first opening.`,
          );
          const slots = firstSlots(
            await tool('checkAvailability', {
              appointment_type: 'dental_checkup',
              preferred_date: 'tomorrow',
            }),
          );
          if (slots.length && patientId) {
            const answer = await offerUntilBooked(
              slots,
              'dental_checkup',
              patientId,
              (slot) =>
                `The first opening is ${slot.date} at ${spokenTime(slot.time)} with ${slot.provider_name}. Shall I book it?`,
            );
            success = confirmBooking(answer, 'checkup');
          } else {
            extract(undefined, 'dental_checkup');
            say('bot', 'I am sorry, I have no openings in the next days. We will call you back.');
            say('user', 'Okay, thanks.');
          }
          summary = success
            ? `${caller.name} booked the first available checkup.`
            : `${caller.name} asked for the first available checkup; nothing was booked.`;
        } else {
          // The next appointment already in the schedule: the time the caller asks for is taken.
          const [taken] = await db
            .select({ startsAt: appointments.startsAt, providerId: appointments.providerId })
            .from(appointments)
            .where(
              and(
                eq(appointments.practiceId, from.id),
                gt(appointments.startsAt, new Date(startedAt.getTime() + 24 * 3600_000)),
                ne(appointments.status, 'cancelled'),
              ),
            )
            .orderBy(asc(appointments.startsAt))
            .limit(1);
          const wall = taken ? wallFromInstant(taken.startsAt, zone) : undefined;
          const wanted = wall ? { date: wall.slice(0, 10), time: wall.slice(11, 16) } : undefined;
          say(
            'user',
            wanted
              ? `Hi, this is ${caller.name}. Could I come in for a checkup on ${wanted.date} at ${spokenTime(wanted.time)}?`
              : `Hi, this is ${caller.name}. Could I come in for a checkup soon?`,
          );
          let attempt: ToolAnswer = { success: false };
          if (wanted && taken && patientId) {
            attempt = await book(
              { ...wanted, provider_id: taken.providerId, provider_name: '' },
              'dental_checkup',
              { patient_id: patientId },
            );
          }
          if (attempt.success) {
            extract(wanted, 'dental_checkup');
            success = confirmBooking(attempt, 'checkup');
          } else {
            const slots = firstSlots(
              await tool('checkAvailability', {
                appointment_type: 'dental_checkup',
                preferred_date: wanted?.date ?? 'tomorrow',
              }),
            );
            // Other times than the one just refused (another doctor may be free at that very time).
            const others = slots.filter((s) => s.date !== wanted?.date || s.time !== wanted.time);
            if (others.length && patientId) {
              const answer = await offerUntilBooked(
                others,
                'dental_checkup',
                patientId,
                (slot) =>
                  `I'm sorry, that time is already taken. I can offer ${slot.date} at ${spokenTime(slot.time)} with ${slot.provider_name} instead.`,
              );
              success = confirmBooking(answer, 'checkup');
            } else {
              extract(wanted, 'dental_checkup');
              say(
                'bot',
                'I am sorry, that time is taken and I have nothing else free. We will call you back.',
              );
              say('user', 'Okay.');
            }
          }
          summary = success
            ? `${caller.name} wanted a time that was taken and accepted another checkup time.`
            : `${caller.name} wanted a time that was taken; nothing was booked.`;
        }
      } else if (scenario === 'existing-patient-reschedules' || scenario === 'existing-patient-cancels') {
        const moving = scenario === 'existing-patient-reschedules';
        const today = wallFromInstant(startedAt, zone).slice(0, 10);
        const tomorrow = addMinutesToWall(`${today}T00:00:00`, 1440).slice(0, 10);
        const { patient, visitDate } = await patientWithVisit(from.id, {
          number: callerNumber,
          after: startedAt,
          zone,
          ...(moving ? { type: 'dental_cleaning' } : { preferDate: tomorrow }),
        });
        const name = `${patient.givenName} ${patient.familyName}`;
        caller = { number: patient.phone, name };
        extraction = { isAppointmentRequest: false };
        say(
          'user',
          moving
            ? `Hi, this is ${name}. I need to move my cleaning to next week, please.`
            : `Hi, this is ${name}. I can't make my appointment ${visitDate === tomorrow ? 'tomorrow' : `on ${visitDate}`}, please cancel it.`,
        );
        say('bot', `Of course, ${patient.givenName}. Let me look up your appointments.`);
        const found = await tool('findAppointments', { patient_name: name });
        type Visit = { appointment_id: string; date: string; time: string; appointment_type: string };
        const visits = found.success ? (found.appointments as Visit[]) : [];
        const visit = moving
          ? (visits.find((v) => /clean/i.test(v.appointment_type)) ?? visits[0])
          : (visits.find((v) => v.date === visitDate) ?? visits[0]);
        const when = (v: { date: string; time: string }) =>
          `${v.date === tomorrow ? 'tomorrow' : v.date} at ${spokenTime(v.time)}`;
        if (!visit) {
          say(
            'bot',
            found.error !== undefined ? String(found.error) : 'I do not see any upcoming visits for you.',
          );
          say('user', 'Okay, thank you.');
          summary = `${name} asked to ${moving ? 'move' : 'cancel'} a visit; none was found.`;
        } else if (moving) {
          say(
            'bot',
            `I see your ${visit.appointment_type.toLowerCase()} ${when(visit)}. Let me look at next week.`,
          );
          const nextWeek = addMinutesToWall(`${visit.date}T00:00:00`, 7 * 1440).slice(0, 10);
          const slots = firstSlots(
            await tool('checkAvailability', {
              appointment_type: visit.appointment_type,
              preferred_date: nextWeek,
            }),
          );
          let answer: ToolAnswer = { success: false, error: 'Nothing is free next week.' };
          for (const slot of slots.slice(0, 3)) {
            say(
              'bot',
              `I can offer ${slot.date} at ${spokenTime(slot.time)} with ${slot.provider_name}. Shall I move it?`,
            );
            say('user', 'Yes, please.');
            answer = await tool('rescheduleAppointment', {
              appointment_id: visit.appointment_id,
              patient_name: name,
              date: slot.date,
              time: slot.time,
              provider_id: slot.provider_id,
            });
            if (answer.success || !/not free/.test(String(answer.error))) break;
          }
          const moved = answer.appointment as
            { date: string; time: string; confirmation_number: string } | undefined;
          success = Boolean(answer.success && moved);
          if (success && moved) {
            say(
              'bot',
              `Done: your cleaning is now on ${moved.date} at ${spokenTime(moved.time)}. Your confirmation number stays ${moved.confirmation_number}.`,
            );
            say('user', 'Perfect, thank you. Bye!');
            summary = `${name} moved their cleaning to ${moved.date}.`;
          } else {
            say('bot', String(answer.error ?? 'I could not move it.'));
            say('user', 'Okay, thank you.');
            summary = `${name} asked to move their cleaning to next week; it was not moved.`;
          }
        } else {
          say('bot', `I see your ${visit.appointment_type.toLowerCase()} ${when(visit)}. Shall I cancel it?`);
          say('user', 'Yes, please cancel it.');
          const answer = await tool('cancelAppointment', {
            appointment_id: visit.appointment_id,
            patient_name: name,
          });
          success = Boolean(answer.success);
          say(
            'bot',
            success ? 'It is cancelled. Call us any time to book a new visit.' : String(answer.error),
          );
          say('user', 'Thank you. Bye!');
          summary = success
            ? `${name} cancelled their visit on ${visit.date}.`
            : `${name} asked to cancel their visit on ${visit.date}; staff will call back.`;
        }
      } else if (scenario === 'caller-names-another-patient') {
        // The caller's own number, but another patient's name: nothing is said about that patient.
        const { patient: own } = await patientWithVisit(from.id, {
          number: callerNumber,
          after: startedAt,
          zone,
        });
        const [other] = await db
          .select()
          .from(patients)
          .where(and(eq(patients.practiceId, from.id), ne(patients.phone, own.phone)))
          .orderBy(...byName)
          .limit(1);
        if (!other) throw badRequest('The practice has no other patient to ask about.');
        const otherName = `${other.givenName} ${other.familyName}`;
        caller = { number: own.phone, name: `${own.givenName} ${own.familyName}` };
        extraction = { isAppointmentRequest: false };
        say('user', `Hi, I'm calling for ${otherName}. Please cancel their next appointment.`);
        say('bot', 'Let me look that up.');
        const found = await tool('findAppointments', { patient_name: otherName });
        const answer =
          found.success && (found.appointments as unknown[]).length > 0
            ? 'I found the appointment.'
            : String(found.error ?? 'I could not find it.');
        say('bot', answer);
        say('user', 'Okay, thank you.');
        success = false;
        summary =
          'A caller asked to cancel the appointment of a patient not on their number; staff will call back.';
      } else {
        say('user', 'Hi, do you accept Delta Dental insurance?');
        say('bot', 'Yes, we accept most PPO plans including Delta Dental. Would you like to book a visit?');
        say('user', 'Not right now, thanks. Bye.');
        extraction = { isAppointmentRequest: false };
        endedReason = 'customer-ended-call';
        success = true;
        summary = 'Caller asked whether the practice accepts Delta Dental insurance and hung up.';
      }

      const endedAt = new Date(startedAt.getTime() + lines.length * SECONDS_PER_LINE * 1000);
      const transcript = lines.map((l) => `${l.role === 'bot' ? 'AI' : 'User'}: ${l.text}`).join('\n');
      await status('ended', { endedReason });
      await post({
        type: 'end-of-call-report',
        ...envelope(),
        endedReason,
        startedAt: startedAt.toISOString(),
        endedAt: endedAt.toISOString(),
        durationMs: endedAt.getTime() - startedAt.getTime(),
        cost: 0,
        costBreakdown: { ...ZERO_COST, analysisCostBreakdown: { summary: 0 } },
        analysis: { summary, structuredData: extraction, successEvaluation: success ? 'true' : 'false' },
        artifact: { transcript, messages },
      });
      return providerCallId;
    },
  };
}
