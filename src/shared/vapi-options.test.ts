import { describe, expect, it } from 'vitest';
import { readCommitted, renderVapiOptions } from '../../scripts/vapi-options.mjs';
import {
  ASSISTANT_DEFAULTS,
  CLIENT_MESSAGES,
  LANGUAGES,
  MODEL_PROVIDERS,
  MODELS,
  notOffered,
  optionFor,
  PREFERRED_OPTIONS,
  SERVER_MESSAGES,
  TRANSCRIBER_MODELS,
  TRANSCRIBER_PROVIDERS,
  VOICE_PROVIDERS,
  VOICES,
} from './schemas/assistants';

describe('src/shared/vapi-options.ts', () => {
  it('is what scripts/vapi-options.mjs writes from the installed SDK (else run npm run gen:vapi-options)', async () => {
    expect(readCommitted()).toBe(await renderVapiOptions());
  });

  it('has lists for exactly the providers the dialog offers', () => {
    expect(Object.keys(VOICES)).toEqual([...VOICE_PROVIDERS]);
    expect(Object.keys(MODELS)).toEqual([...MODEL_PROVIDERS]);
    expect(Object.keys(TRANSCRIBER_MODELS)).toEqual([...TRANSCRIBER_PROVIDERS]);
    expect(Object.keys(LANGUAGES)).toEqual([...TRANSCRIBER_PROVIDERS]);
  });

  it('keeps the section 9 defaults valid pairs', () => {
    const D = ASSISTANT_DEFAULTS;
    expect(notOffered(VOICES, D.voice.provider, D.voice.voiceId, 'Voice')).toBeUndefined();
    expect(notOffered(MODELS, D.model.provider, D.model.model, 'Model')).toBeUndefined();
    expect(
      notOffered(TRANSCRIBER_MODELS, D.transcriber.provider, D.transcriber.model, 'Transcriber model'),
    ).toBeUndefined();
    expect(notOffered(LANGUAGES, D.transcriber.provider, D.transcriber.language, 'Language')).toBeUndefined();
    expect(D.clientMessages.filter((m) => !CLIENT_MESSAGES.includes(m))).toEqual([]);
    expect(D.serverMessages.filter((m) => !SERVER_MESSAGES.includes(m))).toEqual([]);
  });

  it('names the value and the provider that does not offer it', () => {
    expect(notOffered(MODELS, 'groq', 'gpt-4o', 'Model')).toBe('Model gpt-4o is not offered by Groq');
    expect(notOffered(VOICES, 'deepgram', 'Elliot', 'Voice')).toBe('Voice Elliot is not offered by Deepgram');
    expect(notOffered(LANGUAGES, 'assemblyai', 'es', 'Language')).toBe(
      'Language es is not offered by AssemblyAI',
    );
    expect(notOffered(TRANSCRIBER_MODELS, 'assemblyai', 'nova-2', 'Transcriber model')).toBe(
      'AssemblyAI takes no transcriber model',
    );
    expect(notOffered(TRANSCRIBER_MODELS, 'assemblyai', '', 'Transcriber model')).toBeUndefined();
    expect(notOffered(TRANSCRIBER_MODELS, 'gladia', 'solaria-1', 'Transcriber model')).toBeUndefined();
    // A provider we do not offer is the provider check's to refuse.
    expect(notOffered(VOICES, 'rime-ai', 'celeste', 'Voice')).toBeUndefined();
  });

  it('keeps a value the new provider offers, else prefers a section 9 one, else takes the first', () => {
    expect(optionFor(MODELS.openai, 'gpt-4', PREFERRED_OPTIONS.models)).toBe('gpt-4');
    expect(optionFor(MODELS.anthropic, 'gpt-4o', PREFERRED_OPTIONS.models)).toBe('claude-3-haiku-20240307');
    expect(optionFor(MODELS.deepseek, 'gpt-4o', PREFERRED_OPTIONS.models)).toBe('deepseek-chat');
    expect(optionFor(TRANSCRIBER_MODELS.assemblyai, 'nova-2', [])).toBe('');
  });
});
