import { randomUUID } from 'node:crypto';
import { VoiceError } from '../errors';
import type { OutboundCallRequest, RemoteCall, VoicePort } from '../port';

export interface SandboxVoiceOptions {
  /**
   * What a sandbox outbound call does: the outbound-calls feature passes a function that records a queued
   * call. Without one the call gets an id and nothing is scheduled (nothing would dial it).
   */
  onOutboundCall?: (request: OutboundCallRequest) => Promise<RemoteCall>;
  /** Looks a call up in our database (the sandbox has no other record). */
  findCall?: (id: string) => Promise<RemoteCall | undefined>;
  /** Finishes calls placed by a process that died (see `VoicePort.resumeLostCalls`). */
  resumeLostCalls?: () => Promise<number>;
}

/**
 * The built-in voice platform (no VAPI_API_KEY). Assistants and numbers live only in our database, so every
 * write here succeeds with nothing to mirror, the account holds nothing to import, and the webhook answers an
 * assistant-request with the full assistant. The one thing it runs is an outbound call, through the callback.
 */
export function createSandboxVoice(options: SandboxVoiceOptions = {}): VoicePort {
  const none = async () => {};
  return {
    kind: 'sandbox',
    listAssistants: async () => [],
    getAssistant: async (id) => {
      throw new VoiceError('not_found', `The sandbox holds no assistant ${id} outside our database`);
    },
    createAssistant: async () => null,
    updateAssistant: none,
    deleteAssistant: none,
    uploadKnowledgeBaseFile: async () => null,
    deleteKnowledgeBaseFile: none,
    listPhoneNumbers: async () => [],
    updatePhoneNumber: none,
    deletePhoneNumber: none,
    async createOutboundCall(request) {
      if (options.onOutboundCall) return options.onOutboundCall(request);
      return { id: randomUUID(), status: 'queued' };
    },
    resumeLostCalls: async () => (await options.resumeLostCalls?.()) ?? 0,
    async getCall(id) {
      const call = await options.findCall?.(id);
      if (!call) throw new VoiceError('not_found', 'Call not found');
      return call;
    },
  };
}
