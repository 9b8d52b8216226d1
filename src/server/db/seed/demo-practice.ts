import { sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords';
import { seedDemoSchedule } from './demo-schedule';
import type { Db } from '../client';
import { LOCKS, xactLock } from '../locks';
import {
  assistants,
  calls,
  connectors,
  outboundSettings,
  phoneNumbers,
  userAssistants,
  userConnectors,
  userPermissions,
  userPhoneNumbers,
  users,
  workflows,
} from '../schema/index';
import { ASSISTANT_DEFAULTS } from '#shared/schemas/assistants';
import { DEFAULT_OUTBOUND_SETTINGS } from '#shared/schemas/outbound-calls';
import { createRandom } from './random';
import { DEMO_ASSISTANTS, DEMO_OUTBOUND, DEMO_PHONE_NUMBERS, DEMO_WORKFLOWS, demoCalls } from './voice-data';

export const DEMO_PRACTICE_NAME = 'Bright Smile Dental';
export const DEMO_ADMIN = { email: 'admin@brightsmile.example', password: 'admin1234' } as const;
export const DEMO_FRONT_DESK = { email: 'frontdesk@brightsmile.example', password: 'frontdesk1234' } as const;
export const DEMO_CALL_COUNT = 46;

/** Seeds the demo practice into an empty database; does nothing when any user exists. */
export async function seedDemoPractice(db: Db, now = new Date()): Promise<boolean> {
  const [adminHash, frontDeskHash] = await Promise.all([
    hashPassword(DEMO_ADMIN.password),
    hashPassword(DEMO_FRONT_DESK.password),
  ]);
  return db.transaction(async (tx) => {
    // Two instances booting together must not both seed.
    await tx.execute(xactLock(LOCKS.demoSeed));
    const existing = await tx.execute(sql`select 1 from users limit 1`);
    if (existing.rows.length > 0) return false;

    const random = createRandom(20250911);
    const [admin, frontDesk] = await tx
      .insert(users)
      .values([
        {
          name: 'Dr. Maya Patel',
          email: DEMO_ADMIN.email,
          username: 'admin',
          passwordHash: adminHash,
          role: 'admin',
        },
        {
          name: 'Jordan Reyes',
          email: DEMO_FRONT_DESK.email,
          username: 'frontdesk',
          passwordHash: frontDeskHash,
          role: 'sub',
        },
      ])
      .returning();
    const [connector] = await tx
      .insert(connectors)
      .values({ name: DEMO_PRACTICE_NAME, consumerId: 'bright-smile-dental', connectorId: 'sandbox' })
      .returning();
    const insertedAssistants = await tx
      .insert(assistants)
      .values(
        DEMO_ASSISTANTS.map((a, index) => ({
          ...ASSISTANT_DEFAULTS,
          name: a.name,
          firstMessage: a.firstMessage,
          voicemailMessage: a.voicemailMessage,
          endCallMessage: a.endCallMessage,
          voice: a.voice,
          model: {
            provider: 'openai',
            model: 'gpt-4o',
            temperature: a.temperature,
            messages: [{ role: 'system', content: a.systemPrompt }],
          },
          transcriber: { ...ASSISTANT_DEFAULTS.transcriber },
          startSpeakingPlan: structuredClone(ASSISTANT_DEFAULTS.startSpeakingPlan),
          stopSpeakingPlan: { ...ASSISTANT_DEFAULTS.stopSpeakingPlan },
          clientMessages: [...ASSISTANT_DEFAULTS.clientMessages],
          serverMessages: [...ASSISTANT_DEFAULTS.serverMessages],
          createdAt: new Date(now.getTime() - (60 - index) * 24 * 3600_000),
          updatedAt: new Date(now.getTime() - (60 - index) * 24 * 3600_000),
        })),
      )
      .returning();
    await tx
      .insert(workflows)
      .values(DEMO_WORKFLOWS.map((w) => ({ name: w.name, nodes: [...w.nodes], edges: [...w.edges] })));
    const insertedNumbers = await tx
      .insert(phoneNumbers)
      .values(
        DEMO_PHONE_NUMBERS.map((n, index) => ({
          ...n,
          assistantId: insertedAssistants[index]?.id ?? null,
          createdAt: new Date(now.getTime() - (59 - index) * 24 * 3600_000),
        })),
      )
      .returning();
    await tx.insert(calls).values(
      demoCalls(random, now, DEMO_CALL_COUNT).map(({ numberIndex, assistantIndex, ...call }) => ({
        ...call,
        phoneNumberId: insertedNumbers[numberIndex]?.id ?? null,
        assistantId: insertedAssistants[assistantIndex]?.id ?? null,
      })),
    );

    if (!admin || !frontDesk || !connector || !insertedNumbers[0] || !insertedAssistants[0]) {
      throw new Error('demo seed: inserts returned no rows');
    }
    await tx
      .insert(userPermissions)
      .values([
        { userId: admin.id },
        { userId: frontDesk.id, canCallLogs: true, canBookAppointment: true, canAppointmentCalendar: true },
      ]);
    await tx.insert(userPhoneNumbers).values({ userId: frontDesk.id, phoneNumberId: insertedNumbers[0].id });
    await tx.insert(userConnectors).values({ userId: frontDesk.id, connectorId: connector.id });
    await tx.insert(userAssistants).values({ userId: frontDesk.id, assistantId: insertedAssistants[0].id });
    // Reminders and confirmations are set up, so the daily campaigns call (and their cards say Scheduled).
    const outboundAssistant = insertedAssistants.find((a) => a.name === DEMO_OUTBOUND.assistant);
    const outboundNumber = insertedNumbers.find((n) => n.name === DEMO_OUTBOUND.phoneNumber);
    if (!outboundAssistant || !outboundNumber) throw new Error('demo seed: no outbound assistant or number');
    const chosen = { assistantId: outboundAssistant.id, phoneNumberId: outboundNumber.id };
    const defaults = DEFAULT_OUTBOUND_SETTINGS.callTypes;
    await tx.insert(outboundSettings).values({
      settings: {
        ...DEFAULT_OUTBOUND_SETTINGS,
        callTypes: {
          ...defaults,
          reminder: { ...defaults.reminder, ...chosen },
          confirmation: { ...defaults.confirmation, ...chosen },
        },
      },
    });
    await seedDemoSchedule(tx, random, now);
    return true;
  });
}
