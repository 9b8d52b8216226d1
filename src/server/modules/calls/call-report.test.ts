import type { Vapi } from '@vapi-ai/server-sdk';
import { describe, expect, it } from 'vitest';
import { foldForSearch } from '#shared/search-fold';
import { instant, readCallReport } from './call-report';
import { decodeCursor, describeListRequest, encodeCursor, parseSearch } from './calls.service';

describe('readCallReport', () => {
  it('names no call without a call id', () => {
    expect(readCallReport({ type: 'status-update', status: 'ended' })).toBeNull();
    expect(readCallReport({ type: 'status-update', call: {} })).toBeNull();
    expect(readCallReport(null)).toBeNull();
  });

  it('reads the call id in lower case, and refuses one too long to store whole', () => {
    expect(readCallReport({ type: 'status-update', call: { id: ' ABC-Def ' } })!.providerId).toBe('abc-def');
    expect(() => readCallReport({ type: 'status-update', call: { id: 'x'.repeat(201) } })).toThrow(
      expect.objectContaining({ status: 400, fields: { 'message.call.id': expect.any(String) } }),
    );
  });

  it('ranks a message by its kind and status, then by when it was sent', () => {
    const precedence = (message: Record<string, unknown>) =>
      readCallReport({ call: { id: 'c0' }, ...message })!.precedence;
    const ranked = [
      precedence({ type: 'status-update', status: 'scheduled', timestamp: 1749546420647 }),
      precedence({ type: 'status-update', status: 'queued' }),
      precedence({ type: 'status-update', status: 'in-progress', timestamp: 1749546420647 }),
      precedence({ type: 'status-update', status: 'ended' }),
      precedence({ type: 'status-update', status: 'ended', timestamp: 1749546420647 }),
      precedence({ type: 'end-of-call-report', timestamp: 1749546420647 }),
      precedence({ type: 'end-of-call-report', timestamp: 1749546420648 }),
    ];
    expect(ranked).toEqual([...ranked].sort((a, b) => a - b));
    expect(new Set(ranked).size).toBe(ranked.length);
    expect(ranked.every(Number.isSafeInteger)).toBe(true);
  });

  it('reads implausible durations and costs as unknown', () => {
    const base = { type: 'end-of-call-report', call: { id: 'c4' } };
    const read = (extra: Record<string, unknown>) => readCallReport({ ...base, ...extra })!;
    for (const durationSeconds of [-1, 86_400.5, 1e308]) {
      expect(read({ durationSeconds }).durationSeconds, String(durationSeconds)).toBeNull();
    }
    expect(read({ durationSeconds: 1e308, durationMs: 25_276 }).durationSeconds).toBe(25.276);
    expect(read({ durationMs: 1e308 }).durationSeconds).toBeNull();
    expect(
      read({ startedAt: '2026-03-01T00:00:00Z', endedAt: '2026-03-03T00:00:00Z' }).durationSeconds,
    ).toBeNull();
    expect(
      read({ endedAt: '2026-03-01T00:00:00Z', startedAt: '2026-03-03T00:00:00Z' }).durationSeconds,
    ).toBeNull();
    expect(read({ cost: -0.01 }).cost).toBeNull();
    expect(read({ cost: 1e308, call: { id: 'c4', cost: 0.5 } }).cost).toBe(0.5);
    expect(
      read({ costBreakdown: { llm: -1, tts: 1e308, stt: 0.1, llmPromptTokens: 1e300 } }).costBreakdown,
    ).toEqual({ stt: 0.1 });
  });

  it('reads the costs of a report in the SDK shape: costs[] and no costBreakdown', () => {
    // Typed as the SDK's message, so it has exactly the keys Vapi's own types allow.
    const report: Vapi.ServerMessageEndOfCallReport = {
      type: 'end-of-call-report',
      endedReason: 'customer-ended-call',
      startedAt: '2026-03-10T15:02:11.000Z',
      endedAt: '2026-03-10T15:02:25.500Z',
      cost: 0.0421,
      costs: [
        { type: 'transport', provider: 'twilio', minutes: 0.2417, cost: 0.0008 },
        { type: 'transcriber', transcriber: { provider: 'deepgram' }, minutes: 0.2417, cost: 0.0031 },
        {
          type: 'model',
          model: { provider: 'openai' },
          promptTokens: 1893,
          completionTokens: 64,
          cost: 0.0012,
        },
        { type: 'voice', voice: { provider: 'vapi' }, characters: 210, cost: 0.0105 },
        { type: 'vapi', subType: 'normal', minutes: 0.2417, cost: 0.0121 },
        {
          type: 'analysis',
          analysisType: 'summary',
          model: { provider: 'google' },
          promptTokens: 310,
          completionTokens: 41,
          cost: 0.0001,
        },
      ],
      artifact: { transcript: 'AI: Bright Smile Dental, how can I help?' },
      analysis: { summary: 'The caller asked about a cleaning.' },
      call: {
        id: 'C0FFEE00-1111-4222-8333-444455556666',
        orgId: 'org-1',
        createdAt: '2026-03-10T15:02:10.000Z',
        updatedAt: '2026-03-10T15:02:26.000Z',
      },
    };
    const read = readCallReport(report)!;
    expect(read.cost).toBe(0.0421);
    expect(read.costBreakdown).toEqual({
      transport: 0.0008,
      stt: 0.0031,
      llm: 0.0012,
      tts: 0.0105,
      vapi: 0.0121,
      total: 0.0421,
      llmPromptTokens: 1893,
      llmCompletionTokens: 64,
      ttsCharacters: 210,
      analysisCostBreakdown: { summary: 0.0001 },
    });
    // An older report's own breakdown comes first; costs[] fills only what it leaves out.
    const both = readCallReport({ ...report, costBreakdown: { llm: 0.5, total: 0.6 } })!;
    expect(both.costBreakdown).toMatchObject({ llm: 0.5, total: 0.6, tts: 0.0105 });
    // Without a cost, the components' sum; an implausible cost stays unknown (ADR 039).
    expect(readCallReport({ ...report, cost: undefined })!.cost).toBeCloseTo(0.0278, 10);
    expect(readCallReport({ ...report, cost: 1e308 })!.cost).toBeNull();
  });

  it('reads an empty conversation or transcript as unknown', () => {
    const report = readCallReport({
      type: 'status-update',
      status: 'in-progress',
      call: { id: 'c5' },
      artifact: { messages: [], transcript: '' },
    })!;
    expect(report.messages).toBeNull();
    expect(report.transcript).toBeNull();
  });

  it('reads timestamps as ISO strings, epoch milliseconds or seconds', () => {
    expect(instant('2026-03-02T15:04:06.000Z')?.toISOString()).toBe('2026-03-02T15:04:06.000Z');
    expect(instant(1772463846000)?.toISOString()).toBe('2026-03-02T15:04:06.000Z');
    expect(instant(1772463846)?.toISOString()).toBe('2026-03-02T15:04:06.000Z');
    expect(instant('1772463846000')?.toISOString()).toBe('2026-03-02T15:04:06.000Z');
    expect(instant('yesterday')).toBeNull();
    expect(instant(-5)).toBeNull();
  });

  it('takes durations in seconds or milliseconds, else from start and end', () => {
    const base = { type: 'end-of-call-report', call: { id: 'c1' } };
    expect(readCallReport({ ...base, durationSeconds: 25.276 })!.durationSeconds).toBe(25.276);
    expect(readCallReport({ ...base, durationMs: 25276 })!.durationSeconds).toBe(25.276);
    expect(
      readCallReport({ ...base, startedAt: '2026-03-02T15:04:06Z', endedAt: '2026-03-02T15:04:20.5Z' })!
        .durationSeconds,
    ).toBe(14.5);
  });

  it('keeps only web addresses for recordings, and E.164 for the caller', () => {
    const report = readCallReport({
      type: 'end-of-call-report',
      call: { id: 'c2', customer: { number: '(917) 555-0142' } },
      artifact: { recordingUrl: 'javascript:alert(1)', stereoRecordingUrl: 'https://x.example/s.wav' },
      recordingUrl: 'https://x.example/m.wav',
    })!;
    expect(report.recordingUrl).toBe('https://x.example/m.wav');
    expect(report.stereoRecordingUrl).toBe('https://x.example/s.wav');
    expect(report.customerNumber).toBe('+19175550142');
    expect(report.status).toBe('ended');
  });

  it('places messages without a time by seconds from the start', () => {
    const report = readCallReport({
      type: 'end-of-call-report',
      startedAt: '2026-03-02T15:04:06.000Z',
      call: { id: 'c3' },
      artifact: { messages: [{ role: 'bot', message: 'Hello', secondsFromStart: 2 }, { role: 'user' }] },
    })!;
    expect(report.messages).toEqual([
      { timestamp: Date.parse('2026-03-02T15:04:08.000Z'), type: 'bot', content: 'Hello' },
    ]);
  });
});

describe('call search terms', () => {
  it('reads a phone number in any format, a name, and an id prefix', () => {
    expect(parseSearch('(917) 555-0142')).toEqual({ number: '+19175550142' });
    expect(parseSearch('+1 917 555 0142').number).toBe('+19175550142');
    expect(parseSearch('Zoë')).toEqual({ nameFragment: 'zoe' });
    expect(parseSearch('0199a1b2')).toEqual({
      idRange: { low: '0199a1b2-0000-0000-0000-000000000000', high: '0199a1b2-ffff-ffff-ffff-ffffffffffff' },
    });
    expect(parseSearch('bea')).toMatchObject({ nameFragment: 'bea', idRange: expect.any(Object) });
    expect(foldForSearch('ÅNGSTRÖM Núñez')).toBe('angstrom nunez');
  });

  it('reads two words or more as how a name begins, folded and with single spaces (ADR 060)', () => {
    expect(parseSearch('Zoë  Ångström')).toEqual({ namePrefix: 'zoe angstrom' });
    expect(parseSearch('josé müller-weber')).toEqual({ namePrefix: 'jose muller-weber' });
    expect(parseSearch('Ångström')).toEqual({ nameFragment: 'angstrom' });
  });

  it('reads 4 or more digits that are not a whole number as the end of one', () => {
    expect(parseSearch('0142')).toMatchObject({ numberEnding: '0142', idRange: expect.any(Object) });
    expect(parseSearch('555-0142')).toMatchObject({ numberEnding: '5550142' });
    expect(parseSearch('(555) 0142').numberEnding).toBe('5550142');
    expect(parseSearch('142').numberEnding).toBeUndefined();
    expect(parseSearch('(917) 555-0142').numberEnding).toBeUndefined();
  });

  it('describes a list request for the audit log without what was typed', () => {
    expect(describeListRequest({})).toBe('{"search":null,"status":null,"page":"first"}');
    expect(JSON.parse(describeListRequest({ q: 'Zoë Lindqvist', status: 'ended', cursor: 'x' }))).toEqual({
      search: ['name'],
      status: 'ended',
      page: 'next',
    });
    expect(JSON.parse(describeListRequest({ q: '(917) 555-0142' })).search).toEqual(['number']);
    expect(JSON.parse(describeListRequest({ q: '0142' })).search).toEqual(['number ending', 'call id']);
    expect(JSON.parse(describeListRequest({ q: '!!' })).search).toEqual(['unmatched']);
  });

  it('round-trips a cursor and refuses a forged one with the field', () => {
    const key = { createdAt: '2026-03-02T15:04:05.123456Z', id: '0199a1b2-3c4d-7e5f-8a9b-0c1d2e3f4a5b' };
    expect(decodeCursor(encodeCursor(key))).toEqual(key);
    expect(() => decodeCursor('bm9wZQ')).toThrow(
      expect.objectContaining({ status: 400, fields: { cursor: expect.any(String) } }),
    );
    expect(() =>
      decodeCursor(Buffer.from(`${key.createdAt}|x'; drop table calls`).toString('base64url')),
    ).toThrow();
    // Times JavaScript reads but PostgreSQL refuses (each was a 500), and one encodeCursor never writes.
    for (const at of [
      '0000-01-01T00:00:00.000000Z',
      '2024-02-30T00:00:00.000000Z',
      '2023-02-29T12:00:00.000000Z',
      '2024-01-01T24:00:00.000000Z',
    ]) {
      expect(() => decodeCursor(Buffer.from(`${at}|${key.id}`).toString('base64url')), at).toThrow(
        expect.objectContaining({ status: 400 }),
      );
    }
    const leapDay = { createdAt: '2024-02-29T23:59:59.999999Z', id: key.id };
    expect(decodeCursor(encodeCursor(leapDay))).toEqual(leapDay);
  });
});
