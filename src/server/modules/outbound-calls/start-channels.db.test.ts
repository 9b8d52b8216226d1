import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appointmentChangedMessage } from '#shared/schemas/outbound-calls';
import { createIdempotency } from '../../db/idempotency';
import { assistants, outboundCalls, outboundSettings, phoneNumbers } from '../../db/schema/index';
import { AppError } from '../../errors';
import { toE164 } from '../../lib/phone';
import type { Viewer } from '../../plugins/auth';
import { createFakeTextQueue, type FakeTextQueue } from '../../test/fake-text-queue';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createOutboundCallsRepo } from './outbound-calls.repo';
import {
  createOutboundCallsService,
  escalationNotSetMessage,
  noTextsMessage,
  type OutboundCallsService,
} from './outbound-calls.service';

/**
 * POST /api/outbound-calls/start's service by channel (issue 23), with an in-memory TextQueue (the messaging
 * module's own is not wired into the test app yet): texts per patient's next appointment under the campaign's
 * key, skipped patients told why, none queued a 409, the call channel unchanged.
 */

let t: TestApp;
let viewer: Viewer;
let texts: FakeTextQueue;
let service: OutboundCallsService;
let patients: { id: string; name: string; phone: string; appointmentId: string }[];
let choice: { assistantId: string; phoneNumberId: string };

beforeAll(async () => {
  t = await createTestApp();
  const resolved = await t.modules.auth.service.resolve(await t.asAdmin(), {
    clientAddress: null,
    userAgent: null,
    requestId: null,
  });
  if (!('session' in resolved) || !resolved.session.practice) throw new Error('no admin session');
  const { user, principal, practice } = resolved.session;
  viewer = { userId: user.id, principal, practice };
  const schedule = t.modules.schedule.service;
  patients = (await schedule.patientsWithAppointments(await schedule.forUser(viewer))).flatMap((p) => {
    const phone = p.phone_number ? toE164(p.phone_number) : undefined;
    return phone ? [{ id: p.id, name: p.name, phone, appointmentId: p.next_appointment.id }] : [];
  });
  expect(patients.length).toBeGreaterThan(3);
  const [assistant] = await t.database.db
    .select()
    .from(assistants)
    .where(eq(assistants.practiceId, viewer.practice.id));
  const [number] = await t.database.db
    .select()
    .from(phoneNumbers)
    .where(eq(phoneNumbers.practiceId, viewer.practice.id))
    .orderBy(phoneNumbers.createdAt);
  choice = { assistantId: assistant!.id, phoneNumberId: number!.id };
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.database.db.delete(outboundCalls);
  await t.database.db.delete(outboundSettings);
  texts = createFakeTextQueue(t.clock.now);
  service = createOutboundCallsService({
    repo: createOutboundCallsRepo(t.database.db),
    assistants: t.modules.assistants.service,
    phoneNumbers: t.modules.phoneNumbers.service,
    schedule: t.modules.schedule.service,
    idempotency: createIdempotency(t.database.db),
    texts,
    now: t.clock.now,
  });
});

const callRows = async () => (await t.database.db.select({ n: count() }).from(outboundCalls))[0]!.n;

async function refused(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('start by text', () => {
  it('sms: one text per patient about their next appointment; the opted out are left out and told why', async () => {
    const [a, b, c] = patients;
    texts.optOut(c!.phone);
    const result = await service.start(viewer, {
      patient_ids: [a!.id, b!.id, c!.id],
      call_type: 'confirmation',
      channel: 'sms',
      appointment_ids: { [a!.id]: a!.appointmentId },
    });
    expect(result.calls).toEqual([]);
    expect(result.texts).toBe(2);
    expect(result.skipped).toEqual([
      {
        patient_id: c!.id,
        patient_name: c!.name,
        reason: `${c!.name} has opted out of texts from the practice, so no confirmation text was sent.`,
      },
    ]);
    expect(texts.texts.map((x) => [x.to, x.kind, x.idempotencyKey, x.appointmentRef])).toEqual([
      [a!.phone, 'confirmation', `campaign:confirmation:${a!.appointmentId}`, a!.appointmentId],
      [b!.phone, 'confirmation', `campaign:confirmation:${b!.appointmentId}`, b!.appointmentId],
    ]);
    expect(texts.texts[0]!.values).toMatchObject({ firstName: a!.name.split(' ')[0] });
    expect(texts.texts[0]!.values.day).toMatch(/^[A-Z][a-z]+day, [A-Z][a-z]{2} \d{1,2}$/);
    expect(texts.texts[0]!.values.time).toMatch(/^\d{1,2}:\d{2} [AP]M$/);
    expect(await callRows()).toBe(0);

    // The same appointments again: nothing is texted twice, and the 409 says why in words.
    const again = await refused(
      service.start(viewer, {
        patient_ids: [a!.id, b!.id, c!.id],
        call_type: 'confirmation',
        channel: 'sms',
      }),
    );
    expect(again.status).toBe(409);
    expect(again.message).toBe(noTextsMessage('confirmation', ['duplicate', 'duplicate', 'opted_out']));
    expect(again.message).toBe(
      'No confirmation text was sent: 2 already sent this text for the appointment, 1 opted out of texts.',
    );
    expect(texts.texts).toHaveLength(2);
  });

  it("uses the call type's channel from the settings when the start names none; `call` still calls", async () => {
    const [a, b] = patients;
    await service.updateSettings(viewer, { callTypes: { reminder: { channel: 'sms' } } });
    const texted = await service.start(viewer, { patient_ids: [a!.id], call_type: 'reminder' });
    expect(texted).toMatchObject({ calls: [], texts: 1 });

    const called = await service.start(viewer, {
      patient_ids: [b!.id],
      call_type: 'reminder',
      channel: 'call',
      assistant_id: choice.assistantId,
      phone_number_id: choice.phoneNumberId,
    });
    expect(called.texts).toBe(0);
    expect(called.calls).toHaveLength(1);
    expect(texts.texts).toHaveLength(1);
  });

  it('a repeat under the same Idempotency-Key gets the first answer and texts nobody again', async () => {
    const input = { patient_ids: [patients[0]!.id], call_type: 'reminder' as const, channel: 'sms' as const };
    const first = await service.start(viewer, input, 'text-retry-1');
    expect(await service.start(viewer, input, 'text-retry-1')).toEqual(first);
    expect(texts.texts).toHaveLength(1);
    const other = await refused(service.start(viewer, { ...input, call_type: 'followup' }, 'text-retry-1'));
    expect(other.status).toBe(422);
  });

  it('no sender number: 409 saying so; nothing queued', async () => {
    texts.refuse('no_sender');
    const error = await refused(
      service.start(viewer, {
        patient_ids: [patients[0]!.id, patients[1]!.id],
        call_type: 'reminder',
        channel: 'sms',
      }),
    );
    expect(error.status).toBe(409);
    expect(error.message).toBe(
      'No reminder text was sent: no sender number is set in the messaging settings.',
    );
  });

  it('checks the selection as calls do: a changed appointment is a 400 and nothing is texted', async () => {
    const [a] = patients;
    const error = await refused(
      service.start(viewer, {
        patient_ids: [a!.id],
        call_type: 'reminder',
        channel: 'sms',
        appointment_ids: { [a!.id]: 'not-the-next-one' },
      }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe(appointmentChangedMessage(a!.name));
    expect(texts.texts).toHaveLength(0);
  });

  it('sms_then_call needs the call type set to it with an assistant and number (the campaign run calls)', async () => {
    const input = {
      patient_ids: [patients[0]!.id],
      call_type: 'reminder' as const,
      channel: 'sms_then_call' as const,
    };
    const error = await refused(service.start(viewer, input));
    expect(error.status).toBe(400);
    expect(error.message).toBe(escalationNotSetMessage('reminder'));
    expect(texts.texts).toHaveLength(0);

    await service.updateSettings(viewer, {
      callTypes: { reminder: { channel: 'sms_then_call', ...choice } },
    });
    expect(await service.start(viewer, input)).toMatchObject({ calls: [], skipped: [], texts: 1 });
    expect(await callRows()).toBe(0);
  });
});
