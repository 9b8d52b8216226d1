import type { Vapi } from '@vapi-ai/server-sdk';
import { ASSISTANT_DEFAULTS, FIRST_MESSAGE_MODES, type FirstMessageMode } from '#shared/schemas/assistants';
import type { AssistantSpec, OutboundCallRequest, RemoteAssistant, RemotePhoneNumber } from '../port';
import { STRUCTURED_DATA_PLAN } from '../structured-data-plan';
import { isReceptionistTool, receptionistTools, toolKey, type VapiTool, type WebhookTarget } from '../tools';
import type {
  VapiAssistantCreate,
  VapiAssistantUpdate,
  VapiCallCreate,
  VapiPhoneNumberUpdate,
} from './vapi-types';

/** Where our option names differ from Vapi's. */
const TO_VAPI = {
  model: { deepseek: 'deep-seek' } as Record<string, string>,
  transcriber: { assemblyai: 'assembly-ai' } as Record<string, string>,
};
const invert = (map: Record<string, string>) =>
  Object.fromEntries(Object.entries(map).map(([ours, theirs]) => [theirs, ours]));
const FROM_VAPI = { model: invert(TO_VAPI.model), transcriber: invert(TO_VAPI.transcriber) };

type Json = Record<string, unknown>;
const obj = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
const str = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);
const num = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;
const strings = (value: unknown, fallback: readonly string[]): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [...fallback];

const D = ASSISTANT_DEFAULTS;

/** A Vapi assistant as we store it; fields Vapi left unset take the section 9 defaults. */
export function fromVapiAssistant(raw: unknown): RemoteAssistant {
  const a = obj(raw);
  const voice = obj(a.voice);
  const model = obj(a.model);
  const transcriber = obj(a.transcriber);
  const start = obj(a.startSpeakingPlan);
  const endpointing = obj(start.transcriptionEndpointingPlan);
  const stop = obj(a.stopSpeakingPlan);
  const mode = str(a.firstMessageMode, D.firstMessageMode);
  const modelProvider = str(model.provider, D.model.provider);
  const transcriberProvider = str(transcriber.provider, D.transcriber.provider);
  const now = new Date().toISOString();
  return {
    id: str(a.id, ''),
    name: str(a.name, 'Untitled assistant').slice(0, 40),
    firstMessage: str(a.firstMessage, ''),
    firstMessageMode: (FIRST_MESSAGE_MODES as readonly string[]).includes(mode)
      ? (mode as FirstMessageMode)
      : D.firstMessageMode,
    voicemailMessage: str(a.voicemailMessage, '').slice(0, 1000),
    endCallMessage: str(a.endCallMessage, '').slice(0, 1000),
    maxDurationSeconds: Math.round(num(a.maxDurationSeconds, D.maxDurationSeconds)),
    // Vapi's default for phone calls is office; an audio URL is kept as it is.
    backgroundSound: str(a.backgroundSound, 'office'),
    voice: { provider: str(voice.provider, D.voice.provider), voiceId: str(voice.voiceId, D.voice.voiceId) },
    model: {
      provider: FROM_VAPI.model[modelProvider] ?? modelProvider,
      model: str(model.model, D.model.model),
      temperature: num(model.temperature, D.model.temperature),
      messages: (Array.isArray(model.messages) ? model.messages : []).map((m) => ({
        role: str(obj(m).role, 'system'),
        content: str(obj(m).content, ''),
      })),
    },
    transcriber: {
      provider: FROM_VAPI.transcriber[transcriberProvider] ?? transcriberProvider,
      model: str(transcriber.model, D.transcriber.model),
      language: str(transcriber.language, D.transcriber.language),
    },
    startSpeakingPlan: {
      waitSeconds: num(start.waitSeconds, D.startSpeakingPlan.waitSeconds),
      transcriptionEndpointingPlan: {
        onPunctuationSeconds: num(
          endpointing.onPunctuationSeconds,
          D.startSpeakingPlan.transcriptionEndpointingPlan.onPunctuationSeconds,
        ),
        onNoPunctuationSeconds: num(
          endpointing.onNoPunctuationSeconds,
          D.startSpeakingPlan.transcriptionEndpointingPlan.onNoPunctuationSeconds,
        ),
        onNumberSeconds: num(
          endpointing.onNumberSeconds,
          D.startSpeakingPlan.transcriptionEndpointingPlan.onNumberSeconds,
        ),
      },
    },
    stopSpeakingPlan: {
      numWords: num(stop.numWords, D.stopSpeakingPlan.numWords),
      voiceSeconds: num(stop.voiceSeconds, D.stopSpeakingPlan.voiceSeconds),
      backoffSeconds: num(stop.backoffSeconds, D.stopSpeakingPlan.backoffSeconds),
    },
    clientMessages: strings(a.clientMessages, D.clientMessages),
    serverMessages: strings(a.serverMessages, D.serverMessages),
    createdAt: str(a.createdAt, now),
    updatedAt: str(a.updatedAt, now),
  };
}

/** What our knowledge-base query tool is called on Vapi; with its file ids, it tells ours from others. */
const KNOWLEDGE_BASE_NAME = 'practice-knowledge';

type VapiVoice = NonNullable<VapiAssistantCreate['voice']>;
type VapiTranscriber = NonNullable<VapiAssistantCreate['transcriber']>;
type VapiModel = NonNullable<VapiAssistantCreate['model']>;

/** The classic knowledge base: a query tool over the uploaded file (Vapi's query tool has no `function`). */
const knowledgeBaseTool = (fileId: string): VapiTool => ({
  type: 'query',
  knowledgeBases: [
    {
      provider: 'google',
      name: KNOWLEDGE_BASE_NAME,
      description: 'Facts about the practice: services, hours, insurance, policies.',
      fileIds: [fileId],
    },
  ],
});

const knowledgeBasesOf = (tool: unknown): { name?: unknown; fileIds?: unknown }[] =>
  toolKey(tool) === 'query'
    ? ((Array.isArray(obj(tool).knowledgeBases) ? obj(tool).knowledgeBases : []) as [])
    : [];

/** Our query tool: one of its knowledge bases is ours by name or holds our file (or an earlier version's). */
function isOurKnowledgeBaseTool(tool: unknown, fileId?: string | null): boolean {
  if (toolKey(tool) !== 'query') return false;
  if (isReceptionistTool(tool)) return true;
  return knowledgeBasesOf(tool).some(
    (kb) =>
      obj(kb).name === KNOWLEDGE_BASE_NAME ||
      (!!fileId && Array.isArray(obj(kb).fileIds) && (obj(kb).fileIds as unknown[]).includes(fileId)),
  );
}

/** The file our knowledge-base query tool reads, if the model has one. */
export function knowledgeBaseFileOf(model: unknown): string | null {
  const tools = obj(model).tools;
  for (const tool of Array.isArray(tools) ? tools : []) {
    if (!isOurKnowledgeBaseTool(tool)) continue;
    const id = (knowledgeBasesOf(tool)[0]?.fileIds as unknown[] | undefined)?.[0];
    if (typeof id === 'string') return id;
  }
  return null;
}

/**
 * An assistant's tools: the ones we do not own as they are, then ours exactly once (copies an earlier save
 * left are dropped). `knowledgeBaseFileId` undefined keeps the file the assistant reads now; null removes it.
 */
function toVapiTools(current: Json, target: WebhookTarget, knowledgeBaseFileId?: string | null): VapiTool[] {
  const fileId = knowledgeBaseFileId === undefined ? knowledgeBaseFileOf(current) : knowledgeBaseFileId;
  const tools: unknown[] = Array.isArray(current.tools) ? current.tools : [];
  const others = tools.filter(
    (tool) => !isReceptionistTool(tool) && !isOurKnowledgeBaseTool(tool, knowledgeBaseFileOf(current)),
  ) as VapiTool[];
  return [
    ...others,
    ...legacyKnowledgeBaseTool(current.knowledgeBase),
    ...receptionistTools(target),
    ...(fileId ? [knowledgeBaseTool(fileId)] : []),
  ];
}

/**
 * `model.knowledgeBase` as Vapi once stored it (`{provider: 'google', fileIds}`) is no longer a valid request
 * field (only a custom knowledge base is): its files are kept as a query tool instead of being lost.
 */
function legacyKnowledgeBaseTool(knowledgeBase: unknown): VapiTool[] {
  const kb = obj(knowledgeBase);
  if (kb.provider === 'custom-knowledge-base' || !Array.isArray(kb.fileIds) || !kb.fileIds.length) return [];
  return [
    {
      type: 'query',
      knowledgeBases: [
        {
          provider: 'google',
          name: str(kb.name, 'knowledge-base'),
          description: str(kb.description, 'The knowledge base this assistant answered from before.'),
          fileIds: kb.fileIds.filter((id): id is string => typeof id === 'string'),
        },
      ],
    },
  ];
}

/** Keys every model provider's object has: kept when the provider changes; the rest belong to the old one. */
const MODEL_KEYS_OF_EVERY_PROVIDER = ['toolIds', 'toolRefs', 'maxTokens', 'emotionRecognitionEnabled'];

const pick = (source: Json, keys: readonly string[]): Json =>
  Object.fromEntries(Object.entries(source).filter(([key]) => keys.includes(key)));

/**
 * The `model` Vapi gets. Ours over what Vapi holds for the same provider (saved toolIds, maxTokens, …); a
 * new provider gets a new object. Without a model in the changes (an import, a save of other fields) only
 * the tools change: values Vapi left unset stay unset.
 */
export function toVapiModel(
  model: AssistantSpec['model'] | undefined,
  target: WebhookTarget,
  existing: unknown = {},
  knowledgeBaseFileId?: string | null,
): VapiModel {
  const current = obj(existing);
  const { knowledgeBase, ...held } = current;
  const ownKnowledgeBase = obj(knowledgeBase).provider === 'custom-knowledge-base' ? { knowledgeBase } : {};
  const tools = toVapiTools(current, target, knowledgeBaseFileId);
  if (!model) {
    // Tools need a model; one Vapi left without any gets Vapi's own default.
    const base =
      typeof held.provider === 'string' && typeof held.model === 'string'
        ? held
        : { provider: 'openai', model: 'gpt-4o' };
    return { ...base, ...ownKnowledgeBase, tools } as VapiModel;
  }
  const provider = TO_VAPI.model[model.provider] ?? model.provider;
  const kept =
    held.provider === provider ? { ...held, ...ownKnowledgeBase } : pick(held, MODEL_KEYS_OF_EVERY_PROVIDER);
  return {
    ...kept,
    provider,
    model: model.model,
    temperature: model.temperature,
    messages: model.messages,
    tools,
  } as VapiModel;
}

/** The voice: merged over what Vapi holds for the same provider; another provider's keys are not sent. */
function toVapiVoice(voice: AssistantSpec['voice'], existing: unknown): VapiVoice {
  const current = obj(existing);
  const kept = current.provider === voice.provider ? current : {};
  return { ...kept, provider: voice.provider, voiceId: voice.voiceId } as VapiVoice;
}

/** Transcribers Vapi's SDK gives no `model` (AssemblyAI has `speechModel` instead). */
const TRANSCRIBERS_WITHOUT_MODEL = new Set(['assembly-ai']);

function toVapiTranscriber(transcriber: AssistantSpec['transcriber'], existing: unknown): VapiTranscriber {
  const current = obj(existing);
  const provider = TO_VAPI.transcriber[transcriber.provider] ?? transcriber.provider;
  const { model: _model, ...kept } = current.provider === provider ? current : {};
  return {
    ...kept,
    provider,
    ...(transcriber.model && !TRANSCRIBERS_WITHOUT_MODEL.has(provider) && { model: transcriber.model }),
    ...(transcriber.language && { language: transcriber.language }),
  } as VapiTranscriber;
}

/** Ours over the assistant's own analysis plan: the call's LLM extracts the appointment request. */
function toVapiAnalysisPlan(existing: unknown): Vapi.AnalysisPlan {
  const current = obj(existing);
  return {
    ...current,
    structuredDataPlan: { ...obj(current.structuredDataPlan), ...STRUCTURED_DATA_PLAN },
  };
}

const spoken = (value: string | undefined, clearing: boolean) => (value || clearing ? value : undefined);

/**
 * The body of POST /assistant, or of PATCH /assistant/{id} when `existing` is the current assistant (a PATCH
 * replaces each nested object it names, so those are merged over what Vapi holds). A PATCH sends an emptied
 * message as "" so that clearing it reaches Vapi.
 */
export function toVapiAssistant(
  spec: Partial<AssistantSpec>,
  target: WebhookTarget,
  { existing, knowledgeBaseFileId }: { existing?: unknown; knowledgeBaseFileId?: string | null } = {},
): VapiAssistantCreate {
  const current = obj(existing);
  const updating = existing !== undefined;
  const body: VapiAssistantCreate = {
    name: spec.name,
    firstMessage: spoken(spec.firstMessage, updating),
    firstMessageMode: spec.firstMessageMode,
    voicemailMessage: spoken(spec.voicemailMessage, updating),
    endCallMessage: spoken(spec.endCallMessage, updating),
    maxDurationSeconds: spec.maxDurationSeconds,
    backgroundSound: spec.backgroundSound,
    voice: spec.voice && toVapiVoice(spec.voice, current.voice),
    transcriber: spec.transcriber && toVapiTranscriber(spec.transcriber, current.transcriber),
    startSpeakingPlan: spec.startSpeakingPlan && {
      ...obj(current.startSpeakingPlan),
      ...spec.startSpeakingPlan,
    },
    stopSpeakingPlan: spec.stopSpeakingPlan && { ...obj(current.stopSpeakingPlan), ...spec.stopSpeakingPlan },
    clientMessages: spec.clientMessages as VapiAssistantCreate['clientMessages'],
    serverMessages: spec.serverMessages as VapiAssistantCreate['serverMessages'],
    // Tools go with the model: an import or a save without a model change still gets them.
    model: toVapiModel(spec.model, target, current.model, knowledgeBaseFileId),
    analysisPlan: toVapiAnalysisPlan(current.analysisPlan),
    server: { ...obj(current.server), ...webhookServer(target) },
  };
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as VapiAssistantCreate;
}

/** The body of PATCH /assistant/{id}: the same fields as a create, all optional. */
export function toVapiAssistantUpdate(
  spec: Partial<AssistantSpec>,
  target: WebhookTarget,
  options: { existing: unknown; knowledgeBaseFileId?: string | null },
): VapiAssistantUpdate {
  return toVapiAssistant(spec, target, options);
}

/** Where an assistant or number sends its server messages (assistant-request, end-of-call reports). */
export function webhookServer(target: WebhookTarget): Vapi.Server {
  return { url: target.url, ...(target.secret && { headers: { 'X-Vapi-Secret': target.secret } }) };
}

/**
 * The body of PATCH /phone-number/{id}. The number's server URL is ours, so a call to it with no assistant
 * asks us (assistant-request). A null assistant detaches it.
 */
export function toVapiPhoneNumberUpdate(
  existing: unknown,
  changes: { name?: string | null; assistantId?: string | null },
  target: WebhookTarget,
): VapiPhoneNumberUpdate {
  return {
    provider: str(obj(existing).provider, 'vapi'),
    ...(changes.name !== undefined && { name: changes.name ?? '' }),
    ...(changes.assistantId !== undefined && { assistantId: changes.assistantId }),
    server: webhookServer(target),
  } as VapiPhoneNumberUpdate;
}

/** The body of POST /call; the call's name (≤ 40 characters) carries our placement key. */
export function toVapiCall(request: OutboundCallRequest, name?: string): VapiCallCreate {
  return {
    assistantId: request.assistantId,
    phoneNumberId: request.phoneNumberId,
    customer: request.customer,
    ...(request.variables && { assistantOverrides: { variableValues: request.variables } }),
    ...(name && { name }),
  };
}

export function fromVapiPhoneNumber(raw: unknown): RemotePhoneNumber {
  const n = obj(raw);
  return {
    id: str(n.id, ''),
    name: typeof n.name === 'string' && n.name ? n.name : null,
    number: typeof n.number === 'string' && n.number ? n.number : null,
    assistantId: typeof n.assistantId === 'string' ? n.assistantId : null,
    createdAt: str(n.createdAt, new Date().toISOString()),
  };
}
