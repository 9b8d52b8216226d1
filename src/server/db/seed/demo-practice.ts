import { eq, sql } from 'drizzle-orm';
import { ASSISTANT_DEFAULTS } from '#shared/schemas/assistants';
import type { Weekday } from '#shared/schemas/call-transfer';
import { DEFAULT_CALL_TRANSFER_SETTINGS } from '#shared/schemas/call-transfer';
import { DEFAULT_OUTBOUND_SETTINGS } from '#shared/schemas/outbound-calls';
import type { PracticeType } from '#shared/schemas/practices';
import { hashPassword } from '../../lib/passwords';
import type { Db, Tx } from '../client';
import { LOCKS, xactLock } from '../locks';
import {
  assistants,
  calls,
  callTransferSettings,
  connectors,
  outboundSettings,
  phoneNumbers,
  practices,
  userAssistants,
  userConnectors,
  userPermissions,
  userPhoneNumbers,
  users,
  workflows,
} from '../schema/index';
import {
  DEMO_ADMIN,
  DEMO_FRONT_DESK,
  DEMO_OPERATOR,
  DEMO_VET_ADMIN,
  DEMO_VET_FRONT_DESK,
  DEMO_LOGIN_EMAILS,
  demoLoginsIn,
} from './demo-logins';
import { seedVisitHistory } from './demo-history';
import { BRIGHT_SMILE_SCHEDULE, seedDemoSchedule, type DemoScheduleData } from './demo-schedule';
import {
  PAWS_CLAWS_ASSISTANTS,
  PAWS_CLAWS_CALL_SCRIPT,
  PAWS_CLAWS_OUTBOUND,
  PAWS_CLAWS_PHONE_NUMBERS,
  PAWS_CLAWS_PRACTICE,
  PAWS_CLAWS_SCHEDULE,
  PAWS_CLAWS_TRANSFER,
  PAWS_CLAWS_USERS,
  PAWS_CLAWS_WORKFLOWS,
} from './paws-claws';
import { seedDemoHistory } from './demo-calls-history';
import { createRandom } from './random';
import {
  DEMO_ASSISTANTS,
  DEMO_OUTBOUND,
  DEMO_PHONE_NUMBERS,
  DEMO_WORKFLOWS,
  DENTAL_CALL_SCRIPT,
  demoCalls,
  type CallScript,
} from './voice-data';

export {
  DEMO_ADMIN,
  DEMO_FRONT_DESK,
  DEMO_OPERATOR,
  DEMO_VET_ADMIN,
  DEMO_VET_FRONT_DESK,
} from './demo-logins';

export const DEMO_PRACTICE_NAME = 'Bright Smile Dental';
export const DEMO_VET_PRACTICE_NAME = PAWS_CLAWS_PRACTICE.name;
export const DEMO_CALL_COUNT = 46;
export const DEMO_VET_CALL_COUNT = 24;
type NewWorkflow = typeof workflows.$inferInsert;
type WorkflowNode = NonNullable<NewWorkflow['nodes']>[number];

/** What the migration names the practice it moves an existing database into (drizzle/0018). */
const MIGRATED_PRACTICE_NAME = 'My practice';

interface DemoUser {
  name: string;
  username: string;
  login: { email: string; password: string };
}

/** Everything one demo practice holds; `seedPractice` writes it under the practice's id. */
interface DemoPracticeData {
  practice: { name: string; practiceType: PracticeType; timeZone: string };
  consumerId: string;
  admin: DemoUser;
  frontDesk: DemoUser;
  assistants: readonly (typeof DEMO_ASSISTANTS)[number][] | typeof PAWS_CLAWS_ASSISTANTS;
  workflows: readonly {
    name: string;
    nodes: readonly WorkflowNode[];
    edges: readonly NonNullable<NewWorkflow['edges']>[number][];
  }[];
  phoneNumbers: readonly { name: string; number: string; monthlyCost: number }[];
  outbound: { assistant: string; phoneNumber: string };
  transfer: { phoneNumber: string | null; days: readonly Weekday[]; startTime: string; endTime: string };
  calls: { count: number; script: CallScript };
  schedule: DemoScheduleData;
  randomSeed: number;
  /** Six months of calls, bookings and outcomes for Analytics (demo-calls-history.ts). */
  history?: boolean;
}

const BRIGHT_SMILE: DemoPracticeData = {
  practice: { name: DEMO_PRACTICE_NAME, practiceType: 'dental-practices', timeZone: 'America/New_York' },
  consumerId: 'bright-smile-dental',
  admin: { name: 'Dr. Maya Patel', username: 'admin', login: DEMO_ADMIN },
  frontDesk: { name: 'Jordan Reyes', username: 'frontdesk', login: DEMO_FRONT_DESK },
  assistants: DEMO_ASSISTANTS,
  workflows: DEMO_WORKFLOWS,
  phoneNumbers: DEMO_PHONE_NUMBERS,
  outbound: DEMO_OUTBOUND,
  // Transfers stay off until the practice enters its number (ADR 045).
  transfer: {
    phoneNumber: DEFAULT_CALL_TRANSFER_SETTINGS.phoneNumber,
    days: DEFAULT_CALL_TRANSFER_SETTINGS.days,
    startTime: DEFAULT_CALL_TRANSFER_SETTINGS.start,
    endTime: DEFAULT_CALL_TRANSFER_SETTINGS.end,
  },
  calls: { count: DEMO_CALL_COUNT, script: DENTAL_CALL_SCRIPT },
  schedule: BRIGHT_SMILE_SCHEDULE,
  randomSeed: 20250911,
  history: true,
};

const PAWS_CLAWS: DemoPracticeData = {
  practice: PAWS_CLAWS_PRACTICE,
  consumerId: 'paws-claws-veterinary',
  admin: { ...PAWS_CLAWS_USERS.admin, login: DEMO_VET_ADMIN },
  frontDesk: { ...PAWS_CLAWS_USERS.frontDesk, login: DEMO_VET_FRONT_DESK },
  assistants: PAWS_CLAWS_ASSISTANTS,
  workflows: PAWS_CLAWS_WORKFLOWS,
  phoneNumbers: PAWS_CLAWS_PHONE_NUMBERS,
  outbound: PAWS_CLAWS_OUTBOUND,
  transfer: PAWS_CLAWS_TRANSFER,
  calls: { count: DEMO_VET_CALL_COUNT, script: PAWS_CLAWS_CALL_SCRIPT },
  schedule: PAWS_CLAWS_SCHEDULE,
  randomSeed: 20260312,
};

/**
 * The demo (SEED_DEMO, or development): Bright Smile Dental in the migration's first practice, Paws & Claws
 * Veterinary beside it, and the operator. Into an empty database all of it; into a demo database of an earlier
 * release the parts it lacks; a database with users but no demo admin is never touched. Answers whether it
 * wrote anything, so a second run changes nothing and answers false.
 */
export async function seedDemoPractice(
  db: Db,
  now = new Date(),
  options: { history?: boolean } = {},
): Promise<boolean> {
  // Checked before hashing, so restarting a seeded database hashes nothing.
  if (!needsSeeding(await anyUser(db), await demoLoginsIn(db))) return false;
  const logins = [DEMO_ADMIN, DEMO_FRONT_DESK, DEMO_VET_ADMIN, DEMO_VET_FRONT_DESK, DEMO_OPERATOR];
  // One hash per distinct password (the demo's are documented anyway): a first start stays quick.
  const passwords = [...new Set(logins.map((l) => l.password))];
  const hashes = new Map<string, string>(
    await Promise.all(passwords.map(async (p) => [p, await hashPassword(p)] as const)),
  );
  const hashOf = (email: string) => hashes.get(logins.find((l) => l.email === email)!.password)!;
  return db.transaction(async (tx) => {
    // Two instances booting together must not both seed.
    await tx.execute(xactLock(LOCKS.demoSeed));
    const fresh = !(await anyUser(tx));
    const present = new Set(await demoLoginsIn(tx));
    if (!needsSeeding(!fresh, [...present])) return false;

    let changed: boolean;
    if (fresh) {
      const practiceId = await brightSmilePractice(tx);
      await seedPractice(tx, practiceId, BRIGHT_SMILE, hashOf, now, options.history);
      changed = true;
    } else {
      changed = await renameMigratedPractice(tx);
    }
    if (!present.has(DEMO_VET_ADMIN.email)) {
      const [vet] = await tx.insert(practices).values(PAWS_CLAWS.practice).returning({ id: practices.id });
      await seedPractice(tx, vet!.id, PAWS_CLAWS, hashOf, now, options.history);
      changed = true;
    }
    if (!present.has(DEMO_OPERATOR.email)) {
      await tx.insert(users).values({
        practiceId: null,
        name: 'Servc Operator',
        email: DEMO_OPERATOR.email,
        username: 'operator',
        passwordHash: hashOf(DEMO_OPERATOR.email),
        role: 'operator',
      });
      changed = true;
    }
    return changed;
  });
}

async function anyUser(db: Pick<Db, 'execute'>): Promise<boolean> {
  return (await db.execute(sql`select 1 from users limit 1`)).rows.length > 0;
}

/** An empty database, or a demo one (its admin is there) that lacks a part; never a database of real users. */
function needsSeeding(anyUser: boolean, present: string[]): boolean {
  if (!anyUser) return true;
  return present.includes(DEMO_ADMIN.email) && present.length < DEMO_LOGIN_EMAILS.length;
}

/** The practice the migration made (existing data stays in it) becomes Bright Smile Dental; one is made if none. */
async function brightSmilePractice(tx: Tx): Promise<string> {
  const [first] = await tx
    .select({ id: practices.id })
    .from(practices)
    .orderBy(practices.createdAt, practices.id)
    .limit(1);
  if (!first) {
    const [made] = await tx.insert(practices).values(BRIGHT_SMILE.practice).returning({ id: practices.id });
    return made!.id;
  }
  await tx.update(practices).set(BRIGHT_SMILE.practice).where(eq(practices.id, first.id));
  return first.id;
}

/** A demo database of the release before practices: its practice still carries the migration's name. */
async function renameMigratedPractice(tx: Tx): Promise<boolean> {
  const renamed = await tx
    .update(practices)
    .set(BRIGHT_SMILE.practice)
    .where(
      sql`${practices.name} = ${MIGRATED_PRACTICE_NAME} and ${practices.id} =
        (select ${users.practiceId} from ${users} where lower(${users.email}) = ${DEMO_ADMIN.email})`,
    )
    .returning({ id: practices.id });
  return renamed.length > 0;
}

async function seedPractice(
  tx: Tx,
  practiceId: string,
  data: DemoPracticeData,
  hashOf: (email: string) => string,
  now: Date,
  history = false,
): Promise<void> {
  const random = createRandom(data.randomSeed);
  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600_000);
  const [admin, frontDesk] = await tx
    .insert(users)
    .values(
      [
        { user: data.admin, role: 'admin' as const },
        { user: data.frontDesk, role: 'sub' as const },
      ].map(({ user, role }) => ({
        practiceId,
        name: user.name,
        email: user.login.email,
        username: user.username,
        passwordHash: hashOf(user.login.email),
        role,
      })),
    )
    .returning();
  const [connector] = await tx
    .insert(connectors)
    .values({ practiceId, name: data.practice.name, consumerId: data.consumerId, connectorId: 'sandbox' })
    .returning();
  const insertedAssistants = await tx
    .insert(assistants)
    .values(
      data.assistants.map((a, index) => ({
        ...ASSISTANT_DEFAULTS,
        practiceId,
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
        createdAt: daysAgo(60 - index),
        updatedAt: daysAgo(60 - index),
      })),
    )
    .returning();
  await tx
    .insert(workflows)
    .values(
      data.workflows.map((w) => ({ practiceId, name: w.name, nodes: [...w.nodes], edges: [...w.edges] })),
    );
  const insertedNumbers = await tx
    .insert(phoneNumbers)
    .values(
      data.phoneNumbers.map((n, index) => ({
        ...n,
        practiceId,
        assistantId: insertedAssistants[index]?.id ?? null,
        createdAt: daysAgo(59 - index),
      })),
    )
    .returning();
  // The script's outbound calls go out on the last number with the last assistant (the reminders line).
  const lastNumber = insertedNumbers.length - 1;
  const lastAssistant = insertedAssistants.length - 1;
  await tx.insert(calls).values(
    demoCalls(random, now, data.calls.count, data.calls.script).map(
      ({ numberIndex, assistantIndex, ...call }) => ({
        ...call,
        practiceId,
        phoneNumberId: insertedNumbers[Math.min(numberIndex, lastNumber)]?.id ?? null,
        assistantId: insertedAssistants[Math.min(assistantIndex, lastAssistant)]?.id ?? null,
      }),
    ),
  );

  if (!admin || !frontDesk || !connector || !insertedNumbers[0] || !insertedAssistants[0]) {
    throw new Error('demo seed: inserts returned no rows');
  }
  await tx.insert(userPermissions).values([
    { practiceId, userId: admin.id },
    {
      practiceId,
      userId: frontDesk.id,
      canCallLogs: true,
      canBookAppointment: true,
      canAppointmentCalendar: true,
    },
  ]);
  const assigned = { practiceId, userId: frontDesk.id };
  await tx.insert(userPhoneNumbers).values({ ...assigned, phoneNumberId: insertedNumbers[0].id });
  await tx.insert(userConnectors).values({ ...assigned, connectorId: connector.id });
  await tx.insert(userAssistants).values({ ...assigned, assistantId: insertedAssistants[0].id });
  // Reminders and confirmations are set up, so the daily campaigns call (and their cards say Scheduled).
  const outboundAssistant = insertedAssistants.find((a) => a.name === data.outbound.assistant);
  const outboundNumber = insertedNumbers.find((n) => n.name === data.outbound.phoneNumber);
  if (!outboundAssistant || !outboundNumber) throw new Error('demo seed: no outbound assistant or number');
  const chosen = { assistantId: outboundAssistant.id, phoneNumberId: outboundNumber.id };
  const defaults = DEFAULT_OUTBOUND_SETTINGS.callTypes;
  await tx.insert(outboundSettings).values({
    practiceId,
    settings: {
      ...DEFAULT_OUTBOUND_SETTINGS,
      callTypes: {
        ...defaults,
        reminder: { ...defaults.reminder, ...chosen },
        confirmation: { ...defaults.confirmation, ...chosen },
      },
    },
  });
  await tx
    .insert(callTransferSettings)
    .values({ practiceId, ...data.transfer, days: [...data.transfer.days] });
  await seedDemoSchedule(
    tx,
    { id: practiceId, timeZone: data.practice.timeZone },
    data.schedule,
    random,
    now,
  );
  // A generator of its own, so the schedule above comes out as before issue 24.
  await seedVisitHistory(
    tx,
    { id: practiceId, timeZone: data.practice.timeZone },
    data.schedule,
    createRandom(data.randomSeed + 24),
    now,
  );
  if (history && data.history)
    await seedDemoHistory(tx, { id: practiceId, timeZone: data.practice.timeZone }, now);
}
