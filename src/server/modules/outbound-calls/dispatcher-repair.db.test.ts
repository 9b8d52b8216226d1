import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OUTBOUND_SETTINGS } from '#shared/schemas/outbound-calls';
import { assistants, outboundCalls, outboundSettings, phoneNumbers } from '../../db/schema/index';
import { VoiceError } from '../../integrations/voice/errors';
import { createSandboxVoice } from '../../integrations/voice/sandbox/sandbox-voice';
import type { OutboundCallRequest } from '../../integrations/voice/port';
import { firstPracticeId } from '../../test/practice-number';
import { createTestApp, type TestApp } from '../../test/test-app';

// What the dispatcher asks of the voice port when it repairs: a re-placement says since when the attempt may
// already exist (Vapi takes no idempotency key; its adapter then looks the call up), and a placed call that has
// been silent too long is looked up and settled.

let t: TestApp;
/** The demo practice. */
let demoId: string;
const asked: OutboundCallRequest[] = [];
/** What the platform says of each call it was asked about (`undefined`: it has no record). */
const onPlatform = new Map<string, string>();

beforeAll(async () => {
  const voice = createSandboxVoice();
  t = await createTestApp({
    voice: {
      ...voice,
      createOutboundCall: async (request) => {
        asked.push(request);
        return { id: `remote-${request.placementKey}`, status: 'queued' };
      },
      getCall: async (id) => {
        const status = onPlatform.get(id);
        if (!status) throw new VoiceError('not_found', 'Call not found.');
        return { id, status };
      },
    },
    outbound: { placementGraceMs: 0 },
  });
  demoId = await firstPracticeId(t);
  const settings = { ...DEFAULT_OUTBOUND_SETTINGS, callingWindow: { start: '00:00', end: '23:59' } };
  await t.database.db
    .insert(outboundSettings)
    .values({ practiceId: demoId, settings })
    .onConflictDoUpdate({ target: outboundSettings.practiceId, set: { settings } });
});
afterAll(() => t.close());

const newCall = async (phoneNumber: string) => {
  const [assistant] = await t.database.db.select().from(assistants).where(eq(assistants.practiceId, demoId));
  const [number] = await t.database.db.select().from(phoneNumbers).where(eq(phoneNumbers.practiceId, demoId));
  return {
    practiceId: demoId,
    patientId: phoneNumber,
    patientName: 'Pat Repair',
    phoneNumber,
    callType: 'reminder' as const,
    assistantId: assistant!.id,
    phoneNumberId: number!.id,
    appointment: { date: '2030-01-07', time: '09:00', provider: 'Dr. Smith', type: 'Cleaning' },
  };
};

describe('the dispatcher repairing a crash', () => {
  it('places a claimed but unstored attempt again with the instant it was claimed; new calls without', async () => {
    const [cut] = await t.database.db
      .insert(outboundCalls)
      .values(await newCall('+12125550107'))
      .returning();
    const placedAt = new Date(Date.now() - 1000);
    await t.database.db
      .update(outboundCalls)
      .set({ status: 'calling', attempts: 1, placementKey: `${cut!.id}:1`, placedAt })
      .where(eq(outboundCalls.id, cut!.id));
    await t.database.db.insert(outboundCalls).values(await newCall('+12125550108'));

    await t.modules.outboundCalls.dispatcher.run(1_000);

    const repair = asked.find((r) => r.placementKey === `${cut!.id}:1`);
    expect(repair?.placedSince?.getTime()).toBe(placedAt.getTime());
    const fresh = asked.find((r) => r.customer.number === '+12125550108');
    expect(fresh).toBeDefined();
    expect(fresh!.placedSince).toBeUndefined();
    const [repaired] = await t.database.db.select().from(outboundCalls).where(eq(outboundCalls.id, cut!.id));
    expect(repaired!.vapiCallId).toBe(`remote-${cut!.id}:1`);
  });

  it("looks up a placed call silent for longer than its assistant's longest call, and settles it", async () => {
    const [assistant] = await t.database.db.select().from(assistants);
    const longestMs = (assistant!.maxDurationSeconds + 120) * 1000;
    const placed = async (phoneNumber: string, remoteId: string, quietMs: number) => {
      const [row] = await t.database.db
        .insert(outboundCalls)
        .values({
          ...(await newCall(phoneNumber)),
          status: 'calling',
          attempts: 1,
          placementKey: `${remoteId}:1`,
          placedAt: new Date(Date.now() - quietMs),
          vapiCallId: remoteId,
          updatedAt: new Date(Date.now() - quietMs),
        })
        .returning();
      return row!.id;
    };
    onPlatform.set('ended-remote', 'ended');
    onPlatform.set('talking-remote', 'in-progress');
    const ended = await placed('+12125550111', 'ended-remote', longestMs + 60_000);
    const talking = await placed('+12125550112', 'talking-remote', longestMs + 60_000);
    const lost = await placed('+12125550113', 'lost-remote', longestMs + 60_000);
    const recent = await placed('+12125550114', 'ended-remote-2', 60_000);
    onPlatform.set('ended-remote-2', 'ended');

    await t.modules.outboundCalls.dispatcher.recover();

    const status = async (id: string) =>
      (await t.database.db.select().from(outboundCalls).where(eq(outboundCalls.id, id)))[0]!;
    expect((await status(ended)).status).toBe('completed');
    expect((await status(talking)).status).toBe('calling');
    expect(await status(lost)).toMatchObject({
      status: 'failed',
      lastError: 'The voice platform has no record of this call.',
    });
    // Quiet for less than the assistant's longest call: not asked about yet.
    expect((await status(recent)).status).toBe('calling');
  });
});
