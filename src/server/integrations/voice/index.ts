import { createSandboxVoice, type SandboxVoiceOptions } from './sandbox/sandbox-voice';
import { createVapiClient, VAPI_BASE_URL } from './vapi/client';
import { createVapiVoice } from './vapi/vapi-voice';
import type { VoicePort } from './port';

export type { OutboundCallRequest, RemoteCall, VoicePort } from './port';
export { deleteUnlessGone, isVoiceError, VoiceError } from './errors';

export interface VoiceConfig {
  /** VAPI_API_KEY; without it the built-in sandbox runs. */
  apiKey?: string;
  /** VAPI_BASE_URL */
  baseUrl?: string;
  /** PUBLIC_BASE_URL; the platform reaches us at PUBLIC_BASE_URL/webhook. */
  publicBaseUrl: string;
  /** VAPI_WEBHOOK_SECRET, sent back to us as X-Vapi-Secret. */
  webhookSecret?: string;
  timeoutMs?: number;
  retries?: number;
  backoffMs?: number;
  /** Items per list request (Vapi allows up to 1000). */
  pageSize?: number;
  fetch?: typeof fetch;
  sandbox?: SandboxVoiceOptions;
}

/** The voice platform the app talks to: Vapi when a key is set, otherwise the built-in sandbox. */
export function createVoiceIntegration(config: VoiceConfig): VoicePort {
  if (!config.apiKey) return createSandboxVoice(config.sandbox);
  const client = createVapiClient({
    apiKey: config.apiKey,
    baseUrl: config.baseUrl ?? VAPI_BASE_URL,
    timeoutMs: config.timeoutMs,
    retries: config.retries,
    backoffMs: config.backoffMs,
    fetch: config.fetch,
  });
  return createVapiVoice(
    client,
    { url: `${config.publicBaseUrl.replace(/\/+$/, '')}/webhook`, secret: config.webhookSecret },
    { pageSize: config.pageSize },
  );
}

/**
 * An assistant in the platform's shape with our tools and webhook, for an assistant-request answered with
 * the whole assistant (one that lives only in our database).
 */
export { toVapiAssistant as transientAssistant } from './vapi/mapper';
export type { WebhookTarget } from './tools';
