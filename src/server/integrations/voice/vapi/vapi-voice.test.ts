import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ASSISTANT_DEFAULTS } from '#shared/schemas/assistants';
import { isVoiceError, type VoiceError } from '../errors';
import type { VoicePort } from '../port';
import { createVoiceIntegration } from '../index';
import { vapiErrorMessage } from './client';
import { sampleAccount, startFakeVapi, vapiSample, type FakeVapi } from './fake-vapi-server';

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
      model: { ...spec.model, provider: 'deepseek' },
      transcriber: { ...spec.transcriber, provider: 'assemblyai' },
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
