import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSISTANT_DEFAULTS } from '#shared/schemas/assistants';
import { DEFAULT_CALL_TRANSFER_SETTINGS, WEEKDAYS } from '#shared/schemas/call-transfer';
import { appointments, assistants, practices } from '../db/schema/index';
import { createOtherPractice, type OtherPractice } from '../test/other-practice';
import { givePracticeNumber } from '../test/practice-number';
import { bearer, createTestApp, platformWebhook, type TestApp } from '../test/test-app';
import { NOT_IN_SERVICE_MESSAGE } from './voice-platform/voice-platform.service';

/** Issue 22: one practice's assistants, workflows, numbers and transfer setting are invisible to another. */

let t: TestApp;
let admin: string;
let b: OtherPractice;
let bAdmin: string;
let bAssistantId: string;
let bNumber: { id: string; number: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
  b = await createOtherPractice(t);
  bAdmin = await b.asAdmin();
  const [assistant] = await t.database.db
    .insert(assistants)
    .values({
      ...structuredClone(ASSISTANT_DEFAULTS),
      practiceId: b.id,
      name: 'B Receptionist',
      providerId: 'b-assistant-on-the-platform',
    })
    .returning();
  bAssistantId = assistant!.id;
  bNumber = await givePracticeNumber(t, { practiceId: b.id, assistantId: bAssistantId });
});
afterAll(() => t.close());

const as = (
  session: string,
  method: 'GET' | 'PATCH' | 'DELETE' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: bearer(session), ...(payload && { payload }) });

const voice = (message: Record<string, unknown>) => platformWebhook(t.app, { message });

describe('assistants, workflows and phone numbers per practice', () => {
  it("another practice's assistant is not found and not listed", async () => {
    expect((await as(admin, 'GET', `/api/assistants/${bAssistantId}`)).statusCode).toBe(404);
    expect((await as(admin, 'PATCH', `/api/assistants/${bAssistantId}`, { name: 'Taken' })).statusCode).toBe(
      404,
    );
    expect((await as(admin, 'DELETE', `/api/assistants/${bAssistantId}`)).statusCode).toBe(404);
    const listed = (await as(admin, 'GET', '/api/assistants')).json().assistants as { id: string }[];
    expect(listed.map((a) => a.id)).not.toContain(bAssistantId);
    const own = (await as(bAdmin, 'GET', '/api/assistants')).json().assistants as { id: string }[];
    expect(own.map((a) => a.id)).toEqual([bAssistantId]);
    const [row] = await t.database.db.select().from(assistants).where(eq(assistants.id, bAssistantId));
    expect(row!.name).toBe('B Receptionist');
  });

  it("another practice's workflow is not found and not listed", async () => {
    const created = await as(bAdmin, 'POST', '/api/workflows', { name: 'B intake' });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().workflow.id as string;
    const listed = (await as(admin, 'GET', '/api/workflows')).json().workflows as { id: string }[];
    expect(listed.map((w) => w.id)).not.toContain(id);
    expect((await as(admin, 'DELETE', `/api/workflows/${id}`)).statusCode).toBe(404);
    const own = (await as(bAdmin, 'GET', '/api/workflows')).json().workflows as { id: string }[];
    expect(own.map((w) => w.id)).toEqual([id]);
  });

  it("another practice's number is not found and not listed; its assistant cannot be given to ours", async () => {
    expect((await as(admin, 'PATCH', `/api/phone-numbers/${bNumber.id}`, { name: 'Mine' })).statusCode).toBe(
      404,
    );
    expect((await as(admin, 'DELETE', `/api/phone-numbers/${bNumber.id}`)).statusCode).toBe(404);
    const listed = (await as(admin, 'GET', '/api/phone-numbers')).json().phoneNumbers as { id: string }[];
    expect(listed.map((n) => n.id)).not.toContain(bNumber.id);
    const own = (await as(bAdmin, 'GET', '/api/phone-numbers')).json().phoneNumbers as { id: string }[];
    expect(own.map((n) => n.id)).toEqual([bNumber.id]);

    const ours = await givePracticeNumber(t);
    const refused = await as(admin, 'PATCH', `/api/phone-numbers/${ours.id}`, { assistantId: bAssistantId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toHaveProperty('assistantId');
  });
});

describe('transfer to a person per practice', () => {
  it("keeps each practice's setting apart, and answers a call with its own practice's number", async () => {
    const setting = { phoneNumber: '+12125550199', days: [...WEEKDAYS], start: '00:00', end: '23:59' };
    expect((await as(bAdmin, 'PUT', '/api/call-transfer-settings', setting)).statusCode).toBe(200);
    expect((await as(admin, 'GET', '/api/call-transfer-settings')).json()).toEqual(
      DEFAULT_CALL_TRANSFER_SETTINGS,
    );
    // A's practice has no number set: a call to A's number is not put through to B's.
    const ours = await givePracticeNumber(t);
    const toA = await voice({ type: 'transfer-destination-request', phoneNumber: { number: ours.number } });
    expect(toA.json()).not.toHaveProperty('destination');
    const toB = await voice({
      type: 'transfer-destination-request',
      phoneNumber: { number: bNumber.number },
      call: { id: 'transfer-b' },
    });
    expect(toB.json().destination).toMatchObject({ type: 'number', number: '+12125550199' });
  });
});

describe('a call to a number of no practice, or of a suspended one', () => {
  const toolCall = (calledNumber: string) =>
    voice({
      type: 'tool-calls',
      phoneNumber: { number: calledNumber },
      toolCallList: [
        {
          id: `tc-${calledNumber}`,
          type: 'function',
          function: {
            name: 'bookAppointment',
            arguments: {
              appointment_type: 'cleaning',
              date: '2099-01-05',
              time: '10:00',
              patient_info: { name: 'Nobody Home', phone_number: '+16465550100' },
            },
          },
        },
      ],
    });

  async function expectNotInService(calledNumber: string) {
    const before = await t.database.db.$count(appointments);
    const request = await voice({ type: 'assistant-request', phoneNumber: { number: calledNumber } });
    expect(request.statusCode).toBe(200);
    expect(request.json()).toEqual({ error: NOT_IN_SERVICE_MESSAGE });
    const tools = await toolCall(calledNumber);
    expect(tools.json().results).toEqual([
      { toolCallId: `tc-${calledNumber}`, name: 'bookAppointment', error: NOT_IN_SERVICE_MESSAGE },
    ]);
    const transfer = await voice({
      type: 'transfer-destination-request',
      phoneNumber: { number: calledNumber },
    });
    expect(transfer.json().error).toBe(NOT_IN_SERVICE_MESSAGE);
    expect(await t.database.db.$count(appointments)).toBe(before);
  }

  it('knows the practice from the assistant the call reached when no number is named', async () => {
    const byAssistant = (assistantId: string) =>
      voice({
        type: 'tool-calls',
        call: { id: `call-${assistantId}`, assistantId },
        toolCallList: [
          {
            id: `tc-find-${assistantId}`,
            type: 'function',
            function: { name: 'findPatient', arguments: { phone_number: '+16465550101' } },
          },
        ],
      });
    const [known] = (await byAssistant('b-assistant-on-the-platform')).json().results;
    // B's schedule answers (B may have no linked account: then it says so, but the number is in service).
    expect(known.error).not.toBe(NOT_IN_SERVICE_MESSAGE);
    const [unknown] = (await byAssistant('nobody-has-this-assistant')).json().results;
    expect(unknown.error).toBe(NOT_IN_SERVICE_MESSAGE);
    await t.database.db.update(practices).set({ status: 'suspended' }).where(eq(practices.id, b.id));
    try {
      const [suspended] = (await byAssistant('b-assistant-on-the-platform')).json().results;
      expect(suspended.error).toBe(NOT_IN_SERVICE_MESSAGE);
    } finally {
      await t.database.db.update(practices).set({ status: 'active' }).where(eq(practices.id, b.id));
    }
  });

  it('is not in service: nothing is booked', async () => {
    await expectNotInService('+16465559999');
  });

  it('is not in service when the practice is suspended, and in service again once it is active', async () => {
    await t.database.db.update(practices).set({ status: 'suspended' }).where(eq(practices.id, b.id));
    await expectNotInService(bNumber.number);
    await t.database.db.update(practices).set({ status: 'active' }).where(eq(practices.id, b.id));
    const request = await voice({ type: 'assistant-request', phoneNumber: { number: bNumber.number } });
    expect(request.json()).not.toHaveProperty('error');
  });
});
