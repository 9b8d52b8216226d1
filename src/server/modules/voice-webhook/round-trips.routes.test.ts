import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { patients } from '../../db/schema/index';
import { countQueries } from '../../test/query-counter';
import { firstPracticeId, givePracticeNumber } from '../../test/practice-number';
import { createTestApp, platformWebhook, type TestApp } from '../../test/test-app';
import { NOT_IN_SERVICE_MESSAGE } from '../voice-platform/voice-platform.service';

// Issue 26: a voice tool call as the platform sends it, from a different caller each time, costs at most one
// database round trip, and what is not there (an unknown caller, a number nobody holds) is asked once until
// the data changes (ADR 061).

let t: TestApp;
let queries: ReturnType<typeof countQueries>;
let calledNumber: string;
let practiceId: string;
/** Another connection, as another server instance would write. */
let other: pg.Client;
beforeAll(async () => {
  t = await createTestApp();
  calledNumber = (await givePracticeNumber(t)).number;
  practiceId = await firstPracticeId(t);
  queries = countQueries(t.database.pool);
  const url = new URL(inject('databaseUrl'));
  url.pathname = `/${(await t.database.pool.query<{ db: string }>('select current_database() as db')).rows[0]!.db}`;
  other = new pg.Client({ connectionString: url.toString() });
  await other.connect();
});
afterAll(async () => {
  queries.restore();
  await other.end();
  await t.close();
});

/** findPatient (by the number calling) and checkAvailability, as the voice platform sends them. */
const toolCalls = (caller: string, called = calledNumber) =>
  platformWebhook(t.app, {
    message: {
      type: 'tool-calls',
      toolCallList: [
        { id: 'tc-find', type: 'function', function: { name: 'findPatient', arguments: {} } },
        {
          id: 'tc-check',
          type: 'function',
          function: { name: 'checkAvailability', arguments: { appointment_type: 'cleaning' } },
        },
      ],
      call: { id: 'call-1', type: 'inboundPhoneCall', customer: { number: caller } },
      customer: { number: caller },
      phoneNumber: { number: called },
    },
  });

async function findPatient(caller: string, called = calledNumber) {
  const response = await toolCalls(caller, called);
  expect(response.statusCode).toBe(200);
  const [find] = response.json().results as { result?: string; error?: string }[];
  return find!.result ? JSON.parse(find!.result) : { error: find!.error };
}

/** The statements a request sent, the audit log's batched INSERT apart (it is written after the reply). */
async function statementsOf(work: () => Promise<unknown>) {
  const sent = await queries.during(work);
  return sent.filter((text) => !text.startsWith('insert into audit_events'));
}

const until = async (check: () => Promise<boolean>) => {
  for (let waited = 0; waited < 5_000; waited += 20) {
    if (await check()) return true;
    await sleep(20);
  }
  return false;
};

describe('a voice tool call from a different caller each time (issue 26)', () => {
  it("costs one round trip for a known number's findPatient, and writes its audit entry after the reply", async () => {
    const known = await t.database.db
      .select()
      .from(patients)
      .where(eq(patients.practiceId, practiceId))
      .limit(3);
    await toolCalls(known[0]!.phone);
    for (const patient of known.slice(1)) {
      let answer: unknown;
      const sent = await statementsOf(async () => (answer = await findPatient(patient.phone)));
      expect(answer).toMatchObject({ success: true, patient: { id: patient.id } });
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatch(/from "patients"/);
    }
    await t.modules.audit.service.flush();
  });

  it('keeps an unknown caller as not found until that patient is created, here or on another instance', async () => {
    const caller = '+12125550131';
    expect(await findPatient(caller)).toMatchObject({ success: false, patient: null });
    expect(await statementsOf(() => findPatient(caller))).toEqual([]);

    await t.database.db
      .insert(patients)
      .values({ practiceId, givenName: 'Ada', familyName: 'Byrne', phone: caller });
    expect(await findPatient(caller)).toMatchObject({ success: true, patient: { name: 'Ada Byrne' } });

    const elsewhere = '+12125550132';
    expect(await findPatient(elsewhere)).toMatchObject({ success: false });
    // The insert above reaches this instance twice: at once from its own client, and later as the database's
    // notification, which empties the cache again whenever it lands (CI's year-end run: between these two calls).
    expect(await until(async () => (await statementsOf(() => findPatient(elsewhere))).length === 0)).toBe(
      true,
    );
    await other.query(
      `insert into patients (practice_id, given_name, family_name, phone) values ($1, 'Cy', 'Dunn', $2)`,
      [practiceId, elsewhere],
    );
    expect(await until(async () => (await findPatient(elsewhere)).success === true)).toBe(true);
  });

  it('keeps a number nobody holds as such until it is added or mapped on another instance', async () => {
    const unheld = '+16465550177';
    expect(await findPatient('+12125550140', unheld)).toEqual({ error: NOT_IN_SERVICE_MESSAGE });
    expect(await statementsOf(() => findPatient('+12125550140', unheld))).toEqual([]);

    await other.query(`insert into phone_numbers (practice_id, number, name) values ($1, $2, 'New line')`, [
      practiceId,
      unheld,
    ]);
    expect(await until(async () => (await findPatient('+12125550140', unheld)).error === undefined)).toBe(
      true,
    );
    expect(await statementsOf(() => findPatient('+12125550141', unheld))).toHaveLength(1);

    // Mapping the number to a linked account is a change to what decides its schedule: it is read again.
    await other.query(
      `insert into phone_mappings (phone_number, practice_id, connector_id, name) values ($1, $2, 'sandbox', 'Front')`,
      [unheld, practiceId],
    );
    expect(
      await until(async () =>
        (await statementsOf(() => findPatient('+12125550142', unheld))).some((text) =>
          text.includes('from "phone_mappings"'),
        ),
      ),
    ).toBe(true);
    expect(await findPatient('+12125550143', unheld)).toMatchObject({ success: false, patient: null });
  });
});
