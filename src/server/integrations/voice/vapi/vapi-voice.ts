import type { RemoteCall, VoicePort } from '../port';
import type { WebhookTarget } from '../tools';
import type { VapiClient } from './client';
import {
  fromVapiAssistant,
  fromVapiPhoneNumber,
  toVapiAssistant,
  toVapiAssistantUpdate,
  toVapiCall,
  toVapiPhoneNumberUpdate,
} from './mapper';

/** Vapi's v1 lists are bare arrays without cursors; this is the documented maximum page. */
export const VAPI_LIST_LIMIT = 1000;

const path = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

/** Our clock and Vapi's may differ by this much when asking for the calls made since an instant. */
const CLOCK_SKEW_MS = 5 * 60_000;

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/**
 * Every item of a v1 list. There is no cursor: each next page asks for items created before the oldest one
 * seen (`createdAtLt`), until a page comes back short.
 */
async function listAll(
  client: VapiClient,
  path: string,
  pageSize: number,
  filter: Record<string, string> = {},
): Promise<unknown[]> {
  const items: unknown[] = [];
  const seen = new Set<string>();
  let before: string | undefined;
  for (;;) {
    const page = asArray(
      await client.request('GET', path, { query: { ...filter, limit: pageSize, createdAtLt: before } }),
    );
    const fresh = page.filter((item) => {
      const id = (item as { id?: unknown })?.id;
      if (typeof id !== 'string' || seen.has(id)) return false;
      seen.add(id);
      return true;
    });
    items.push(...fresh);
    const oldest = page
      .map((item) => (item as { createdAt?: unknown })?.createdAt)
      .filter((v): v is string => typeof v === 'string')
      .sort()[0];
    if (page.length < pageSize || !fresh.length || !oldest || oldest === before) return items;
    before = oldest;
  }
}

/** The Vapi adapter: our assistants, files, numbers and calls on the practice's Vapi account. */
export function createVapiVoice(
  client: VapiClient,
  target: WebhookTarget,
  { pageSize = VAPI_LIST_LIMIT }: { pageSize?: number } = {},
): VoicePort {
  return {
    kind: 'vapi',

    async listAssistants() {
      return (await listAll(client, '/assistant', pageSize)).map(fromVapiAssistant);
    },

    async getAssistant(id) {
      return fromVapiAssistant(await client.request('GET', path('/assistant', id)));
    },

    async createAssistant(spec, knowledgeBaseFileId) {
      const created = await client.request<{ id?: unknown }>('POST', '/assistant', {
        body: toVapiAssistant(spec, target, { knowledgeBaseFileId }),
      });
      return fromVapiAssistant(created).id;
    },

    async updateAssistant(id, changes, knowledgeBaseFileId) {
      // Nested objects are replaced by a PATCH, so they are merged over what Vapi holds.
      const existing = await client.request('GET', path('/assistant', id));
      await client.request('PATCH', path('/assistant', id), {
        body: toVapiAssistantUpdate(changes, target, { existing, knowledgeBaseFileId }),
      });
    },

    async deleteAssistant(id) {
      await client.request('DELETE', path('/assistant', id));
    },

    async uploadKnowledgeBaseFile(file) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file.content)], { type: file.mimeType }), file.fileName);
      const uploaded = await client.request<{ id?: unknown }>('POST', '/file', { form });
      if (typeof uploaded?.id !== 'string') throw new Error('Vapi returned a file without an id');
      return uploaded.id;
    },

    async deleteKnowledgeBaseFile(id) {
      await client.request('DELETE', path('/file', id));
    },

    async listPhoneNumbers() {
      return (await listAll(client, '/phone-number', pageSize)).map(fromVapiPhoneNumber);
    },

    async updatePhoneNumber(id, changes) {
      // Vapi's update body is chosen by the number's provider, which only Vapi knows.
      const existing = await client.request('GET', path('/phone-number', id));
      await client.request('PATCH', path('/phone-number', id), {
        body: toVapiPhoneNumberUpdate(existing, changes, target),
      });
    },

    async deletePhoneNumber(id) {
      await client.request('DELETE', path('/phone-number', id));
    },

    async createOutboundCall(request) {
      // The call's name (≤ 40 characters) carries the placement key: the create-call body has no metadata.
      const name = request.placementKey?.slice(0, 40);
      if (name && request.placedSince) {
        // Vapi takes no idempotency key: a repair first looks for the call this attempt may already have made.
        const since = new Date(request.placedSince.getTime() - CLOCK_SKEW_MS).toISOString();
        const placed = (await listAll(client, '/call', pageSize, { createdAtGt: since })).find(
          (call) => (call as { name?: unknown })?.name === name,
        );
        if (placed) return toRemoteCall(placed, '');
      }
      const call = await client.request<{ id?: unknown; status?: unknown }>('POST', '/call', {
        body: toVapiCall(request, name),
      });
      return toRemoteCall(call, '', 'queued');
    },

    async getCall(id) {
      return toRemoteCall(await client.request('GET', path('/call', id)), id);
    },
  };
}

function toRemoteCall(call: unknown, id: string, status = 'unknown'): RemoteCall {
  const c = (call ?? {}) as { id?: unknown; status?: unknown };
  return { id: String(c.id ?? id), status: typeof c.status === 'string' ? c.status : status };
}
