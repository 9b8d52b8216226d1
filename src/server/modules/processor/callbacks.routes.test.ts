import { and, eq, ne, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { format } from 'date-fns';
import { PAST_DATE_MESSAGE } from '#shared/schemas/schedule';
import {
  appointments,
  callbacks,
  calls,
  patients,
  phoneNumbers,
  practices,
  providers,
} from '../../db/schema/index';
import { instantFromWall } from '../../lib/wall-time';
import {
  addDays as addWallDays,
  practiceToday,
  weekdayAhead,
  weekdayWithFreeTime,
} from '../../test/schedule-dates';
import { firstPracticeId } from '../../test/practice-number';
import { inbound } from '../../test/messaging';
import { bearer, createTestApp, platformWebhook, type TestApp } from '../../test/test-app';
import { holdSampleNumbers, SAMPLE_CALLED_NUMBER } from '../../test/sample-numbers';
import { ALREADY_CLOSED } from './callbacks.service';

let t: TestApp;
/** The demo practice (the admin's). */
let demoId: string;
let admin: string;
let frontDesk: string;
beforeAll(async () => {
  t = await createTestApp();
  demoId = await firstPracticeId(t);
  await holdSampleNumbers(t);
  admin = await t.asAdmin();
  frontDesk = await t.asFrontDesk();
});
afterAll(() => t.close());

const get = (url: string, session = admin) => t.app.inject({ method: 'GET', url, headers: bearer(session) });
const patch = (url: string, payload: object, session = admin) =>
  t.app.inject({ method: 'PATCH', url, payload, headers: bearer(session) });

async function insertCall(transcript: string, seconds = 90, phoneNumberId: string | null = null) {
  const endedAt = new Date(t.clock.now().getTime() - 60_000);
  const [row] = await t.database.db
    .insert(calls)
    .values({
      practiceId: demoId,
      status: 'ended',
      type: 'inboundPhoneCall',
      startedAt: new Date(endedAt.getTime() - seconds * 1000),
      endedAt,
      durationSeconds: seconds,
      customerName: 'Ivy Caller',
      customerNumber: '+12125550111',
      phoneNumberId,
      transcript,
    })
    .returning({ id: calls.id });
  return row!.id;
}

const WANTS = 'User: Hi, this is Ivy Stone, I need a filling on Friday afternoon. Can someone call me back?';
type Item = {
  id: string;
  callId: string;
  status: string;
  dueAt: string;
  takenBy: { name: string } | null;
  callerNumber: string | null;
};
const openTasks = async (session = admin) =>
  (await get('/api/callbacks?status=open', session)).json().callbacks as Item[];

describe('callback inbox', () => {
  it('makes the task when the end-of-call-report arrives, once however often it arrives', async () => {
    const id = '0199ffff-0000-7000-8000-00000000cb01';
    const endedAt = new Date(t.clock.now().getTime() - 60_000);
    const report = {
      message: {
        type: 'end-of-call-report',
        endedReason: 'customer-ended-call',
        call: { id, type: 'inboundPhoneCall', customer: { number: '+12125550199' } },
        phoneNumber: { number: SAMPLE_CALLED_NUMBER },
        startedAt: new Date(endedAt.getTime() - 90_000).toISOString(),
        endedAt: endedAt.toISOString(),
        durationSeconds: 90,
        artifact: { transcript: WANTS },
      },
    };
    const deliver = () => platformWebhook(t.app, report);
    for (let i = 0; i < 3; i++) expect((await deliver()).statusCode).toBe(200);
    // Nobody has opened the inbox: the report itself made the task.
    const rows = await t.database.db.select().from(callbacks).where(eq(callbacks.callId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'open', appointmentType: expect.any(String) });
  });

  it('a task a tool call opens before the call is stored becomes the call’s task when its report arrives', async () => {
    const id = '0199ffff-0000-7000-8000-00000000cb10';
    const caller = '+13129902001'; // no demo patient's number
    const ask = (toolCallId: string) =>
      platformWebhook(t.app, {
        message: {
          type: 'tool-calls',
          toolCallList: [
            {
              id: toolCallId,
              type: 'function',
              function: { name: 'findAppointments', arguments: { patient_name: 'Ivy Stone' } },
            },
          ],
          phoneNumber: { number: SAMPLE_CALLED_NUMBER },
          call: { id, type: 'inboundPhoneCall', customer: { number: caller } },
        },
      });
    const tasks = () =>
      t.database.db
        .select()
        .from(callbacks)
        .where(or(eq(callbacks.callId, id), eq(callbacks.callerNumber, caller)));
    // Asked twice, at once, on a call the platform has not reported yet: one task.
    for (const asked of await Promise.all([ask('tc-cb10-1'), ask('tc-cb10-2')]))
      expect(asked.statusCode).toBe(200);
    expect(await tasks()).toEqual([expect.objectContaining({ callId: null, providerCallId: id })]);

    const endedAt = new Date(t.clock.now().getTime() - 60_000);
    const reported = await platformWebhook(t.app, {
      message: {
        type: 'end-of-call-report',
        endedReason: 'customer-ended-call',
        call: { id, type: 'inboundPhoneCall', customer: { number: caller } },
        phoneNumber: { number: SAMPLE_CALLED_NUMBER },
        startedAt: new Date(endedAt.getTime() - 90_000).toISOString(),
        endedAt: endedAt.toISOString(),
        durationSeconds: 90,
        artifact: { transcript: WANTS },
      },
    });
    expect(reported.statusCode).toBe(200);
    const [task, ...more] = await tasks();
    expect(more).toEqual([]);
    expect(task).toMatchObject({ callId: id, providerCallId: id });
    expect((await openTasks()).filter((item) => item.callId === id)).toHaveLength(1);
  });

  it('links such a task when the inbox is read, if the call was stored without its report being seen', async () => {
    const callId = await insertCall(WANTS);
    const providerCallId = 'vapi-call-cb11';
    await t.database.db.update(calls).set({ providerId: providerCallId }).where(eq(calls.id, callId));
    const [task] = await t.database.db
      .insert(callbacks)
      .values({ practiceId: demoId, providerCallId, note: 'Called to move a visit.', dueAt: t.clock.now() })
      .returning({ id: callbacks.id });
    const mine = (await openTasks()).filter((item) => item.callId === callId);
    expect(mine.map((item) => item.id)).toEqual([task!.id]);
  });

  it('makes no task from a report that shows a short hang-up, a booking or an outbound call', async () => {
    const endedAt = new Date(t.clock.now().getTime() - 60_000);
    const report = (id: string, type: string, seconds: number, transcript?: string) => ({
      message: {
        type: 'end-of-call-report',
        endedReason: 'customer-ended-call',
        call: { id, type, customer: { number: '+12125550198' } },
        phoneNumber: { number: SAMPLE_CALLED_NUMBER },
        startedAt: new Date(endedAt.getTime() - seconds * 1000).toISOString(),
        endedAt: endedAt.toISOString(),
        durationSeconds: seconds,
        ...(transcript && { artifact: { transcript } }),
      },
    });
    const deliver = (body: object) => platformWebhook(t.app, body);
    const tasksFor = async (id: string) =>
      (await t.database.db.select().from(callbacks).where(eq(callbacks.callId, id))).length;
    const ids = ['cb02', 'cb03', 'cb04', 'cb05'].map((n) => `0199ffff-0000-7000-8000-00000000${n}`);
    await deliver(report(ids[0]!, 'inboundPhoneCall', 6, WANTS));
    await deliver(report(ids[1]!, 'inboundPhoneCall', 90, `${WANTS}\nAI: You're booked for Friday at 2 PM.`));
    await deliver(report(ids[2]!, 'outboundPhoneCall', 90, WANTS));
    // The transcript comes in a later delivery of the report: the task follows it.
    await deliver(report(ids[3]!, 'inboundPhoneCall', 90));
    expect(await Promise.all(ids.map(tasksFor))).toEqual([0, 0, 0, 0]);
    await deliver(report(ids[3]!, 'inboundPhoneCall', 90, WANTS));
    expect(await tasksFor(ids[3]!)).toBe(1);
  });

  it('makes one task per unbooked request, not for short hang-ups, bookings or questions', async () => {
    const wants = await insertCall(WANTS);
    const short = await insertCall(WANTS, 6);
    const booked = await insertCall(`${WANTS}\nAI: You're booked for Friday at 2 PM.`);
    const question = await insertCall('User: What are your hours?\nAI: 8 to 5.');
    const first = await openTasks();
    const again = await openTasks();
    const ids = first.map((c) => c.callId);
    expect(ids).toContain(wants);
    expect(ids).not.toContain(short);
    expect(ids).not.toContain(booked);
    expect(ids).not.toContain(question);
    expect(again.filter((c) => c.callId === wants)).toHaveLength(1);
    const rows = await t.database.db.select().from(callbacks).where(eq(callbacks.callId, wants));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      callerName: 'Ivy Stone',
      appointmentType: 'filling',
      preferredTime: '14:00',
    });
    // Oldest due first, due at a whole hour.
    const dues = first.map((c) => c.dueAt);
    expect([...dues].sort()).toEqual(dues);
    expect(new Date(rows[0]!.dueAt).getUTCMinutes()).toBe(0);
    // The creation is in the audit log, once (the log is written in the background).
    const created = await t.auditOf(rows[0]!.id, (entries) => entries.length > 0);
    expect(created).toMatchObject([{ action: 'callback.create', outcome: 'allowed' }]);
  });

  it('lets staff take a task and close it with a note, each change in the audit log', async () => {
    const callId = await insertCall(WANTS);
    const task = (await openTasks()).find((c) => c.callId === callId)!;
    const taken = await patch(`/api/callbacks/${task.id}`, { take: true });
    expect(taken.statusCode).toBe(200);
    expect(taken.json().callback.takenBy).toMatchObject({ name: expect.any(String) });
    const closed = await patch(`/api/callbacks/${task.id}`, {
      status: 'done',
      note: 'Booked her for Friday.',
    });
    expect(closed.json().callback).toMatchObject({ status: 'done', note: 'Booked her for Friday.' });
    expect((await openTasks()).map((c) => c.id)).not.toContain(task.id);
    const updates = (entries: { action: string }[]) => entries.filter((e) => e.action === 'callback.update');
    const audited = await t.auditOf(task.id, (entries) => updates(entries).length >= 2);
    expect(updates(audited)).toHaveLength(2);
    expect(JSON.stringify(audited)).not.toContain('Booked her for Friday');
  });

  it('closes the task when the processor books the call', async () => {
    const free = await weekdayWithFreeTime(t.app, admin, {
      now: t.clock.now(),
      days: 2,
      time: '10:00',
      appointmentType: 'dental_cleaning',
    });
    const day = new Date(`${free}T12:00:00`);
    const callId = await insertCall(
      `User: Hi, this is Ivy Stone, I need a cleaning on ${format(day, 'MMMM do')} at 10 AM. Please call me back.`,
    );
    const task = (await openTasks()).find((c) => c.callId === callId);
    expect(task).toBeDefined();
    const processed = await t.app.inject({
      method: 'POST',
      url: `/api/call/${callId}/process-appointment`,
      headers: bearer(admin),
    });
    expect(processed.json()).toMatchObject({ success: true });
    expect((await openTasks()).map((c) => c.callId)).not.toContain(callId);
  });

  it('books from a task at the nearest time the visit fits, closes it, and books it once', async () => {
    const callId = await insertCall(WANTS);
    const task = (await openTasks()).find((c) => c.callId === callId)!;
    // Past the demo schedule; every doctor is busy 10:30–11:00, so an hour's filling cannot start at 10:00.
    const date = weekdayAhead(t.clock.now(), 50);
    const zone = (await t.database.db.select().from(practices).where(eq(practices.id, demoId)))[0]!.timeZone;
    const [doctors, people] = await Promise.all([
      t.database.db.select().from(providers).where(eq(providers.practiceId, demoId)),
      t.database.db.select().from(patients).where(eq(patients.practiceId, demoId)).limit(10),
    ]);
    await t.database.db.insert(appointments).values(
      doctors.map((doctor, i) => ({
        practiceId: demoId,
        patientId: people[i]!.id,
        providerId: doctor.id,
        startsAt: instantFromWall(`${date}T10:30:00`, zone),
        endsAt: instantFromWall(`${date}T11:00:00`, zone),
        confirmationNumber: `CB${i}TST`,
      })),
    );
    const booking = {
      appointment_type: 'filling',
      date,
      time: '10:00',
      patient_info: { name: 'Ivy Stone', phone_number: '+12125550111' },
    };
    const book = (payload: object, session = admin) =>
      t.app.inject({
        method: 'POST',
        url: `/api/callbacks/${task.id}/book`,
        payload,
        headers: bearer(session),
      });

    expect((await book({ ...booking, appointment_type: 'tea' })).statusCode).toBe(400);
    const past = await book({ ...booking, date: addWallDays(practiceToday(t.clock.now()), -3) });
    expect(past.json()).toMatchObject({ code: 'bad_request', message: PAST_DATE_MESSAGE });

    const booked = await book(booking);
    expect(booked.statusCode).toBe(200);
    const outcome = booked.json();
    expect(outcome).toMatchObject({ success: true, appointment: { date, time: '09:30' } });
    const [closed] = await t.database.db.select().from(callbacks).where(eq(callbacks.id, task.id));
    expect(closed).toMatchObject({
      status: 'done',
      note: `Booked, confirmation ${outcome.appointment.confirmation_number}.`,
    });
    const again = await book(booking);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This callback is closed. Reopen it to book from it.');
    const audited = await t.auditOf(task.id, (entries) =>
      entries.some((e) => e.detail === '{"booked":true}'),
    );
    expect(audited).toContainEqual(
      expect.objectContaining({ action: 'callback.book', outcome: 'allowed', detail: '{"booked":true}' }),
    );
  });

  it('scopes tasks like call logs: a front desk user sees only calls on their numbers', async () => {
    const elsewhere = await insertCall(WANTS, 90, null);
    const list = await openTasks(frontDesk);
    expect(list.map((c) => c.callId)).not.toContain(elsewhere);
    const task = (await openTasks()).find((c) => c.callId === elsewhere)!;
    expect((await patch(`/api/callbacks/${task.id}`, { take: true }, frontDesk)).statusCode).toBe(404);
  });

  it('refuses a bad status filter and an empty change', async () => {
    expect((await get('/api/callbacks?status=later')).statusCode).toBe(400);
    const task = (await openTasks())[0]!;
    expect((await patch(`/api/callbacks/${task.id}`, {})).statusCode).toBe(400);
  });
});

describe('who has a callback', () => {
  let deskNumber: string;
  let third: { id: string; session: string };
  beforeAll(async () => {
    const permissions = (await get('/api/user-permissions', frontDesk)).json().data;
    deskNumber = permissions.assignedPhoneNumbers[0];
    const email = 'third-desk@example.com';
    const password = 'third-desk-pw-2026';
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users/atomic',
      headers: bearer(admin),
      payload: {
        user: { name: 'Theo Third', email, username: 'third-desk', password },
        permissions: { canCallLogs: true, canBookAppointment: true },
        phoneNumberIds: [deskNumber],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    third = { id: created.json().user.id, session: await t.login(email, password) };
  });

  /** Another of the practice's numbers than the front desk's. */
  const anotherNumber = async () => {
    const [other] = await t.database.db
      .select({ id: phoneNumbers.id })
      .from(phoneNumbers)
      .where(and(eq(phoneNumbers.practiceId, demoId), ne(phoneNumbers.id, deskNumber)));
    return other
      ? other.id
      : (
          await t.database.db
            .insert(phoneNumbers)
            .values({ practiceId: demoId, name: 'Hygiene Line', number: '+15555550177' })
            .returning({ id: phoneNumbers.id })
        )[0]!.id;
  };

  const newTask = async () => {
    const callId = await insertCall(WANTS, 90, deskNumber);
    return (await openTasks()).find((c) => c.callId === callId)!;
  };
  const takenBy = async (id: string) => (await openTasks()).find((c) => c.id === id)?.takenBy?.name ?? null;

  it('lets one of three people taking a task at once have it; the others get 409 naming the holder', async () => {
    const task = await newTask();
    const sessions = [admin, frontDesk, third.session];
    const responses = await Promise.all(
      sessions.map((session) => patch(`/api/callbacks/${task.id}`, { take: true }, session)),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(2);
    const holder = responses.find((r) => r.statusCode === 200)!.json().callback.takenBy.name;
    for (const refused of responses.filter((r) => r.statusCode === 409))
      expect(refused.json().message).toBe(`${holder} has already taken this callback.`);
    expect(await takenBy(task.id)).toBe(holder);
  });

  it('lets the holder take their own task again, and refuses anyone else', async () => {
    const task = await newTask();
    expect((await patch(`/api/callbacks/${task.id}`, { take: true }, third.session)).statusCode).toBe(200);
    expect((await patch(`/api/callbacks/${task.id}`, { take: true }, third.session)).statusCode).toBe(200);
    const refused = await patch(`/api/callbacks/${task.id}`, { take: true }, frontDesk);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Theo Third has already taken this callback.');
    expect(await takenBy(task.id)).toBe('Theo Third');
  });

  it('lets the holder release a task and hand it on; not someone else; an admin may reassign it', async () => {
    const task = await newTask();
    await patch(`/api/callbacks/${task.id}`, { take: true }, third.session);
    const notYours = await patch(`/api/callbacks/${task.id}`, { take: false }, frontDesk);
    expect(notYours.statusCode).toBe(409);
    expect(notYours.json().message).toMatch(/^Theo Third has this callback/);
    expect(await takenBy(task.id)).toBe('Theo Third');

    const released = await patch(`/api/callbacks/${task.id}`, { take: false }, third.session);
    expect(released.statusCode).toBe(200);
    expect(released.json().callback.takenBy).toBeNull();

    const me = (await get('/api/auth/me', frontDesk)).json().user;
    await patch(`/api/callbacks/${task.id}`, { take: true }, third.session);
    const handed = await patch(`/api/callbacks/${task.id}`, { assignTo: me.id }, third.session);
    expect(handed.statusCode).toBe(200);
    expect(handed.json().callback.takenBy).toEqual({ id: me.id, name: me.name });

    const reassigned = await patch(`/api/callbacks/${task.id}`, { assignTo: third.id }, admin);
    expect(reassigned.json().callback.takenBy).toEqual({ id: third.id, name: 'Theo Third' });
  });

  it('refuses handing a task to someone who cannot see callbacks, and changes nothing', async () => {
    const task = await newTask();
    const unknown = await patch(`/api/callbacks/${task.id}`, {
      assignTo: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Choose a colleague who can see the callbacks.');
    expect(await takenBy(task.id)).toBeNull();
    const both = await patch(`/api/callbacks/${task.id}`, { take: true, assignTo: third.id });
    expect(both.statusCode).toBe(400);
  });

  it('refuses handing a task to a colleague whose numbers do not include it, and offers only those who see it', async () => {
    // Nora is a front desk user too, but on another of the practice's numbers.
    const otherNumber = await anotherNumber();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users/atomic',
      headers: bearer(admin),
      payload: {
        user: {
          name: 'Nora Other',
          email: 'nora-other@example.com',
          username: 'nora-other',
          password: 'nora-other-pw-2026',
        },
        permissions: { canCallLogs: true },
        phoneNumberIds: [otherNumber],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const nora = created.json().user.id as string;

    const task = await newTask();
    await patch(`/api/callbacks/${task.id}`, { take: true }, frontDesk);
    const refused = await patch(`/api/callbacks/${task.id}`, { assignTo: nora }, frontDesk);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'Nora Other cannot see this callback: it came in on a number or assistant they are not assigned to. Choose a colleague who can see it.',
    );
    // Still the front desk's, who can release it.
    expect(await takenBy(task.id)).not.toBe('Nora Other');
    expect((await patch(`/api/callbacks/${task.id}`, { take: false }, frontDesk)).statusCode).toBe(200);

    const offered = async (url: string) =>
      ((await get(url, frontDesk)).json().assignees as { id: string }[]).map((a) => a.id);
    expect(await offered('/api/callbacks/assignees')).toContain(nora);
    const forTask = await offered(`/api/callbacks/assignees?for=${task.id}`);
    expect(forTask).not.toContain(nora);
    expect(forTask).toContain(third.id);
    // A task she cannot see is not hers to ask about.
    const noraSession = await t.login('nora-other@example.com', 'nora-other-pw-2026');
    expect((await get(`/api/callbacks/assignees?for=${task.id}`, noraSession)).statusCode).toBe(404);
  });

  it('shows a task from a text to those assigned the number it came in on, and hands it only to them', async () => {
    // Olga is a front desk user on another of the practice's numbers.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users/atomic',
      headers: bearer(admin),
      payload: {
        user: {
          name: 'Olga Elsewhere',
          email: 'olga-elsewhere@example.com',
          username: 'olga-elsewhere',
          password: 'olga-elsewhere-pw-2026',
        },
        permissions: { canCallLogs: true },
        phoneNumberIds: [await anotherNumber()],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const olga = { id: created.json().user.id as string };
    const olgaSession = await t.login('olga-elsewhere@example.com', 'olga-elsewhere-pw-2026');

    // The patient replies R to the front desk's number: messaging opens the task with that number.
    const [desk] = await t.database.db
      .select({ number: phoneNumbers.number })
      .from(phoneNumbers)
      .where(eq(phoneNumbers.id, deskNumber));
    const patientNumber = '+12125550163';
    const replied = await inbound(t, patientNumber, desk!.number!, 'R');
    expect(replied.statusCode, replied.body).toBeLessThan(300);
    const task = (await openTasks()).find((c) => c.callId === null && c.callerNumber === patientNumber)!;
    expect(task).toBeDefined();
    const [stored] = await t.database.db
      .select({ phoneNumberId: callbacks.phoneNumberId })
      .from(callbacks)
      .where(eq(callbacks.id, task.id));
    expect(stored!.phoneNumberId).toBe(deskNumber);

    // Seen by the front desk (list and actions), not by Olga.
    expect((await openTasks(frontDesk)).map((c) => c.id)).toContain(task.id);
    expect((await openTasks(olgaSession)).map((c) => c.id)).not.toContain(task.id);
    expect((await patch(`/api/callbacks/${task.id}`, { take: true }, olgaSession)).statusCode).toBe(404);

    // Handed only to a colleague assigned that number.
    expect((await patch(`/api/callbacks/${task.id}`, { take: true }, frontDesk)).statusCode).toBe(200);
    const offered = (
      (await get(`/api/callbacks/assignees?for=${task.id}`, frontDesk)).json().assignees as {
        id: string;
      }[]
    ).map((a) => a.id);
    expect(offered).toContain(third.id);
    expect(offered).not.toContain(olga.id);
    const refused = await patch(`/api/callbacks/${task.id}`, { assignTo: olga.id }, frontDesk);
    expect(refused.statusCode).toBe(400);
    const handed = await patch(`/api/callbacks/${task.id}`, { assignTo: third.id }, frontDesk);
    expect(handed.statusCode, handed.body).toBe(200);
    expect(await takenBy(task.id)).toBe('Theo Third');
    expect((await openTasks(third.session)).map((c) => c.id)).toContain(task.id);
  });

  it('lets one of two people closing a task at once close it; the other gets 409 and the first note stays', async () => {
    const task = await newTask();
    const responses = await Promise.all([
      patch(`/api/callbacks/${task.id}`, { status: 'done', note: 'Booked her for Friday.' }, frontDesk),
      patch(`/api/callbacks/${task.id}`, { status: 'done', note: 'Left a voicemail.' }, third.session),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const won = responses.find((r) => r.statusCode === 200)!.json().callback.note;
    expect(responses.find((r) => r.statusCode === 409)!.json().message).toBe(ALREADY_CLOSED);
    const [row] = await t.database.db.select().from(callbacks).where(eq(callbacks.id, task.id));
    expect(row).toMatchObject({ status: 'done', note: won });
  });

  it('keeps the note of someone who closed the task while it was being booked, and adds the booking to it', async () => {
    const task = await newTask();
    let closeMeanwhile = true;
    t.events.subscribe('appointment.created', 'test.close-while-booking', async (booked) => {
      if (booked.channel !== 'callback' || !closeMeanwhile) return;
      closeMeanwhile = false;
      const closed = await patch(
        `/api/callbacks/${task.id}`,
        { status: 'done', note: 'Left a voicemail.' },
        third.session,
      );
      expect(closed.statusCode).toBe(200);
    });
    const booked = await t.app.inject({
      method: 'POST',
      url: `/api/callbacks/${task.id}/book`,
      headers: bearer(admin),
      payload: {
        appointment_type: 'filling',
        date: weekdayAhead(t.clock.now(), 54),
        time: '10:00',
        patient_info: { name: 'Ivy Stone', phone_number: '+12125550113' },
      },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(closeMeanwhile).toBe(false);
    const confirmation = booked.json().appointment.confirmation_number;
    const [row] = await t.database.db.select().from(callbacks).where(eq(callbacks.id, task.id));
    expect(row).toMatchObject({
      status: 'done',
      note: `Left a voicemail. Booked, confirmation ${confirmation}.`,
    });
  });

  it('lists the colleagues a task can be handed to: active users who see callbacks', async () => {
    const { assignees } = (await get('/api/callbacks/assignees', frontDesk)).json();
    const names = assignees.map((a: { name: string }) => a.name);
    expect(names).toContain('Theo Third');
    expect(assignees).toContainEqual({ id: third.id, name: 'Theo Third' });
  });

  it('filters Mine (open tasks I hold) and Closed (with their notes, newest closed first)', async () => {
    const mine = await newTask();
    const other = await newTask();
    await patch(`/api/callbacks/${mine.id}`, { take: true }, third.session);
    await patch(`/api/callbacks/${other.id}`, { take: true }, frontDesk);
    const mineList = (await get('/api/callbacks?status=open&takenBy=me', third.session)).json().callbacks;
    expect(mineList.map((c: Item) => c.id)).toContain(mine.id);
    expect(mineList.map((c: Item) => c.id)).not.toContain(other.id);
    expect(mineList.every((c: Item) => c.takenBy?.name === 'Theo Third')).toBe(true);

    await patch(`/api/callbacks/${other.id}`, { status: 'done', note: 'Left a voicemail.' }, frontDesk);
    t.clock.advanceMinutes(1);
    await patch(`/api/callbacks/${mine.id}`, { status: 'done', note: 'Booked for Friday.' }, third.session);
    const closed = (await get('/api/callbacks?status=done', third.session)).json().callbacks as (Item & {
      note: string;
    })[];
    const ours = closed.filter((c) => c.id === mine.id || c.id === other.id);
    expect(ours.map((c) => c.note)).toEqual(['Booked for Friday.', 'Left a voicemail.']);
    expect((await get('/api/callbacks?takenBy=someone')).statusCode).toBe(400);
  });

  it('books with the doctor chosen, and refuses a doctor that does not exist', async () => {
    const task = await newTask();
    // The demo practice's doctors (the other demo practice has its own).
    const doctors = await t.database.db.select().from(providers).where(eq(providers.practiceId, demoId));
    const doctor = doctors[doctors.length - 1]!;
    const date = weekdayAhead(t.clock.now(), 52);
    const booking = {
      appointment_type: 'filling',
      date,
      time: '10:00',
      patient_info: { name: 'Ivy Stone', phone_number: '+12125550112' },
    };
    const book = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/callbacks/${task.id}/book`,
        payload,
        headers: bearer(admin),
      });
    const unknown = await book({ ...booking, provider_id: 'no-such-doctor' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown doctor. Please choose one from the list.');
    const slots = (
      await get(`/api/slots/${date}/${encodeURIComponent(doctor.id)}?appointment_type=filling`)
    ).json().slots as { time: string; provider_id: string }[];
    const chosen = slots[slots.length - 1]!;
    const booked = await book({ ...booking, time: chosen.time, provider_id: chosen.provider_id });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json().appointment).toMatchObject({ provider_id: chosen.provider_id, time: chosen.time });
  });
});
