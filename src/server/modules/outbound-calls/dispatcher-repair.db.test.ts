import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OUTBOUND_SETTINGS } from '#shared/schemas/outbound-calls';
import { assistants, outboundCalls, outboundSettings, phoneNumbers } from '../../db/schema/index';
import { createSandboxVoice } from '../../integrations/voice/sandbox/sandbox-voice';
import type { OutboundCallRequest } from '../../integrations/voice/port';
import { createTestApp, type TestApp } from '../../test/test-app';

// What the dispatcher asks of the voice port when it repairs a crash: the platform (Vapi) takes no idempotency
// key, so a re-placement says since when the attempt may already exist (the Vapi adapter then looks it up).

let t: TestApp;
const asked: OutboundCallRequest[] = [];

beforeAll(async () => {
  const voice = createSandboxVoice();
  t = await createTestApp({
    voice: {
      ...voice,
      createOutboundCall: async (request) => {
        asked.push(request);
        return { id: `remote-${request.placementKey}`, status: 'queued' };
      },
    },
    outbound: { placementGraceMs: 0 },
  });
  const settings = { ...DEFAULT_OUTBOUND_SETTINGS, callingWindow: { start: '00:00', end: '23:59' } };
  await t.database.db.insert(outboundSettings).values({ id: 1, settings }).onConflictDoNothing();
});
afterAll(() => t.close());

describe('the dispatcher repairing a crash', () => {
  it('places a claimed but unstored attempt again with the instant it was claimed; new calls without', async () => {
    const [assistant] = await t.database.db.select().from(assistants);
    const [number] = await t.database.db.select().from(phoneNumbers);
    const call = (phoneNumber: string) => ({
      patientId: phoneNumber,
      patientName: 'Pat Repair',
      phoneNumber,
      callType: 'reminder' as const,
      assistantId: assistant!.id,
      phoneNumberId: number!.id,
      appointment: { date: '2030-01-07', time: '09:00', provider: 'Dr. Smith', type: 'Cleaning' },
    });
    const [cut] = await t.database.db.insert(outboundCalls).values(call('+12125550107')).returning();
    const placedAt = new Date(Date.now() - 1000);
    await t.database.db
      .update(outboundCalls)
      .set({ status: 'calling', attempts: 1, placementKey: `${cut!.id}:1`, placedAt })
      .where(eq(outboundCalls.id, cut!.id));
    await t.database.db.insert(outboundCalls).values(call('+12125550108'));

    await t.app.outbound.dispatcher.run(1_000);

    const repair = asked.find((r) => r.placementKey === `${cut!.id}:1`);
    expect(repair?.placedSince?.getTime()).toBe(placedAt.getTime());
    const fresh = asked.find((r) => r.customer.number === '+12125550108');
    expect(fresh).toBeDefined();
    expect(fresh!.placedSince).toBeUndefined();
    const [repaired] = await t.database.db.select().from(outboundCalls).where(eq(outboundCalls.id, cut!.id));
    expect(repaired!.vapiCallId).toBe(`remote-${cut!.id}:1`);
  });
});
