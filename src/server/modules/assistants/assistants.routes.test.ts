import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ASSISTANT_DEFAULTS,
  ASSISTANT_MESSAGES,
  KNOWLEDGE_BASE_MAX_BYTES,
  assistantFormFields,
  type Assistant,
} from '#shared/schemas/assistants';
import { assistants } from '../../db/schema/index';
import { createVoiceIntegration } from '../../integrations/voice/index';
import { startFakeVapi, type FakeVapi } from '../../integrations/voice/vapi/fake-vapi-server';
import { multipart, type MultipartFile } from '../../test/multipart';
import { bearer, createTestApp, TEST_WEBHOOK_SECRET, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
});
afterAll(() => t.close());

const count = async () => (await t.database.db.select().from(assistants)).length;

const create = (fields: Record<string, string>, files: MultipartFile[] = [], session = admin) => {
  const body = multipart(fields, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/assistants',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(session) },
  });
};
const patch = (id: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/assistants/${id}`, payload, headers: bearer(admin) });

const putFile = (id: string, fileName?: string, content?: string, session = admin) => {
  const body = multipart(
    {},
    fileName ? [{ field: 'knowledgeBaseFile', fileName, content: content ?? '' }] : [],
  );
  return t.app.inject({
    method: 'PUT',
    url: `/api/assistants/${id}/knowledge-base-file`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(session) },
  });
};
const removeFile = (id: string, session = admin) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/assistants/${id}/knowledge-base-file`,
    headers: bearer(session),
  });

const fullForm = (overrides: Record<string, string> = {}) => ({
  ...assistantFormFields({
    ...structuredClone(ASSISTANT_DEFAULTS),
    name: 'Front Desk',
    firstMessage: 'Thanks for calling!',
    systemPrompt: 'You are the receptionist.',
  }),
  ...overrides,
});

/** A 4xx with the shared error body naming the field, and no row written. */
async function refused(
  response: Awaited<ReturnType<typeof create>>,
  status: number,
  field: string,
  before: number,
) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  expect(body).toMatchObject({ success: false, requestId: expect.any(String) });
  expect(body.fields, response.body).toHaveProperty([field]);
  expect(await count()).toBe(before);
  return body;
}

describe('assistants (built-in sandbox)', () => {
  it('creates from the dialog form, with the system prompt as the first system message', async () => {
    const before = await count();
    const response = await create(fullForm());
    expect(response.statusCode, response.body).toBe(200);
    const assistant: Assistant = response.json().assistant;
    expect(assistant).toMatchObject({
      name: 'Front Desk',
      firstMessage: 'Thanks for calling!',
      maxDurationSeconds: 600,
      backgroundSound: 'off',
      voice: { provider: 'vapi', voiceId: 'Elliot' },
      transcriber: { provider: 'deepgram', model: 'nova-2', language: 'en' },
      knowledgeBaseFileName: null,
    });
    expect(assistant.model.messages[0]).toEqual({ role: 'system', content: 'You are the receptionist.' });
    expect(await count()).toBe(before + 1);
  });

  it('takes a name alone and fills in the section 9 defaults', async () => {
    const response = await create({ name: 'Minimal' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().assistant).toMatchObject({
      firstMessageMode: 'assistant-speaks-first',
      model: { provider: 'openai', model: 'gpt-4o', temperature: 0.5 },
      stopSpeakingPlan: { numWords: 0, voiceSeconds: 0.4, backoffSeconds: 1 },
    });
  });

  it('creates from the form as the spec sends it: the prompt apart, a model without messages', async () => {
    const response = await create({
      name: 'Spec Form',
      systemPrompt: 'You answer for the practice.',
      model: JSON.stringify({ provider: 'anthropic', model: 'claude-3-haiku-20240307', temperature: 0.3 }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().assistant.model).toEqual({
      provider: 'anthropic',
      model: 'claude-3-haiku-20240307',
      temperature: 0.3,
      messages: [{ role: 'system', content: 'You answer for the practice.' }],
    });
  });

  it('accepts a knowledge-base file whose content matches its name', async () => {
    for (const file of [
      { fileName: 'faq.pdf', content: Buffer.from('%PDF-1.7\n...') },
      { fileName: 'faq.docx', content: Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]) },
      { fileName: 'faq.doc', content: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]) },
      { fileName: 'faq.md', content: '# Hours\nMonday to Friday' },
      { fileName: 'faq.txt', content: 'We take most insurance.' },
    ]) {
      const response = await create({ name: 'With file' }, [{ field: 'knowledgeBaseFile', ...file }]);
      expect(response.statusCode, `${file.fileName}: ${response.body}`).toBe(200);
      expect(response.json().assistant).toMatchObject({
        knowledgeBaseFileName: file.fileName,
        knowledgeBaseFileBytes: Buffer.byteLength(file.content),
      });
    }
  });

  it('takes a file up to the stated limit (above the JSON body limit)', async () => {
    const response = await create({ name: 'Large file' }, [
      { field: 'knowledgeBaseFile', fileName: 'manual.txt', content: Buffer.alloc(3 * 1024 * 1024, 'a') },
    ]);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses each bad input with a field and writes nothing', async () => {
    const before = await count();
    await refused(await create(fullForm({ name: 'x'.repeat(41) })), 400, 'name', before);
    await refused(await create(fullForm({ name: '  ' })), 400, 'name', before);
    await refused(await create(fullForm({ maxDurationSeconds: '5' })), 400, 'maxDurationSeconds', before);
    const abc = await refused(
      await create(fullForm({ maxDurationSeconds: 'abc' })),
      400,
      'maxDurationSeconds',
      before,
    );
    expect(abc.message).toBe(ASSISTANT_MESSAGES.maxDuration);
    await refused(await create(fullForm({ maxDurationSeconds: '43201' })), 400, 'maxDurationSeconds', before);
    await refused(
      await create(fullForm({ voice: JSON.stringify({ provider: 'acme-tts', voiceId: 'Elliot' }) })),
      400,
      'voice.provider',
      before,
    );
    await refused(
      await create(fullForm({ model: JSON.stringify({ ...ASSISTANT_DEFAULTS.model, provider: 'skynet' }) })),
      400,
      'model.provider',
      before,
    );
    await refused(await create(fullForm({ voice: '{not json' })), 400, 'voice', before);
    await refused(
      await create(fullForm({ voicemailMessage: 'v'.repeat(1001) })),
      400,
      'voicemailMessage',
      before,
    );
    await refused(
      await create(fullForm({ endCallMessage: 'e'.repeat(1001) })),
      400,
      'endCallMessage',
      before,
    );
    await refused(await create(fullForm({ backgroundSound: 'cafe' })), 400, 'backgroundSound', before);
  });

  it('refuses a file by name, by content and by size', async () => {
    const before = await count();
    const fake = await create({ name: 'Bad file' }, [
      { field: 'knowledgeBaseFile', fileName: 'menu.pdf', content: 'just text, not a PDF' },
    ]);
    expect((await refused(fake, 400, 'knowledgeBaseFile', before)).message).toBe(
      ASSISTANT_MESSAGES.fileContent,
    );
    const exe = await create({ name: 'Bad file' }, [
      { field: 'knowledgeBaseFile', fileName: 'setup.exe', content: Buffer.from([0x4d, 0x5a, 0x90]) },
    ]);
    expect((await refused(exe, 400, 'knowledgeBaseFile', before)).message).toBe(ASSISTANT_MESSAGES.fileType);
    const binaryTxt = await create({ name: 'Bad file' }, [
      { field: 'knowledgeBaseFile', fileName: 'notes.txt', content: Buffer.from([0xff, 0xfe, 0x00, 0x01]) },
    ]);
    await refused(binaryTxt, 400, 'knowledgeBaseFile', before);
    const big = await create({ name: 'Big file' }, [
      {
        field: 'knowledgeBaseFile',
        fileName: 'big.txt',
        content: Buffer.alloc(KNOWLEDGE_BASE_MAX_BYTES + 1, 'a'),
      },
    ]);
    const body = await refused(big, 413, 'knowledgeBaseFile', before);
    expect(body).toMatchObject({ code: 'payload_too_large', message: ASSISTANT_MESSAGES.fileTooLarge });
  });

  it('refuses a JSON create (the dialog sends multipart)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/assistants',
      payload: { name: 'JSON' },
      headers: bearer(admin),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('parses multipart on its own routes only: any other route refuses a form as not JSON', async () => {
    const form = multipart({ email: 'admin@example.com', password: 'not the password' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: form.payload,
      headers: form.headers,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ message: 'Send the request body as JSON.' });
  });

  it('updates with JSON (no id or timestamps) and validates the same way', async () => {
    const { assistant } = (await create({ name: 'To edit' })).json();
    const {
      id: _id,
      createdAt: _c,
      updatedAt: _u,
      knowledgeBaseFileName: _k,
      knowledgeBaseFileBytes: _b,
      ...editable
    } = assistant as Assistant;
    const response = await patch(assistant.id, {
      ...editable,
      name: 'Edited',
      maxDurationSeconds: 1200,
      model: { ...editable.model, temperature: 1.2 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().assistant).toMatchObject({
      name: 'Edited',
      maxDurationSeconds: 1200,
      model: { temperature: 1.2 },
    });
    for (const [body, field] of [
      [{ name: 'y'.repeat(41) }, 'name'],
      [{ maxDurationSeconds: 5 }, 'maxDurationSeconds'],
      [{ maxDurationSeconds: 'abc' }, 'maxDurationSeconds'],
      [{ voice: { provider: 'acme-tts', voiceId: 'x' } }, 'voice.provider'],
      [{ model: { ...editable.model, provider: 'skynet' } }, 'model.provider'],
      [{ model: { ...editable.model, temperature: 3 } }, 'model.temperature'],
    ] as const) {
      const bad = await patch(assistant.id, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().fields, bad.body).toHaveProperty([field]);
    }
    const after = (
      await t.app.inject({ method: 'GET', url: `/api/assistants/${assistant.id}`, headers: bearer(admin) })
    ).json().assistant;
    expect(after).toMatchObject({ name: 'Edited', maxDurationSeconds: 1200 });
  });

  it('updates the model without its messages and keeps the stored prompt', async () => {
    const { assistant } = (await create({ name: 'Keeps prompt', systemPrompt: 'Stay polite.' })).json();
    const response = await patch(assistant.id, {
      model: { provider: 'openai', model: 'gpt-4', temperature: 0.9 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().assistant.model).toEqual({
      provider: 'openai',
      model: 'gpt-4',
      temperature: 0.9,
      messages: [{ role: 'system', content: 'Stay polite.' }],
    });
  });

  it('answers 404 for an unknown id and deletes an assistant', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await patch(unknown, { name: 'x' })).statusCode).toBe(404);
    const notUuid = await patch('nope', { name: 'x' });
    expect(notUuid.statusCode).toBeGreaterThanOrEqual(400);
    expect(notUuid.statusCode).toBeLessThan(500);
    const { assistant } = (await create({ name: 'To delete' })).json();
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/assistants/${assistant.id}`,
      headers: bearer(admin),
    });
    expect(removed.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/assistants/${assistant.id}`,
      headers: bearer(admin),
    });
    expect(again.statusCode).toBe(404);
  });

  it('offers each provider its own models, voices and transcriber values, and names what does not fit', async () => {
    const before = await count();
    const model = (provider: string, name: string) =>
      JSON.stringify({ provider, model: name, temperature: 0.5 });
    for (const [fields, field, message] of [
      [{ model: model('groq', 'gpt-4o') }, 'model.model', 'Model gpt-4o is not offered by Groq'],
      [{ model: model('deepseek', 'gpt-4') }, 'model.model', 'Model gpt-4 is not offered by DeepSeek'],
      [
        { voice: JSON.stringify({ provider: 'deepgram', voiceId: 'Elliot' }) },
        'voice.voiceId',
        'Voice Elliot is not offered by Deepgram',
      ],
      [
        { voice: JSON.stringify({ provider: 'vapi', voiceId: 'Kylie' }) },
        'voice.voiceId',
        'Voice Kylie is not offered by Vapi',
      ],
      [
        { transcriber: JSON.stringify({ provider: 'assemblyai', model: 'nova-2', language: 'en' }) },
        'transcriber.model',
        'AssemblyAI takes no transcriber model',
      ],
      [
        { transcriber: JSON.stringify({ provider: 'assemblyai', model: '', language: 'es' }) },
        'transcriber.language',
        'Language es is not offered by AssemblyAI',
      ],
      [
        { transcriber: JSON.stringify({ provider: 'gladia', model: 'nova-2', language: 'en' }) },
        'transcriber.model',
        'Transcriber model nova-2 is not offered by Gladia',
      ],
      [
        { clientMessages: JSON.stringify(['transcript', 'everything']) },
        'clientMessages',
        'Unknown client message: everything',
      ],
      [
        { serverMessages: JSON.stringify(['end-of-call-report', 'call-ended']) },
        'serverMessages',
        'Unknown server message: call-ended',
      ],
    ] as const) {
      const body = await refused(await create({ name: 'Pairs', ...fields }), 400, field, before);
      expect(body.message).toBe(message);
      expect(body.fields[field]).toBe(message);
    }

    for (const fields of [
      { model: model('deepseek', 'deepseek-chat') } as Record<string, string>,
      { model: model('groq', 'llama-3.3-70b-versatile') },
      { voice: JSON.stringify({ provider: 'deepgram', voiceId: 'asteria' }) },
      { transcriber: JSON.stringify({ provider: 'assemblyai', model: '', language: 'multi' }) },
      { transcriber: JSON.stringify({ provider: 'gladia', model: 'solaria-1', language: 'fr' }) },
    ]) {
      const response = await create({ name: 'Fits', ...fields });
      expect(response.statusCode, `${JSON.stringify(fields)}: ${response.body}`).toBe(200);
    }
  });

  it('checks a changed pair on update and leaves an unchanged stored one alone', async () => {
    const { assistant } = (await create({ name: 'Imported' })).json();
    // As an import may store it: a voice and a message list our lists do not hold.
    await t.database.db
      .update(assistants)
      .set({ voice: { provider: 'vapi', voiceId: 'Spencer' }, serverMessages: ['legacy-message'] })
      .where(eq(assistants.id, assistant.id));
    const renamed = await patch(assistant.id, {
      name: 'Imported 2',
      voice: { provider: 'vapi', voiceId: 'Spencer' },
      serverMessages: ['legacy-message', 'end-of-call-report'],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);

    const switched = await patch(assistant.id, {
      model: { provider: 'groq', model: 'gpt-4o', temperature: 0.5 },
    });
    expect(switched.statusCode).toBe(400);
    expect(switched.json()).toMatchObject({
      message: 'Model gpt-4o is not offered by Groq',
      fields: { 'model.model': 'Model gpt-4o is not offered by Groq' },
    });
    const voice = await patch(assistant.id, { voice: { provider: 'openai', voiceId: 'Spencer' } });
    expect(voice.json().fields).toEqual({ 'voice.voiceId': 'Voice Spencer is not offered by OpenAI' });
    const messages = await patch(assistant.id, { clientMessages: ['transcript', 'hang-up'] });
    expect(messages.json().fields).toEqual({ clientMessages: 'Unknown client message: hang-up' });

    const after = (
      await t.app.inject({ method: 'GET', url: `/api/assistants/${assistant.id}`, headers: bearer(admin) })
    ).json().assistant;
    expect(after).toMatchObject({
      name: 'Imported 2',
      model: { provider: 'openai', model: 'gpt-4o' },
      voice: { provider: 'vapi', voiceId: 'Spencer' },
    });
    const groq = await patch(assistant.id, {
      model: { provider: 'groq', model: 'llama-3.1-8b-instant', temperature: 0.5 },
    });
    expect(groq.statusCode, groq.body).toBe(200);
  });

  it('replaces and removes the knowledge-base file (admins only), keeping its name and size', async () => {
    const { assistant } = (
      await create({ name: 'With FAQ' }, [
        { field: 'knowledgeBaseFile', fileName: 'faq.txt', content: 'We open at 8.' },
      ])
    ).json();
    expect(assistant).toMatchObject({ knowledgeBaseFileName: 'faq.txt', knowledgeBaseFileBytes: 13 });

    const replaced = await putFile(assistant.id, 'hours.md', '# Hours\nMonday to Friday');
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().assistant).toMatchObject({
      knowledgeBaseFileName: 'hours.md',
      knowledgeBaseFileBytes: 24,
    });
    const listed = (await t.app.inject({ method: 'GET', url: '/api/assistants', headers: bearer(admin) }))
      .json()
      .assistants.find((a: Assistant) => a.id === assistant.id);
    expect(listed).toMatchObject({ knowledgeBaseFileName: 'hours.md', knowledgeBaseFileBytes: 24 });

    // Checked like the file sent on create, and nothing changes.
    const bad = await putFile(assistant.id, 'hours.pdf', 'not a PDF');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ knowledgeBaseFile: ASSISTANT_MESSAGES.fileContent });
    const none = await putFile(assistant.id);
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual({ knowledgeBaseFile: ASSISTANT_MESSAGES.fileRequired });

    const frontDesk = await t.asFrontDesk();
    expect((await putFile(assistant.id, 'x.txt', 'x', frontDesk)).statusCode).toBe(403);
    expect((await removeFile(assistant.id, frontDesk)).statusCode).toBe(403);

    const removed = await removeFile(assistant.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().assistant).toMatchObject({
      knowledgeBaseFileName: null,
      knowledgeBaseFileBytes: null,
    });
    const again = await removeFile(assistant.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(ASSISTANT_MESSAGES.noFile);
    expect((await putFile('00000000-0000-4000-8000-000000000000', 'a.txt', 'a')).statusCode).toBe(404);
  });

  it('records every write in the audit log', async () => {
    const { assistant } = (await create({ name: 'Audited' })).json();
    await patch(assistant.id, { name: 'Audited 2' });
    await t.app.inject({ method: 'DELETE', url: `/api/assistants/${assistant.id}`, headers: bearer(admin) });
    await t.modules.audit.service.flush();
    const events = (
      await t.app.inject({ method: 'GET', url: '/api/audit-events?limit=200', headers: bearer(admin) })
    ).json().events as { action: string; resourceId: string; outcome: string }[];
    const mine = events.filter((e) => e.resourceId === assistant.id).map((e) => e.action);
    expect(mine.sort()).toEqual(['assistant.create', 'assistant.delete', 'assistant.update']);
  });
});

describe('the knowledge-base file on a Vapi account (fake Vapi server)', () => {
  let fake: FakeVapi;
  let v: TestApp;
  let vAdmin: string;
  beforeEach(async () => {
    fake = await startFakeVapi();
    v = await createTestApp({
      voice: createVoiceIntegration({
        apiKey: fake.state.apiKey,
        baseUrl: fake.url,
        publicBaseUrl: 'https://practice.example',
        webhookSecret: TEST_WEBHOOK_SECRET,
        backoffMs: 1,
      }),
    });
    vAdmin = await v.asAdmin();
  });
  afterEach(async () => {
    await v.close();
    await fake.close();
  });

  const send = (method: 'POST' | 'PUT', url: string, fields: Record<string, string>, file?: string) => {
    const body = multipart(
      fields,
      file ? [{ field: 'knowledgeBaseFile', fileName: file, content: file }] : [],
    );
    return v.app.inject({
      method,
      url,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(vAdmin) },
    });
  };
  /** The ids of the files the assistant's tools on Vapi answer from. */
  const filesOnVapi = async (id: string) => {
    const [row] = await v.database.db.select().from(assistants).where(eq(assistants.id, id));
    const remote = fake.state.assistants.find((a) => a.id === row!.providerId) as {
      model?: { tools?: { knowledgeBases?: { fileIds?: string[] }[] }[] };
    };
    return (remote.model?.tools ?? []).flatMap(
      (tool) => tool.knowledgeBases?.flatMap((kb) => kb.fileIds ?? []) ?? [],
    );
  };

  it('points the assistant at the new file, then deletes the old one; removing detaches and deletes it', async () => {
    const created = await send('POST', '/api/assistants', { name: 'Vapi FAQ' }, 'faq.txt');
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().assistant.id as string;
    const [first] = fake.state.files.map((f) => f.id as string);
    expect(await filesOnVapi(id)).toEqual([first]);

    const replaced = await send('PUT', `/api/assistants/${id}/knowledge-base-file`, {}, 'hours.md');
    expect(replaced.statusCode, replaced.body).toBe(200);
    const second = fake.state.files.map((f) => f.id as string);
    expect(second).toHaveLength(1);
    expect(second[0]).not.toBe(first);
    expect(await filesOnVapi(id)).toEqual(second);
    const [row] = await v.database.db.select().from(assistants).where(eq(assistants.id, id));
    expect(row).toMatchObject({ knowledgeBaseFileId: second[0], knowledgeBaseFileName: 'hours.md' });

    const removed = await v.app.inject({
      method: 'DELETE',
      url: `/api/assistants/${id}/knowledge-base-file`,
      headers: bearer(vAdmin),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await filesOnVapi(id)).toEqual([]);
    expect(fake.state.files).toEqual([]);
  });

  it('keeps the old file and our row when Vapi refuses the assistant update, and cleans up the new upload', async () => {
    const id = (await send('POST', '/api/assistants', { name: 'Refused FAQ' }, 'faq.txt')).json().assistant
      .id;
    const [first] = fake.state.files.map((f) => f.id as string);
    fake.state.failures.push({ status: 400, match: 'PATCH /assistant' });
    const replaced = await send('PUT', `/api/assistants/${id}/knowledge-base-file`, {}, 'hours.md');
    expect(replaced.statusCode, replaced.body).toBe(400);
    expect(fake.state.files.map((f) => f.id)).toEqual([first]);
    expect(await filesOnVapi(id)).toEqual([first]);
    const [row] = await v.database.db.select().from(assistants).where(eq(assistants.id, id));
    expect(row).toMatchObject({ knowledgeBaseFileId: first, knowledgeBaseFileName: 'faq.txt' });
  });
});
