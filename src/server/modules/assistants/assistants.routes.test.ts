import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASSISTANT_DEFAULTS,
  ASSISTANT_MESSAGES,
  KNOWLEDGE_BASE_MAX_BYTES,
  assistantFormFields,
  type Assistant,
} from '#shared/schemas/assistants';
import { assistants } from '../../db/schema/index';
import { multipart, type MultipartFile } from '../../test/multipart';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

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
      expect(response.json().assistant.knowledgeBaseFileName).toBe(file.fileName);
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

  it('updates with JSON (no id or timestamps) and validates the same way', async () => {
    const { assistant } = (await create({ name: 'To edit' })).json();
    const {
      id: _id,
      createdAt: _c,
      updatedAt: _u,
      knowledgeBaseFileName: _k,
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

  it('records every write in the audit log', async () => {
    const { assistant } = (await create({ name: 'Audited' })).json();
    await patch(assistant.id, { name: 'Audited 2' });
    await t.app.inject({ method: 'DELETE', url: `/api/assistants/${assistant.id}`, headers: bearer(admin) });
    await t.app.auditLog.flush();
    const events = (
      await t.app.inject({ method: 'GET', url: '/api/audit-events?limit=200', headers: bearer(admin) })
    ).json().events as { action: string; resourceId: string; outcome: string }[];
    const mine = events.filter((e) => e.resourceId === assistant.id).map((e) => e.action);
    expect(mine.sort()).toEqual(['assistant.create', 'assistant.delete', 'assistant.update']);
  });
});
