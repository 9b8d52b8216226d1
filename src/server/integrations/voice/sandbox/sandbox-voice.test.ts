import { describe, expect, it } from 'vitest';
import { isVoiceError } from '../errors';
import { createSandboxVoice } from './sandbox-voice';

const request = { assistantId: 'a', phoneNumberId: 'n', customer: { number: '+12125550100' } };

describe('the built-in sandbox voice platform', () => {
  it('holds nothing outside our database: creates return no platform id, the account lists nothing', async () => {
    const voice = createSandboxVoice();
    expect(voice.kind).toBe('sandbox');
    expect(await voice.listAssistants()).toEqual([]);
    expect(await voice.listPhoneNumbers()).toEqual([]);
    expect(
      await voice.uploadKnowledgeBaseFile({
        fileName: 'a.txt',
        mimeType: 'text/plain',
        content: Buffer.from('a'),
      }),
    ).toBeNull();
    const error = await voice.getAssistant('x').catch((e: unknown) => e);
    expect(isVoiceError(error) && error.code).toBe('not_found');
  });

  it('hands an outbound call to the callback the outbound feature passes in', async () => {
    const seen: unknown[] = [];
    const voice = createSandboxVoice({
      onOutboundCall: async (call) => {
        seen.push(call);
        return { id: 'call-1', status: 'queued' };
      },
      findCall: async (id) => (id === 'call-1' ? { id, status: 'queued' } : undefined),
    });
    expect(await voice.createOutboundCall(request)).toEqual({ id: 'call-1', status: 'queued' });
    expect(seen).toEqual([request]);
    expect(await voice.getCall('call-1')).toEqual({ id: 'call-1', status: 'queued' });
    const missing = await voice.getCall('nope').catch((e: unknown) => e);
    expect(isVoiceError(missing) && missing.code).toBe('not_found');
  });

  it('without a callback gives a queued call an id and schedules nothing', async () => {
    const call = await createSandboxVoice().createOutboundCall(request);
    expect(call.status).toBe('queued');
    expect(call.id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
