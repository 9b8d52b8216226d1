import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ASSISTANT_DEFAULTS, assistantFormFields } from '#shared/schemas/assistants';
import { PHONE_NUMBER_MESSAGES } from '#shared/schemas/phone-numbers';
import { VOICE_PLATFORM_MESSAGES, VoicePlatformImportResponseSchema } from '#shared/schemas/voice-platform';
import { assistants, phoneMappings, phoneNumbers } from '../../db/schema/index';
import { DEMO_PHONE_NUMBERS } from '../../db/seed/voice-data';
import { LOCKS, whileHolding } from '../../db/locks';
import { createVoiceIntegration } from '../../integrations/voice/index';
import {
  sampleAccount,
  startFakeVapi,
  vapiSample,
  type FakeVapi,
} from '../../integrations/voice/vapi/fake-vapi-server';
import { prepareVapiSchemas } from '../../integrations/voice/vapi/vapi-schemas';
import { multipart } from '../../test/multipart';
import {
  bearer,
  createTestApp,
  TEST_WEBHOOK_SECRET,
  type TestApp,
  platformWebhook,
} from '../../test/test-app';
import { createOtherPractice } from '../../test/other-practice';
import { firstPracticeId, givePracticeNumber } from '../../test/practice-number';
import { HELD_BY_ANOTHER_PRACTICE } from '../phone-numbers/phone-numbers.service';
import { ASSISTANT_REQUEST_ERRORS } from './voice-platform.service';

const assistantRequest = (app: TestApp['app'], phoneNumber: object | null, call: object = {}) =>
  platformWebhook(app, {
    message: { type: 'assistant-request', call, ...(phoneNumber && { phoneNumber }) },
  });

describe('the built-in sandbox', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.asAdmin();
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    session = admin,
  ) => t.app.inject({ method, url, payload, headers: bearer(session) });

  it('says which voice platform runs', async () => {
    expect((await call('GET', '/api/voice-platform')).json()).toEqual({ provider: 'sandbox' });
    const frontDesk = await t.asFrontDesk();
    expect((await call('GET', '/api/voice-platform', undefined, frontDesk)).json()).toEqual({
      provider: 'sandbox',
    });
  });

  it('answers assistant-request for every seeded number with the whole assistant and its tools', async () => {
    // The demo practice's (the other demo practice has its own).
    const numbers = await t.database.db
      .select()
      .from(phoneNumbers)
      .where(eq(phoneNumbers.practiceId, await firstPracticeId(t)));
    expect(numbers.map((n) => n.number).sort()).toEqual(DEMO_PHONE_NUMBERS.map((n) => n.number).sort());
    for (const number of numbers) {
      const started = performance.now();
      const response = await assistantRequest(t.app, { number: number.number });
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(response.statusCode, response.body).toBe(200);
      const [assistant] = await t.database.db
        .select()
        .from(assistants)
        .where(eq(assistants.id, number.assistantId!));
      const reply = response.json() as {
        assistant: {
          name: string;
          model: { tools: { type: string; function?: { name: string } }[] };
          server: { url: string };
        };
      };
      expect(reply.assistant.name).toBe(assistant!.name);
      expect(reply.assistant.model.tools.map((tool) => tool.function?.name ?? tool.type)).toEqual([
        'findPatient',
        'checkAvailability',
        'bookAppointment',
        'confirmAppointment',
        'cancelAppointment',
        'findAppointments',
        'rescheduleAppointment',
        'transferCall',
      ]);
      expect(reply.assistant.server.url).toBe('http://localhost:3000/webhook');
    }
  });

  it('answers a spoken error for an unknown number and for a number without an assistant', async () => {
    const unknown = await assistantRequest(t.app, { number: '+12125550000' });
    expect(unknown.json()).toEqual({ error: ASSISTANT_REQUEST_ERRORS.unknownNumber });
    const none = await assistantRequest(t.app, null);
    expect(none.json()).toEqual({ error: ASSISTANT_REQUEST_ERRORS.unknownNumber });
    const [number] = await t.database.db
      .insert(phoneNumbers)
      .values({ practiceId: await firstPracticeId(t), number: '+12125550111' })
      .returning();
    const unassigned = await assistantRequest(t.app, { number: '(212) 555-0111' });
    expect(unassigned.json()).toEqual({ error: ASSISTANT_REQUEST_ERRORS.noAssistant });
    await t.database.db.delete(phoneNumbers).where(eq(phoneNumbers.id, number!.id));
  });

  it('runs the tools under their snake_case names too', async () => {
    const toolCall = (name: string) =>
      platformWebhook(t.app, {
        message: {
          type: 'tool-calls',
          phoneNumber: { number: DEMO_PHONE_NUMBERS[0].number },
          toolCallList: [{ id: 'call-1', function: { name, arguments: { phone_number: '+12125550100' } } }],
        },
      });
    for (const name of ['find_patient', 'findPatient']) {
      const [answer] = (await toolCall(name)).json().results;
      expect(answer.error, name).toBeUndefined();
      expect(JSON.parse(answer.result)).toHaveProperty('success');
    }
    const [unknown] = (await toolCall('find_patients')).json().results;
    expect(unknown.error).toMatch(/Unknown function "find_patients"/);
  });

  it('refuses an assistant-request without the webhook secret', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/webhook',
      payload: {
        message: { type: 'assistant-request', phoneNumber: { number: DEMO_PHONE_NUMBERS[0].number } },
      },
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses an import: the sandbox has no account', async () => {
    const response = await call('POST', '/api/voice-platform/import');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(VOICE_PLATFORM_MESSAGES.sandboxImport);
  });

  describe('workflows', () => {
    it('creates with a name, validates the graph, deletes', async () => {
      const created = await call('POST', '/api/workflows', { name: 'Reschedule' });
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json().workflow).toMatchObject({ name: 'Reschedule', nodes: [], edges: [] });
      const graph = await call('POST', '/api/workflows', {
        name: 'Graph',
        nodes: [
          { id: 'a', type: 'conversation', label: 'Greet' },
          { id: 'b', type: 'end', label: 'Bye' },
        ],
        edges: [{ from: 'a', to: 'b' }],
      });
      expect(graph.statusCode, graph.body).toBe(200);

      const before = (await call('GET', '/api/workflows')).json().workflows.length;
      for (const body of [
        { name: '' },
        { name: 'n'.repeat(81) },
        {
          name: 'Dangling',
          nodes: [{ id: 'a', type: 'conversation', label: 'x' }],
          edges: [{ from: 'a', to: 'zz' }],
        },
        {
          name: 'Twice',
          nodes: [
            { id: 'a', type: 'end', label: 'x' },
            { id: 'a', type: 'end', label: 'y' },
          ],
        },
        { name: 'Odd node', nodes: [{ id: 'a', type: 'teleport', label: 'x' }] },
      ]) {
        const bad = await call('POST', '/api/workflows', body);
        expect(bad.statusCode, JSON.stringify(body)).toBe(400);
        expect(bad.json().fields).toBeDefined();
      }
      expect((await call('GET', '/api/workflows')).json().workflows.length).toBe(before);

      const id = created.json().workflow.id;
      expect((await call('DELETE', `/api/workflows/${id}`)).statusCode).toBe(200);
      expect((await call('DELETE', `/api/workflows/${id}`)).statusCode).toBe(404);
    });
  });

  describe('phone numbers and mappings', () => {
    it('renames a number and assigns an assistant; refuses an unknown assistant or id', async () => {
      // The demo practice's (the admin's): another practice's assistant is unknown to it.
      const practiceId = await firstPracticeId(t);
      const [number] = await t.database.db
        .select()
        .from(phoneNumbers)
        .where(eq(phoneNumbers.practiceId, practiceId))
        .orderBy(phoneNumbers.createdAt);
      const [, second] = await t.database.db
        .select()
        .from(assistants)
        .where(eq(assistants.practiceId, practiceId))
        .orderBy(assistants.createdAt);
      const response = await call('PATCH', `/api/phone-numbers/${number!.id}`, {
        name: 'Front Line',
        assistantId: second!.id,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().phoneNumber).toMatchObject({ name: 'Front Line', assistantId: second!.id });

      const unknownAssistant = await call('PATCH', `/api/phone-numbers/${number!.id}`, {
        assistantId: '00000000-0000-4000-8000-000000000000',
      });
      expect(unknownAssistant.statusCode).toBe(400);
      expect(unknownAssistant.json().fields).toHaveProperty('assistantId');
      const tooLong = await call('PATCH', `/api/phone-numbers/${number!.id}`, { name: 'n'.repeat(41) });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().fields).toHaveProperty('name');
      const unknownId = await call('PATCH', '/api/phone-numbers/00000000-0000-4000-8000-000000000000', {
        name: 'x',
      });
      expect(unknownId.statusCode).toBe(404);
      // Nothing to change was a 500 (issue 19): an update with no values.
      for (const empty of [{}, { unknown: 'x' }]) {
        const nothing = await call('PATCH', `/api/phone-numbers/${number!.id}`, empty);
        expect(nothing.statusCode, nothing.body).toBe(400);
        expect(nothing.json().message).toBe(PHONE_NUMBER_MESSAGES.nothingToChange);
      }
      const [after] = await t.database.db.select().from(phoneNumbers).where(eq(phoneNumbers.id, number!.id));
      expect(after).toMatchObject({ name: 'Front Line', assistantId: second!.id });
    });

    it('runs the mapping sequence: create, replace, remove', async () => {
      const main = DEMO_PHONE_NUMBERS[1].number;
      const created = await call('POST', '/api/phone-mappings', {
        phoneNumber: '(212) 555-0178',
        connectorId: 'sandbox',
        name: 'Bright Smile Dental',
      });
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json().mapping).toEqual({
        phoneNumber: main,
        connectorId: 'sandbox',
        name: 'Bright Smile Dental',
      });
      expect((await call('GET', '/api/phone-mappings')).json().mappings).toContainEqual(
        created.json().mapping,
      );

      const twice = await call('POST', '/api/phone-mappings', {
        phoneNumber: main,
        connectorId: 'sandbox',
        name: '',
      });
      expect(twice.statusCode).toBe(409);

      const other = await call('POST', '/api/connectors', {
        name: 'Kolla',
        consumerId: 'k',
        connectorId: 'opendental',
      });
      expect(other.statusCode).toBe(200);
      const replaced = await call('PUT', `/api/phone-mappings/${encodeURIComponent(main)}`, {
        connectorId: 'opendental',
        name: 'Kolla',
      });
      expect(replaced.statusCode, replaced.body).toBe(200);
      const [row] = await t.database.db
        .select()
        .from(phoneMappings)
        .where(eq(phoneMappings.phoneNumber, main));
      expect(row).toMatchObject({ connectorId: 'opendental', name: 'Kolla' });

      expect((await call('DELETE', `/api/phone-mappings/${encodeURIComponent(main)}`)).statusCode).toBe(200);
      expect((await call('DELETE', `/api/phone-mappings/${encodeURIComponent(main)}`)).statusCode).toBe(404);
    });

    it('refuses a mapping for a number that is not ours or a connector that does not exist', async () => {
      const before = (await t.database.db.select().from(phoneMappings)).length;
      const notOurs = await call('POST', '/api/phone-mappings', {
        phoneNumber: '+14155550100',
        connectorId: 'sandbox',
        name: '',
      });
      expect(notOurs.statusCode).toBe(400);
      expect(notOurs.json().fields).toHaveProperty('phoneNumber');
      const notANumber = await call('POST', '/api/phone-mappings', {
        phoneNumber: 'abc',
        connectorId: 'sandbox',
      });
      expect(notANumber.statusCode).toBe(400);
      expect(notANumber.json().fields).toHaveProperty('phoneNumber');
      const noConnector = await call('POST', '/api/phone-mappings', {
        phoneNumber: DEMO_PHONE_NUMBERS[2].number,
        connectorId: 'does-not-exist',
        name: '',
      });
      expect(noConnector.statusCode).toBe(400);
      expect(noConnector.json().fields).toHaveProperty('connectorId');
      expect((await t.database.db.select().from(phoneMappings)).length).toBe(before);
    });

    it('lets a sub user map only their assigned number', async () => {
      const frontDesk = await t.asFrontDesk();
      const mine = await call('GET', '/api/phone-numbers', undefined, frontDesk);
      const [assigned] = mine.json().phoneNumbers as {
        id: string;
        number: string;
        assistantId: string | null;
      }[];
      const ok = await call(
        'POST',
        '/api/phone-mappings',
        { phoneNumber: assigned!.number, connectorId: 'sandbox', name: 'Desk' },
        frontDesk,
      );
      expect(ok.statusCode, ok.body).toBe(200);
      const others = await call(
        'POST',
        '/api/phone-mappings',
        { phoneNumber: DEMO_PHONE_NUMBERS[2].number, connectorId: 'sandbox', name: 'Desk' },
        frontDesk,
      );
      expect(others.statusCode).toBe(400);
      expect(others.json().fields).toHaveProperty('phoneNumber');

      // Their number may be routed only to an assistant assigned to them (its current one is no change).
      const permissions = (await call('GET', '/api/user-permissions', undefined, frontDesk)).json().data;
      const [notTheirs] = (await t.database.db.select().from(assistants)).filter(
        (a) => !permissions.assignedAssistants.includes(a.id) && a.id !== assigned!.assistantId,
      );
      const foreign = await call(
        'PATCH',
        `/api/phone-numbers/${assigned!.id}`,
        { assistantId: notTheirs!.id },
        frontDesk,
      );
      expect(foreign.statusCode, foreign.body).toBe(400);
      expect(foreign.json().fields).toHaveProperty('assistantId');
      const own = await call(
        'PATCH',
        `/api/phone-numbers/${assigned!.id}`,
        { name: 'Desk line', assistantId: permissions.assignedAssistants[0] },
        frontDesk,
      );
      expect(own.statusCode, own.body).toBe(200);
      expect((await call('GET', '/api/phone-mappings', undefined, frontDesk)).json().mappings).toEqual([
        { phoneNumber: assigned!.number, connectorId: 'sandbox', name: 'Desk' },
      ]);
    });

    it('deletes a number with its mapping', async () => {
      const practiceId = await firstPracticeId(t);
      const [number] = await t.database.db
        .insert(phoneNumbers)
        .values({ practiceId, number: '+12125550155' })
        .returning();
      await t.database.db
        .insert(phoneMappings)
        .values({ practiceId, phoneNumber: '+12125550155', connectorId: 'sandbox' });
      expect((await call('DELETE', `/api/phone-numbers/${number!.id}`)).statusCode).toBe(200);
      expect(
        await t.database.db.select().from(phoneMappings).where(eq(phoneMappings.phoneNumber, '+12125550155')),
      ).toEqual([]);
      expect((await call('DELETE', `/api/phone-numbers/${number!.id}`)).statusCode).toBe(404);
    });
  });
});

describe('a Vapi account (fake Vapi server)', () => {
  let fake: FakeVapi;
  let t: TestApp;
  let admin: string;
  // The fake's validators are compiled from Vapi's SDK types once, then cached (vapi-schemas.ts).
  beforeAll(() => void prepareVapiSchemas(), 180_000);
  beforeEach(async () => {
    fake = await startFakeVapi(sampleAccount());
    t = await createTestApp({
      voice: createVoiceIntegration({
        apiKey: fake.state.apiKey,
        baseUrl: fake.url,
        publicBaseUrl: 'https://practice.example',
        webhookSecret: TEST_WEBHOOK_SECRET,
        backoffMs: 1,
      }),
    });
    admin = await t.asAdmin();
  });
  afterEach(async () => {
    await t.close();
    await fake.close();
  });

  const createForm = (name: string, file?: { fileName: string; content: string }) => {
    const body = multipart(
      assistantFormFields({ ...structuredClone(ASSISTANT_DEFAULTS), name }),
      file ? [{ field: 'knowledgeBaseFile', ...file }] : [],
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/assistants',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(admin) },
    });
  };
  const countAssistants = async () => (await t.database.db.select().from(assistants)).length;

  it('creates on Vapi first (file attached), then here', async () => {
    const response = await createForm('Vapi Desk', { fileName: 'faq.md', content: '# FAQ' });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(assistants)
      .where(eq(assistants.id, response.json().assistant.id));
    const onVapi = fake.state.assistants.find((a) => a.id === row!.providerId);
    expect(onVapi).toMatchObject({ name: 'Vapi Desk' });
    expect(row!.knowledgeBaseFileId).toBe(fake.state.files[0]!.id);
  });

  it('writes nothing when Vapi refuses, and passes on Vapi’s words; a failed upload is cleaned up', async () => {
    const before = await countAssistants();
    fake.state.failures.push({
      status: 400,
      match: 'POST /assistant',
      body: vapiSample('api/errors/400-validation-array.real-support-18819419.json'),
    });
    const response = await createForm('Refused', { fileName: 'faq.txt', content: 'hours' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('property customer should not exist');
    expect(await countAssistants()).toBe(before);
    expect(fake.state.files).toEqual([]);
  });

  it('keeps our row when Vapi refuses an update, and shows the 409 of a pinned assistant on delete', async () => {
    const { assistant } = (await createForm('Pinned')).json();
    fake.state.failures.push(
      { status: 503, match: 'PATCH' },
      { status: 503, match: 'PATCH' },
      { status: 503, match: 'PATCH' },
    );
    const update = await t.app.inject({
      method: 'PATCH',
      url: `/api/assistants/${assistant.id}`,
      payload: { name: 'Renamed' },
      headers: bearer(admin),
    });
    expect(update.statusCode).toBe(503);
    const [row] = await t.database.db.select().from(assistants).where(eq(assistants.id, assistant.id));
    expect(row!.name).toBe('Pinned');

    fake.state.pinned.add(row!.providerId!);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/assistants/${assistant.id}`,
      headers: bearer(admin),
    });
    expect(removed.statusCode).toBe(409);
    expect(removed.json().message).toContain('Assistant is pinned by a version and cannot be deleted.');
    expect(await t.database.db.select().from(assistants).where(eq(assistants.id, assistant.id))).toHaveLength(
      1,
    );
  });

  it('imports the account at boot when our tables are empty', async () => {
    const empty = await createTestApp({
      seed: false,
      voice: createVoiceIntegration({
        apiKey: fake.state.apiKey,
        baseUrl: fake.url,
        publicBaseUrl: 'https://practice.example',
        backoffMs: 1,
      }),
    });
    try {
      expect(await empty.database.db.$count(assistants)).toBe(3);
      expect(await empty.database.db.$count(phoneNumbers)).toBe(sampleAccount().phoneNumbers.length);
    } finally {
      await empty.close();
    }
  });

  it('imports at boot only into a deployment that holds nothing yet, and only into an active practice', async () => {
    // The seeded deployment holds the demo's assistants: an empty second practice takes nothing at a restart.
    const other = await createOtherPractice(t);
    const otherPractice = { id: other.id, name: 'Other Practice', timeZone: 'America/Chicago' };
    expect(
      await t.modules.voicePlatform.service.importWhenEmpty({ ...otherPractice, status: 'active' }),
    ).toBeNull();
    expect(await t.database.db.$count(assistants, eq(assistants.practiceId, other.id))).toBe(0);

    const emptyAccount = await startFakeVapi();
    const empty = await createTestApp({
      seed: false,
      voice: createVoiceIntegration({
        apiKey: emptyAccount.state.apiKey,
        baseUrl: emptyAccount.url,
        publicBaseUrl: 'https://practice.example',
        backoffMs: 1,
      }),
    });
    try {
      Object.assign(emptyAccount.state, sampleAccount());
      const first = { id: await firstPracticeId(empty), name: 'First', timeZone: 'America/New_York' };
      const platform = empty.modules.voicePlatform.service;
      expect(await platform.importWhenEmpty({ ...first, status: 'suspended' })).toBeNull();
      expect(await empty.database.db.$count(assistants)).toBe(0);
      expect(await platform.importWhenEmpty({ ...first, status: 'active' })).toMatchObject({
        imported: { assistants: 3 },
      });
    } finally {
      await empty.close();
      await emptyAccount.close();
    }
  });

  it('runs one import at a time across the deployment, so nothing is stored twice', async () => {
    const other = await createOtherPractice(t);
    const otherAdmin = await other.asAdmin();
    const importAs = (session: string) =>
      t.app.inject({ method: 'POST', url: '/api/voice-platform/import', headers: bearer(session) });
    const answers = await Promise.all([importAs(admin), importAs(otherAdmin)]);
    for (const answer of answers) expect([200, 409], answer.body).toContain(answer.statusCode);
    const held = (await t.database.db.select({ id: assistants.providerId }).from(assistants)).flatMap(
      (row) => (row.id ? [row.id] : []),
    );
    expect(held.length).toBeGreaterThan(0);
    expect(new Set(held).size).toBe(held.length);

    // While another import runs, one more is refused at once, in words.
    const during = await whileHolding(t.database.db, LOCKS.voicePlatformImport, () => importAs(admin));
    expect(during.held).toBe(true);
    const refused = during.held ? during.value : undefined;
    expect(refused?.statusCode).toBe(409);
    expect(refused?.json().message).toBe(VOICE_PLATFORM_MESSAGES.importRunning);
  });

  it('imports the others and the numbers when Vapi refuses one assistant, and says which came in', async () => {
    const refused = fake.state.assistants.find((a) => a.name === 'DVPH - Inbound')!;
    fake.state.failures.push({
      status: 400,
      match: `PATCH /assistant/${String(refused.id)}`,
      body: {
        message: ['model.model must be one of the following values: gpt-4o'],
        error: 'Bad Request',
        statusCode: 400,
      },
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/voice-platform/import',
      headers: bearer(admin),
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = VoicePlatformImportResponseSchema.parse(response.json());
    expect(body.imported).toEqual({ assistants: 2, phoneNumbers: sampleAccount().phoneNumbers.length });
    expect(body.assistants.filter((a) => !a.imported)).toEqual([
      {
        name: 'DVPH - Inbound',
        providerId: refused.id,
        imported: false,
        reason: 'model.model must be one of the following values: gpt-4o',
      },
    ]);
    expect(
      body.assistants
        .filter((a) => a.imported)
        .map((a) => a.name)
        .sort(),
    ).toEqual(['ARAH - Inbound', 'ARAH - Outbound']);
    const names = (await t.database.db.select().from(assistants)).map((a) => a.name);
    expect(names).not.toContain('DVPH - Inbound');
    expect(names).toEqual(expect.arrayContaining(['ARAH - Inbound', 'ARAH - Outbound']));
    // A second import brings in the one refused before.
    const again = VoicePlatformImportResponseSchema.parse(
      (
        await t.app.inject({ method: 'POST', url: '/api/voice-platform/import', headers: bearer(admin) })
      ).json(),
    );
    expect(again.assistants).toEqual([{ name: 'DVPH - Inbound', providerId: refused.id, imported: true }]);
  });

  it('imports into the caller’s practice; numbers another practice holds are skipped, never taken over', async () => {
    const [first, ...others] = sampleAccount().phoneNumbers as { id: string; number: string }[];
    // Practice A already holds the first number's E.164 (not yet linked to the platform).
    await givePracticeNumber(t, { number: first!.number });
    const other = await createOtherPractice(t);
    const otherAdmin = await other.asAdmin();
    const importAs = async (session: string) =>
      VoicePlatformImportResponseSchema.parse(
        (
          await t.app.inject({ method: 'POST', url: '/api/voice-platform/import', headers: bearer(session) })
        ).json(),
      );

    const intoB = await importAs(otherAdmin);
    expect(intoB.imported).toEqual({ assistants: 3, phoneNumbers: others.length });
    // Another practice's number is named by its last four digits only (ADR 048).
    expect(intoB.skippedPhoneNumbers).toEqual([
      { number: `••• ${first!.number.slice(-4)}`, reason: HELD_BY_ANOTHER_PRACTICE },
    ]);
    const [held] = await t.database.db
      .select()
      .from(phoneNumbers)
      .where(eq(phoneNumbers.number, first!.number));
    expect(held).toMatchObject({ practiceId: await firstPracticeId(t), providerId: null });

    // A imports next: what B took stays B's and is reported as skipped; nothing of B's appears in A's lists.
    const intoA = await importAs(admin);
    // A's own row of the first number is linked to the platform now.
    expect(intoA.imported).toEqual({ assistants: 0, phoneNumbers: 1 });
    expect(intoA.skippedPhoneNumbers?.map((n) => n.number).sort()).toEqual(
      others.map((n) => `••• ${n.number.slice(-4)}`).sort(),
    );
    const listA = await t.app.inject({ method: 'GET', url: '/api/assistants', headers: bearer(admin) });
    const names = (listA.json().assistants as { name: string }[]).map((a) => a.name);
    expect(names).not.toContain('ARAH - Inbound');
    const listB = await t.app.inject({
      method: 'GET',
      url: '/api/phone-numbers',
      headers: bearer(otherAdmin),
    });
    expect(listB.json().phoneNumbers).toHaveLength(others.length);
  });

  it('imports the account’s assistants (with our tools) and numbers once, then routes a real assistant-request', async () => {
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/voice-platform/import',
      headers: bearer(admin),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().imported).toEqual({
      assistants: 3,
      phoneNumbers: sampleAccount().phoneNumbers.length,
    });
    for (const assistant of fake.state.assistants) {
      const tools = ((assistant.model as { tools?: { function?: { name: string } }[] }).tools ?? []).map(
        (tool) => tool.function?.name,
      );
      expect(tools).toEqual(expect.arrayContaining(['findPatient', 'checkAvailability', 'bookAppointment']));
    }
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/voice-platform/import',
      headers: bearer(admin),
    });
    expect(again.json().imported).toEqual({ assistants: 0, phoneNumbers: 0 });

    const sample = vapiSample<{ message: { phoneNumber: { number: string } } }>(
      'server-messages/assistant-request/02-real-2025-05-wanda-vapi-sip-number.json',
    );
    const [number] = await t.database.db
      .select()
      .from(phoneNumbers)
      .where(eq(phoneNumbers.number, sample.message.phoneNumber.number));
    const [assistant] = await t.database.db
      .select()
      .from(assistants)
      .where(eq(assistants.name, 'ARAH - Inbound'));
    const assign = await t.app.inject({
      method: 'PATCH',
      url: `/api/phone-numbers/${number!.id}`,
      payload: { assistantId: assistant!.id },
      headers: bearer(admin),
    });
    expect(assign.statusCode, assign.body).toBe(200);
    expect(fake.state.phoneNumbers.find((n) => n.id === number!.providerId)).toMatchObject({
      assistantId: assistant!.providerId,
    });
    // An imported assistant keeps a provider the dialog does not offer when only its name changes.
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/assistants/${assistant!.id}`,
      payload: { name: 'ARAH', voice: { provider: 'rime-ai', voiceId: 'celeste' } },
      headers: bearer(admin),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const switched = await t.app.inject({
      method: 'PATCH',
      url: `/api/assistants/${assistant!.id}`,
      payload: { voice: { provider: 'azure', voiceId: 'x' } },
      headers: bearer(admin),
    });
    expect(switched.statusCode).toBe(400);
    expect(switched.json().fields).toHaveProperty(['voice.provider']);
    expect(fake.state.assistants.find((a) => a.id === assistant!.providerId)).toMatchObject({ name: 'ARAH' });

    const reply = await platformWebhook(t.app, sample);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({ assistantId: assistant!.providerId });
  });
});
