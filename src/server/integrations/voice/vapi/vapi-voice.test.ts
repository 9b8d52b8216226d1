import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ASSISTANT_DEFAULTS, RECEPTIONIST_TOOLS } from '#shared/schemas/assistants';
import { APPOINTMENT_TYPES } from '#shared/schemas/schedule';
import { isVoiceError, type VoiceError } from '../errors';
import type { VoicePort } from '../port';
import { createVoiceIntegration, transientAssistant } from '../index';
import { STRUCTURED_DATA_PLAN } from '../structured-data-plan';
import { receptionistTools } from '../tools';
import { vapiErrorMessage } from './client';
import { sampleAccount, startFakeVapi, vapiSample, type FakeVapi } from './fake-vapi-server';
import { prepareVapiSchemas, vapiBodyProblems } from './vapi-schemas';

let fake: FakeVapi;
let voice: VoicePort;

const SECRET = 'webhook-secret-0123456789';
const connect = (options: { apiKey?: string; timeoutMs?: number; retries?: number } = {}) =>
  createVoiceIntegration({
    apiKey: options.apiKey ?? fake.state.apiKey,
    baseUrl: fake.url,
    publicBaseUrl: 'https://practice.example/',
    webhookSecret: SECRET,
    timeoutMs: options.timeoutMs ?? 2_000,
    retries: options.retries,
    backoffMs: 1,
  });

// The fake's validators come from the SDK's types: compiled once, then cached (vapi-schemas.ts).
beforeAll(() => void prepareVapiSchemas(), 180_000);
beforeEach(async () => {
  fake = await startFakeVapi(sampleAccount());
  voice = connect();
});
afterEach(() => fake.close());

async function failure(promise: Promise<unknown>): Promise<VoiceError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isVoiceError(error)) throw new Error(`expected a VoiceError, got ${String(error)}`);
  return error;
}

const spec = { ...structuredClone(ASSISTANT_DEFAULTS), name: 'Front Desk' } as Parameters<
  VoicePort['createAssistant']
>[0];

describe('Vapi adapter over HTTP (fake Vapi built from the samples)', () => {
  it('is chosen by the key; without one the sandbox runs', () => {
    expect(voice.kind).toBe('vapi');
    expect(createVoiceIntegration({ publicBaseUrl: 'http://x' }).kind).toBe('sandbox');
  });

  it('lists the sampled assistants from a bare array with the bearer key and the documented limit', async () => {
    const assistants = await voice.listAssistants();
    expect(assistants.map((a) => a.name).sort()).toEqual(
      sampleAccount()
        .assistants.map((a) => a.name)
        .sort(),
    );
    const arah = assistants.find((a) => a.name === 'ARAH - Inbound')!;
    expect(arah.voice).toEqual({ provider: 'rime-ai', voiceId: 'celeste' });
    expect(arah.model.provider).toBe('openai');
    expect(arah.model.messages[0]?.role).toBe('system');
    expect(arah.transcriber).toMatchObject({ provider: 'deepgram', model: 'nova-3-general', language: 'en' });
    expect(fake.state.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/assistant',
      query: { limit: '1000' },
    });
  });

  it('pages a long list with createdAtLt (there is no cursor)', async () => {
    const paged = createVoiceIntegration({
      apiKey: fake.state.apiKey,
      baseUrl: fake.url,
      publicBaseUrl: 'https://practice.example',
      pageSize: 2,
    });
    const assistants = await paged.listAssistants();
    expect(assistants).toHaveLength(3);
    expect(new Set(assistants.map((a) => a.id)).size).toBe(3);
    const queries = fake.state.requests.map((r) => r.query);
    expect(queries[0]).toEqual({ limit: '2' });
    expect(queries[1]).toMatchObject({ limit: '2', createdAtLt: expect.any(String) });
  });

  it('creates an assistant carrying every receptionist tool, the webhook URL and the secret', async () => {
    const id = await voice.createAssistant(spec);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const sent = fake.state.requests.at(-1)!.body as {
      model: {
        tools: { type: string; function?: { name: string; parameters: unknown }; server?: unknown }[];
        provider: string;
      };
      server: unknown;
    };
    expect(sent.model.tools.map((t) => t.function?.name ?? t.type)).toEqual([
      'findPatient',
      'checkAvailability',
      'bookAppointment',
      'confirmAppointment',
      'cancelAppointment',
      'findAppointments',
      'rescheduleAppointment',
      // Transfer to a person: no destinations, so Vapi asks our webhook (assistant.server) where to.
      'transferCall',
    ]);
    expect(sent.model.tools.at(-1)).toEqual({ type: 'transferCall' });
    for (const tool of sent.model.tools.filter((t) => t.type === 'function')) {
      expect(tool.server).toEqual({
        url: 'https://practice.example/webhook',
        headers: { 'X-Vapi-Secret': SECRET },
      });
      expect(tool.function!.parameters).toMatchObject({ type: 'object' });
    }
    expect(sent.server).toEqual({
      url: 'https://practice.example/webhook',
      headers: { 'X-Vapi-Secret': SECRET },
    });
    expect(fake.state.assistants.some((a) => a.id === id)).toBe(true);
  });

  it('maps our provider names to Vapi’s and back', async () => {
    const id = await voice.createAssistant({
      ...spec,
      model: { ...spec.model, provider: 'deepseek', model: 'deepseek-chat' },
      transcriber: { provider: 'assemblyai', model: '', language: 'en' },
    });
    const stored = fake.state.assistants.find((a) => a.id === id) as {
      model: { provider: string };
      transcriber: { provider: string };
    };
    expect(stored.model.provider).toBe('deep-seek');
    expect(stored.transcriber.provider).toBe('assembly-ai');
    const read = await voice.getAssistant(id!);
    expect(read.model.provider).toBe('deepseek');
    expect(read.transcriber.provider).toBe('assemblyai');
  });

  it('attaches an uploaded knowledge-base file to the assistant', async () => {
    const fileId = await voice.uploadKnowledgeBaseFile({
      fileName: 'office-faq.pdf',
      mimeType: 'application/pdf',
      content: Buffer.from('%PDF-1.4 hello'),
    });
    expect(fake.state.files[0]).toMatchObject({ id: fileId, originalName: 'office-faq.pdf', object: 'file' });
    expect(fake.state.requests.at(-1)!.contentType).toMatch(/^multipart\/form-data/);
    const id = await voice.createAssistant(spec, fileId);
    const stored = fake.state.assistants.find((a) => a.id === id) as { model: { tools: unknown[] } };
    expect(stored.model.tools).toContainEqual(
      expect.objectContaining({
        type: 'query',
        knowledgeBases: [expect.objectContaining({ fileIds: [fileId] })],
      }),
    );
    await voice.deleteKnowledgeBaseFile(fileId!);
    expect(fake.state.files).toHaveLength(0);
  });

  it('updates by merging over what Vapi holds: voice settings and saved toolIds survive', async () => {
    const arah = fake.state.assistants.find((a) => a.name === 'ARAH - Inbound')!;
    await voice.updateAssistant(String(arah.id), {
      name: 'ARAH',
      voice: { provider: 'rime-ai', voiceId: 'luna' },
    });
    const patch = fake.state.requests.at(-1)!;
    expect(patch.method).toBe('PATCH');
    const stored = fake.state.assistants.find((a) => a.id === arah.id) as {
      name: string;
      voice: { voiceId: string; speed: number; model: string };
      model: { toolIds: string[]; tools: { function?: { name: string } }[] };
    };
    expect(stored.name).toBe('ARAH');
    expect(stored.voice).toMatchObject({ voiceId: 'luna', speed: 0.5, model: 'arcana' });
    expect(stored.model.toolIds).toHaveLength(5);
    expect(stored.model.tools.map((t) => t.function?.name)).toContain('bookAppointment');
  });

  it('shows Vapi’s validation messages (an array) and its 409 for a pinned assistant', async () => {
    const tooLong = await failure(voice.createAssistant({ ...spec, name: 'x'.repeat(41) }));
    expect(tooLong.code).toBe('bad_request');
    expect(tooLong.message).toBe('name must be shorter than or equal to 40 characters');

    const id = (await voice.createAssistant(spec))!;
    fake.state.pinned.add(id);
    const pinned = await failure(voice.deleteAssistant(id));
    expect(pinned).toMatchObject({ code: 'conflict', status: 409 });
    expect(pinned.message).toBe('Assistant is pinned by a version and cannot be deleted.');
  });

  it('reports a wrong key and an unknown id', async () => {
    const refused = await failure(connect({ apiKey: 'wrong' }).listAssistants());
    expect(refused.code).toBe('unauthorized');
    expect(refused.message).toMatch(/^Invalid Key/);
    const missing = await failure(voice.getAssistant('00000000-0000-4000-8000-000000000000'));
    expect(missing).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('retries 429 and 5xx with backoff, then succeeds', async () => {
    fake.state.failures.push({ status: 429, headers: { 'retry-after': '0' } }, { status: 503 });
    expect(await voice.listAssistants()).toHaveLength(3);
    expect(fake.state.requests.filter((r) => r.path === '/assistant')).toHaveLength(3);
  });

  it('gives up after the retries with the platform’s message', async () => {
    fake.state.failures.push(
      { status: 502, body: { message: 'Bad gateway', statusCode: 502 } },
      { status: 502, body: { message: 'Bad gateway', statusCode: 502 } },
      { status: 502, body: { message: 'Bad gateway', statusCode: 502 } },
    );
    const error = await failure(voice.listPhoneNumbers());
    expect(error).toMatchObject({ code: 'unavailable', status: 502, message: 'Bad gateway' });
    expect(fake.state.requests).toHaveLength(3);
  });

  it('does not send a create twice after a 5xx (it may have gone through)', async () => {
    fake.state.failures.push({ status: 500 });
    await failure(voice.createAssistant(spec));
    expect(fake.state.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('retries a create refused with 429 (nothing was created)', async () => {
    fake.state.failures.push({
      status: 429,
      body: vapiSample('api/errors/400-over-concurrency-limit.draft-doc-pr110.json'),
    });
    expect(await voice.createAssistant(spec)).toBeTruthy();
    expect(fake.state.requests.filter((r) => r.method === 'POST')).toHaveLength(2);
  });

  it('times out a silent platform', async () => {
    fake.state.failures.push({ status: 200, delayMs: 1_000 });
    const error = await failure(connect({ timeoutMs: 100, retries: 0 }).listAssistants());
    expect(error.code).toBe('unavailable');
    expect(error.message).toBe('Vapi did not answer within 100 ms');
  });

  it('lists and updates phone numbers, pointing them at our webhook', async () => {
    const numbers = await voice.listPhoneNumbers();
    expect(numbers.length).toBe(sampleAccount().phoneNumbers.length);
    const wanda = numbers.find((n) => n.name === 'Wanda Staging')!;
    expect(wanda).toMatchObject({ number: '+18436489138', assistantId: null });
    const assistantId = (await voice.createAssistant(spec))!;
    await voice.updatePhoneNumber(wanda.id, { name: 'Main Line', assistantId });
    const stored = fake.state.phoneNumbers.find((n) => n.id === wanda.id)!;
    expect(stored).toMatchObject({
      name: 'Main Line',
      assistantId,
      server: { url: 'https://practice.example/webhook' },
    });
    const unknownAssistant = await failure(
      voice.updatePhoneNumber(wanda.id, { assistantId: '00000000-0000-4000-8000-000000000009' }),
    );
    expect(unknownAssistant.message).toBe("Couldn't Find Assistant");
    await voice.deletePhoneNumber(wanda.id);
    expect(fake.state.phoneNumbers.some((n) => n.id === wanda.id)).toBe(false);
  });

  it('creates an outbound call (queued) and reads it back', async () => {
    const [number] = await voice.listPhoneNumbers();
    const assistantId = (await voice.createAssistant(spec))!;
    const call = await voice.createOutboundCall({
      assistantId,
      phoneNumberId: number!.id,
      customer: { number: '+12125550100' },
    });
    expect(call.status).toBe('queued');
    expect(await voice.getCall(call.id)).toEqual({ id: call.id, status: 'queued' });
  });

  it("sends an outbound call's variables as variableValues and its placement key as the call's name", async () => {
    const [number] = await voice.listPhoneNumbers();
    const assistantId = (await voice.createAssistant(spec))!;
    await voice.createOutboundCall({
      assistantId,
      phoneNumberId: number!.id,
      customer: { number: '+12125550100', name: 'Ann Lee' },
      variables: { patientName: 'Ann Lee', appointmentDate: '2030-01-07' },
      placementKey: 'call-1:1',
    });
    expect(fake.state.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/call',
      body: {
        assistantId,
        phoneNumberId: number!.id,
        customer: { number: '+12125550100', name: 'Ann Lee' },
        assistantOverrides: { variableValues: { patientName: 'Ann Lee', appointmentDate: '2030-01-07' } },
        name: 'call-1:1',
      },
    });
  });

  it('repairs without calling twice: a call already placed under the attempt is found, not placed again', async () => {
    const [number] = await voice.listPhoneNumbers();
    const assistantId = (await voice.createAssistant(spec))!;
    const request = { assistantId, phoneNumberId: number!.id, customer: { number: '+12125550100' } };
    const placedSince = new Date();
    // The process died after Vapi accepted this attempt and before its id was stored.
    const first = await voice.createOutboundCall({ ...request, placementKey: 'repair-1:1' });
    const callsBefore = fake.state.calls.length;
    const repaired = await voice.createOutboundCall({ ...request, placementKey: 'repair-1:1', placedSince });
    expect(repaired.id).toBe(first.id);
    expect(fake.state.calls).toHaveLength(callsBefore);
    expect(fake.state.requests.at(-1)).toMatchObject({ method: 'GET', path: '/call' });
    // An attempt that never reached Vapi is placed on repair.
    const placed = await voice.createOutboundCall({ ...request, placementKey: 'repair-2:1', placedSince });
    expect(placed.id).not.toBe(first.id);
    expect(fake.state.calls).toHaveLength(callsBefore + 1);
  });
});

describe('vapiErrorMessage', () => {
  const text = (path: string) => JSON.stringify(vapiSample(path));
  it('reads each sampled error body', () => {
    expect(vapiErrorMessage(400, text('api/errors/400-validation-array.real-support-18819419.json'))).toBe(
      'property customer should not exist; property phoneNumberId should not exist; ' +
        'property phoneNumber should not exist; property assistantOverride should not exist',
    );
    expect(vapiErrorMessage(401, text('api/errors/401-invalid-key.real-support-28586614.json'))).toMatch(
      /^Invalid Key\. Hot tip/,
    );
    expect(vapiErrorMessage(409, text('api/errors/409-assistant-pinned.synth-from-spec.json'))).toBe(
      'Assistant is pinned by a version and cannot be deleted.',
    );
    expect(vapiErrorMessage(429, text('api/errors/400-over-concurrency-limit.draft-doc-pr110.json'))).toBe(
      'Over Concurrency Limit',
    );
    expect(vapiErrorMessage(502, '<html>Bad gateway</html>')).toBe('<html>Bad gateway</html>');
    expect(vapiErrorMessage(500, '')).toBe('HTTP 500');
  });
});

type StoredTool = {
  type: string;
  function?: { name: string };
  knowledgeBases?: { name: string; fileIds: string[] }[];
};
type StoredAssistant = {
  model: {
    provider: string;
    model: string;
    temperature?: number;
    tools: StoredTool[];
    knowledgeBase?: unknown;
  };
  voice: Record<string, unknown>;
  transcriber: Record<string, unknown>;
  analysisPlan: Record<string, unknown>;
  firstMessage?: string;
  voicemailMessage?: string;
  endCallMessage?: string;
};
const stored = (id: string) => fake.state.assistants.find((a) => a.id === id) as unknown as StoredAssistant;
/** A function tool by its name, any other tool by its type. */
/** What we write on every assistant: the receptionist's function tools and the transfer tool (ADR 045). */
const OUR_TOOLS = [...RECEPTIONIST_TOOLS, 'transferCall'];
const toolNames = (id: string) =>
  stored(id).model.tools.map((tool) => (tool.type === 'function' ? tool.function!.name : tool.type));
const lastBody = (method: string) =>
  fake.state.requests.filter((r) => r.method === method).at(-1)!.body as Record<string, unknown>;
const uploadFile = (fileName = 'faq.md') =>
  voice.uploadKnowledgeBaseFile({ fileName, mimeType: 'text/markdown', content: Buffer.from('# FAQ') });
/** Puts an assistant straight into the fake's account, as Vapi already holds it. */
const seedAssistant = (assistant: Record<string, unknown>) => {
  const id = crypto.randomUUID();
  const at = new Date().toISOString();
  fake.state.assistants.push({ id, orgId: fake.state.orgId, createdAt: at, updatedAt: at, ...assistant });
  return id;
};

describe('what we write to Vapi (issue 20)', () => {
  it('leaves each assistant with exactly its tools after 20 saves', async () => {
    const fileId = (await uploadFile())!;
    const ours = (await voice.createAssistant(spec, fileId))!;
    const imported = String(fake.state.assistants.find((a) => a.name === 'ARAH - Inbound')!.id);
    for (let edit = 0; edit < 20; edit++) {
      for (const id of [ours, imported]) {
        await voice.updateAssistant(id, {
          name: `Front Desk ${edit}`,
          model: { ...spec.model, temperature: edit / 20 },
          voice: spec.voice,
        });
      }
    }
    expect(toolNames(ours)).toEqual([...OUR_TOOLS, 'query']);
    expect(stored(ours).model.tools.at(-1)!.knowledgeBases![0]!.fileIds).toEqual([fileId]);
    expect(toolNames(imported)).toEqual([...OUR_TOOLS]);
    // Its saved tools (toolIds) are the practice's own and stay as they were.
    expect((stored(imported).model as { toolIds?: string[] }).toolIds).toHaveLength(5);
  });

  it('repairs an assistant that carries copies of our tools on its next save, keeping the practice’s own', async () => {
    const copies = receptionistTools({ url: 'https://old.example/webhook' });
    const theirs = {
      type: 'function',
      function: { name: 'lookupPet' },
      server: { url: 'https://vet.example' },
    };
    const theirKnowledge = {
      type: 'query',
      knowledgeBases: [
        { provider: 'google', name: 'vet-kb', description: 'Vet facts', fileIds: ['their-file'] },
      ],
    };
    const legacyOurs = {
      type: 'query',
      function: { name: 'practice_knowledge' },
      knowledgeBases: [
        { provider: 'google', name: 'practice-knowledge', description: 'x', fileIds: ['our-file'] },
      ],
    };
    const id = seedAssistant({
      name: 'Piled up',
      model: {
        provider: 'openai',
        model: 'gpt-4o',
        tools: [...copies, theirs, ...copies, legacyOurs, theirKnowledge, ...copies, legacyOurs],
      },
    });
    await voice.updateAssistant(id, { name: 'Repaired' });
    expect(toolNames(id)).toEqual(['lookupPet', 'query', ...OUR_TOOLS, 'query']);
    const [, their, ...rest] = stored(id).model.tools;
    expect(their).toEqual(theirKnowledge);
    // Ours is found by its knowledge base, rebuilt in Vapi's query-tool shape: no `function`.
    expect(rest.at(-1)).toEqual({
      type: 'query',
      knowledgeBases: [expect.objectContaining({ name: 'practice-knowledge', fileIds: ['our-file'] })],
    });
  });

  it('writes the knowledge-base query tool without a function, and replaces or removes it by its file', async () => {
    const first = (await uploadFile('one.md'))!;
    const id = (await voice.createAssistant(spec, first))!;
    const query = () => stored(id).model.tools.filter((tool) => tool.type === 'query');
    expect(query()).toEqual([
      {
        type: 'query',
        knowledgeBases: [
          {
            provider: 'google',
            name: 'practice-knowledge',
            description: expect.any(String),
            fileIds: [first],
          },
        ],
      },
    ]);
    await voice.updateAssistant(id, { name: 'Keeps its file' });
    expect(query().map((tool) => tool.knowledgeBases![0]!.fileIds)).toEqual([[first]]);
    const second = (await uploadFile('two.md'))!;
    await voice.updateAssistant(id, {}, second);
    expect(query().map((tool) => tool.knowledgeBases![0]!.fileIds)).toEqual([[second]]);
    await voice.updateAssistant(id, {}, null);
    expect(query()).toEqual([]);
    expect(toolNames(id)).toEqual([...OUR_TOOLS]);
  });

  it('writes a new provider’s voice and transcriber, not a merge with the old provider’s keys', async () => {
    const outbound = String(fake.state.assistants.find((a) => a.name === 'ARAH - Outbound')!.id);
    expect(stored(outbound).voice).toMatchObject({ provider: '11labs', stability: 0.7 });
    await voice.updateAssistant(outbound, {
      voice: { provider: 'deepgram', voiceId: 'asteria' },
      transcriber: { provider: 'gladia', model: 'fast', language: 'en' },
    });
    expect(stored(outbound).voice).toEqual({ provider: 'deepgram', voiceId: 'asteria' });
    expect(stored(outbound).transcriber).toEqual({ provider: 'gladia', model: 'fast', language: 'en' });
    await voice.updateAssistant(outbound, {
      transcriber: { provider: 'assemblyai', model: '', language: 'en' },
    });
    expect(stored(outbound).transcriber).toEqual({ provider: 'assembly-ai', language: 'en' });
  });

  it('sends a cleared first, voicemail or end-call message as "" so that the clear reaches Vapi', async () => {
    const id = (await voice.createAssistant({
      ...spec,
      firstMessage: 'Hello!',
      voicemailMessage: 'Please call us back.',
      endCallMessage: 'Goodbye.',
    }))!;
    await voice.updateAssistant(id, { firstMessage: '', voicemailMessage: '', endCallMessage: '' });
    expect(lastBody('PATCH')).toMatchObject({ firstMessage: '', voicemailMessage: '', endCallMessage: '' });
    expect(stored(id)).toMatchObject({ firstMessage: '', voicemailMessage: '', endCallMessage: '' });
  });

  it('asks every assistant for the appointment request as structured data, keeping its other analysis', async () => {
    const id = (await voice.createAssistant(spec))!;
    expect(stored(id).analysisPlan).toEqual({ structuredDataPlan: STRUCTURED_DATA_PLAN });
    const outbound = String(fake.state.assistants.find((a) => a.name === 'ARAH - Outbound')!.id);
    await voice.updateAssistant(outbound, { name: 'ARAH - Outbound' });
    expect(stored(outbound).analysisPlan).toEqual({
      minMessagesThreshold: 2,
      successEvaluationPlan: { enabled: false },
      structuredDataPlan: STRUCTURED_DATA_PLAN,
    });
    const schema = STRUCTURED_DATA_PLAN.schema!;
    expect(Object.keys(schema.properties!)).toEqual([
      'patientName',
      'phoneNumber',
      'email',
      'preferredDate',
      'preferredTime',
      'appointmentType',
      'isAppointmentRequest',
    ]);
    expect(schema.properties!.appointmentType!.enum).toEqual([...APPOINTMENT_TYPES]);
  });

  it('an import writes back only what we own: tools, webhook and analysis; not a legacy knowledge base or our defaults', async () => {
    const outbound = fake.state.assistants.find((a) => a.name === 'ARAH - Outbound')!;
    const before = structuredClone(outbound.model) as Record<string, unknown>;
    await voice.updateAssistant(String(outbound.id), {});
    const body = lastBody('PATCH') as { model: Record<string, unknown> };
    expect(Object.keys(body).sort()).toEqual(['analysisPlan', 'model', 'server']);
    const { knowledgeBase, tools: _tools, ...kept } = before;
    expect(body.model).toMatchObject(kept);
    expect(body.model).not.toHaveProperty('knowledgeBase');
    // The legacy knowledge base's files are kept, as a query tool.
    expect(body.model.tools).toContainEqual({
      type: 'query',
      knowledgeBases: [
        expect.objectContaining({
          provider: 'google',
          fileIds: (knowledgeBase as { fileIds: string[] }).fileIds,
        }),
      ],
    });

    const bare = seedAssistant({
      name: 'Bare',
      model: { provider: 'groq', model: 'llama-3.3-70b-versatile' },
    });
    await voice.updateAssistant(bare, {});
    const model = (lastBody('PATCH') as { model: Record<string, unknown> }).model;
    expect(Object.keys(model).sort()).toEqual(['model', 'provider', 'tools']);
    expect(model).toMatchObject({ provider: 'groq', model: 'llama-3.3-70b-versatile' });
  });
});

describe('the fake Vapi server checks bodies as strictly as Vapi', () => {
  const raw = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(fake.url + path, {
      method,
      headers: { authorization: `Bearer ${fake.state.apiKey}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('refuses an unknown nested key and a value outside an enum with Vapi’s 400 shape', async () => {
    expect(
      await raw('POST', '/assistant', {
        transcriber: { provider: 'deepgram', model: 'nova-3', numeralz: true },
        unknownKey: 1,
      }),
    ).toEqual({
      status: 400,
      body: {
        message: ['property unknownKey should not exist', 'transcriber.property numeralz should not exist'],
        error: 'Bad Request',
        statusCode: 400,
      },
    });
    const wrongVoice = await raw('POST', '/assistant', {
      voice: { provider: 'deepgram', voiceId: 'Elliot' },
    });
    expect(wrongVoice.status).toBe(400);
    expect(wrongVoice.body.message).toEqual([
      expect.stringMatching(/^voice\.voiceId must be one of .*asteria/),
    ]);
    const queryWithFunction = await raw('POST', '/assistant', {
      model: {
        provider: 'openai',
        model: 'gpt-4o',
        tools: [{ type: 'query', function: { name: 'kb' } }],
      },
    });
    expect(queryWithFunction.body.message).toEqual(['model.tools.0.property function should not exist']);
    expect(fake.state.assistants).toHaveLength(3);
  });

  it('accepts keys the SDK allows: voicemailDetection and hooks, provider and smsEnabled, customers and schedulePlan', async () => {
    const assistant = await raw('POST', '/assistant', {
      name: 'Allowed',
      voicemailDetection: { provider: 'vapi' },
      hooks: [],
    });
    expect(assistant.status, JSON.stringify(assistant.body)).toBe(201);
    const twilio = fake.state.phoneNumbers.find((n) => n.provider === 'twilio')!;
    const number = await raw('PATCH', `/phone-number/${String(twilio.id)}`, {
      provider: 'twilio',
      smsEnabled: false,
    });
    expect(number.status, JSON.stringify(number.body)).toBe(200);
    const batch = await raw('POST', '/call', {
      assistantId: assistant.body.id,
      phoneNumberId: twilio.id,
      customers: [{ number: '+12125550100' }, { number: '+12125550101' }],
      schedulePlan: { earliestAt: '2030-01-07T15:00:00.000Z' },
    });
    expect(batch.status, JSON.stringify(batch.body)).toBe(201);
    expect(batch.body.results).toHaveLength(2);
    expect(fake.state.calls.map((c) => c.status)).toEqual(['scheduled', 'scheduled']);
  });

  it('fills a call like Vapi (no subscriptionLimits kept) and honours the list filters', async () => {
    const [number] = fake.state.phoneNumbers;
    const first = (await voice.createAssistant(spec))!;
    const second = (await voice.createAssistant({ ...spec, name: 'Second' }))!;
    const placed = await raw('POST', '/call', {
      assistantId: first,
      phoneNumberId: number!.id,
      customer: { number: '+12125550100' },
    });
    expect(placed.body).toHaveProperty('subscriptionLimits');
    const call = fake.state.calls[0]!;
    expect(call).not.toHaveProperty('subscriptionLimits');
    expect(call).toMatchObject({
      type: 'outboundPhoneCall',
      status: 'queued',
      cost: 0,
      monitor: expect.any(Object),
    });
    await raw('POST', '/call', {
      assistantId: second,
      phoneNumberId: number!.id,
      customer: { number: '+12125550101' },
    });
    expect((await raw('GET', `/call?assistantId=${second}`)).body).toEqual([
      expect.objectContaining({ assistantId: second }),
    ]);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await raw('GET', `/assistant?updatedAtGt=${future}`)).body).toEqual([]);
    await voice.updateAssistant(first, { name: 'Renamed' });
    const renamedAt = String(stored(first) && fake.state.assistants.find((a) => a.id === first)!.updatedAt);
    expect((await raw('GET', `/assistant?updatedAtGe=${renamedAt}`)).body).toEqual([
      expect.objectContaining({ id: first }),
    ]);
  });
});

describe('contract: every write the adapter makes is a body Vapi’s SDK allows', () => {
  const WRITES = {
    'POST /assistant': 'assistantCreate',
    'PATCH /assistant': 'assistantUpdate',
    'POST /call': 'callCreate',
    'PATCH /phone-number': 'phoneNumberUpdate',
  } as const;
  const models = [
    { provider: 'openai', model: 'gpt-4o' },
    { provider: 'anthropic', model: 'claude-sonnet-4-20250514' },
    { provider: 'deepseek', model: 'deepseek-chat' },
    { provider: 'groq', model: 'llama-3.3-70b-versatile' },
  ];
  const voices = [
    { provider: 'vapi', voiceId: 'Elliot' },
    { provider: '11labs', voiceId: 'burt' },
    { provider: 'openai', voiceId: 'alloy' },
    { provider: 'playht', voiceId: 'jennifer' },
    { provider: 'deepgram', voiceId: 'asteria' },
  ];
  const transcribers = [
    { provider: 'deepgram', model: 'nova-3', language: 'en' },
    { provider: 'assemblyai', model: '', language: 'en' },
    { provider: 'gladia', model: 'fast', language: 'en' },
  ];

  it('creates, edits, imports, re-files, routes and calls without one refused body', async () => {
    const fileId = (await uploadFile())!;
    const created = (await voice.createAssistant(spec, fileId))!;
    const bare = (await voice.createAssistant({
      ...spec,
      firstMessage: '',
      voicemailMessage: '',
      endCallMessage: '',
    }))!;
    for (const [index, model] of models.entries()) {
      const voiceChoice = voices[index % voices.length]!;
      await voice.updateAssistant(created, {
        ...spec,
        model: { ...spec.model, ...model },
        voice: voiceChoice,
        transcriber: transcribers[index % transcribers.length]!,
      });
    }
    for (const voiceChoice of voices) await voice.updateAssistant(bare, { voice: voiceChoice });
    for (const transcriber of transcribers) await voice.updateAssistant(bare, { transcriber });
    await voice.updateAssistant(created, { firstMessage: '', endCallMessage: '' });
    await voice.updateAssistant(created, {}, (await uploadFile('new.md'))!);
    await voice.updateAssistant(created, {}, null);
    // An import of every sampled assistant, as Vapi holds it.
    for (const assistant of sampleAccount().assistants) await voice.updateAssistant(String(assistant.id), {});

    for (const number of fake.state.phoneNumbers) {
      await voice.updatePhoneNumber(String(number.id), { name: 'Main line', assistantId: created });
      await voice.updatePhoneNumber(String(number.id), { name: null, assistantId: null });
    }
    const [number] = fake.state.phoneNumbers;
    await voice.createOutboundCall({
      assistantId: created,
      phoneNumberId: String(number!.id),
      customer: { number: '+12125550100' },
    });
    await voice.createOutboundCall({
      assistantId: created,
      phoneNumberId: String(number!.id),
      customer: { number: '+12125550101', name: 'Ann Lee' },
      variables: { patientName: 'Ann Lee' },
      placementKey: 'attempt-1:1',
    });

    const writes = fake.state.requests.flatMap((request) => {
      const kind = WRITES[`${request.method} /${request.path.split('/')[1]}` as keyof typeof WRITES];
      return kind ? [{ kind, body: request.body }] : [];
    });
    expect(new Set(writes.map((w) => w.kind))).toEqual(new Set(Object.values(WRITES)));
    for (const { kind, body } of writes)
      expect(vapiBodyProblems(kind, body), JSON.stringify(body)).toEqual([]);
  });

  it('answers an assistant-request for an assistant that lives only here with a whole assistant Vapi accepts', () => {
    const whole = transientAssistant(spec, { url: 'https://practice.example/webhook', secret: SECRET });
    expect(vapiBodyProblems('assistantCreate', whole)).toEqual([]);
    expect(whole.analysisPlan).toEqual({ structuredDataPlan: STRUCTURED_DATA_PLAN });
  });
});
