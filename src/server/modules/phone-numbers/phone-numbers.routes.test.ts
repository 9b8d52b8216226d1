import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSISTANT_DEFAULTS } from '#shared/schemas/assistants';
import { PHONE_NUMBER_MESSAGES } from '#shared/schemas/phone-numbers';
import { assistants, phoneNumbers } from '../../db/schema/index';
import { firstPracticeId } from '../../test/practice-number';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
/** The demo practice (the admin's). */
let demoId: string;
let admin: string;
let sub: string;
/** A number assigned to the sub user, the assistant assigned to them and two that are not. */
let number: string;
let theirs: string;
let notTheirs: string;
let alsoNotTheirs: string;

const SUB = { email: 'numbers-sub@example.com', password: 'numbers-sub-1' };

async function insertAssistant(name: string): Promise<string> {
  const [row] = await t.database.db
    .insert(assistants)
    .values({
      ...structuredClone(ASSISTANT_DEFAULTS),
      model: structuredClone(ASSISTANT_DEFAULTS.model),
      name,
      practiceId: demoId,
    })
    .returning();
  return row!.id;
}

const patch = (session: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/phone-numbers/${number}`, payload, headers: bearer(session) });
const stored = async () =>
  (await t.database.db.select().from(phoneNumbers).where(eq(phoneNumbers.id, number)))[0];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
  demoId = await firstPracticeId(t);
  const [row] = await t.database.db
    .insert(phoneNumbers)
    .values({ practiceId: demoId, number: '+12125557001' })
    .returning();
  number = row!.id;
  theirs = await insertAssistant('Theirs');
  notTheirs = await insertAssistant('Not theirs');
  alsoNotTheirs = await insertAssistant('Also not theirs');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/users/atomic',
    headers: bearer(admin),
    payload: {
      user: { name: 'Numbers Sub', email: SUB.email, username: 'numbers-sub', password: SUB.password },
      phoneNumberIds: [number],
      assistantIds: [theirs],
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  sub = await t.login(SUB.email, SUB.password);
});
afterAll(() => t.close());

describe('a sub user editing their number', () => {
  it('saves a new name when an admin routed the number to an assistant not assigned to them', async () => {
    const routed = await patch(admin, { assistantId: notTheirs });
    expect(routed.statusCode, routed.body).toBe(200);
    // The dialog re-sends the unchanged assistant with the new name.
    const response = await patch(sub, { name: 'Front Line', assistantId: notTheirs });
    expect(response.statusCode, response.body).toBe(200);
    expect(await stored()).toMatchObject({ name: 'Front Line', assistantId: notTheirs });
  });

  it("lists the number with its assistant's name, though that assistant is not assigned to them", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/phone-numbers', headers: bearer(sub) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().phoneNumbers).toEqual([
      expect.objectContaining({ id: number, assistantId: notTheirs, assistantName: 'Not theirs' }),
    ]);
  });

  it('answers the number unchanged when only the unchanged assistant is sent', async () => {
    const response = await patch(sub, { assistantId: notTheirs });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().phoneNumber).toMatchObject({ name: 'Front Line', assistantId: notTheirs });
  });

  it('still may not route it to another assistant not assigned to them', async () => {
    const response = await patch(sub, { name: 'Other Line', assistantId: alsoNotTheirs });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields).toEqual({ assistantId: PHONE_NUMBER_MESSAGES.unknownAssistant });
    expect(await stored()).toMatchObject({ name: 'Front Line', assistantId: notTheirs });
  });

  it('may route it to an assistant assigned to them', async () => {
    const response = await patch(sub, { assistantId: theirs });
    expect(response.statusCode, response.body).toBe(200);
    expect(await stored()).toMatchObject({ assistantId: theirs });
  });
});

describe('deleting a number', () => {
  it('is refused to a sub user, even for their own number, and leaves it in place', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/phone-numbers/${number}`,
      headers: bearer(sub),
    });
    expect(response.statusCode, response.body).toBe(403);
    expect(await stored()).toBeDefined();
  });

  it('is allowed to an admin', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/phone-numbers/${number}`,
      headers: bearer(admin),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await stored()).toBeUndefined();
  });
});
