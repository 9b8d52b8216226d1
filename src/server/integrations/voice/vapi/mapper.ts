import { ASSISTANT_DEFAULTS, FIRST_MESSAGE_MODES, type FirstMessageMode } from '#shared/schemas/assistants';
import type { AssistantSpec, RemoteAssistant, RemotePhoneNumber } from '../port';
import { receptionistTools, type WebhookTarget } from '../tools';

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

const OUR_TOOL_NAMES = new Set(['findPatient', 'checkAvailability', 'bookAppointment', 'practice_knowledge']);
const toolName = (tool: unknown) => str(obj(obj(tool).function).name, '');

/** The classic knowledge base: a query tool over the uploaded file. */
const knowledgeBaseTool = (fileId: string) => ({
  type: 'query',
  function: { name: 'practice_knowledge' },
  knowledgeBases: [
    {
      provider: 'google',
      name: 'practice-knowledge',
      description: 'Facts about the practice: services, hours, insurance, policies.',
      fileIds: [fileId],
    },
  ],
});

/**
 * The `model` Vapi gets: ours over whatever Vapi already has (saved toolIds, other settings), with the
 * receptionist's tools replacing earlier copies of themselves.
 */
export function toVapiModel(
  model: AssistantSpec['model'],
  target: WebhookTarget,
  existing: unknown = {},
  knowledgeBaseFileId?: string | null,
) {
  const current = obj(existing);
  const otherTools = (Array.isArray(current.tools) ? current.tools : []).filter(
    (tool) =>
      !OUR_TOOL_NAMES.has(toolName(tool)) ||
      (!knowledgeBaseFileId && toolName(tool) === 'practice_knowledge'),
  );
  return {
    ...current,
    provider: TO_VAPI.model[model.provider] ?? model.provider,
    model: model.model,
    temperature: model.temperature,
    messages: model.messages,
    tools: [
      ...otherTools,
      ...receptionistTools(target),
      ...(knowledgeBaseFileId ? [knowledgeBaseTool(knowledgeBaseFileId)] : []),
    ],
  };
}

const nonEmpty = (value: string | undefined) => (value ? value : undefined);

/** The body of POST /assistant, or of PATCH /assistant/{id} when `existing` is the current assistant. */
export function toVapiAssistant(
  spec: Partial<AssistantSpec>,
  target: WebhookTarget,
  { existing, knowledgeBaseFileId }: { existing?: unknown; knowledgeBaseFileId?: string | null } = {},
): Json {
  const current = obj(existing);
  const body: Json = {
    name: spec.name,
    firstMessage: nonEmpty(spec.firstMessage),
    firstMessageMode: spec.firstMessageMode,
    voicemailMessage: nonEmpty(spec.voicemailMessage),
    endCallMessage: nonEmpty(spec.endCallMessage),
    maxDurationSeconds: spec.maxDurationSeconds,
    backgroundSound: spec.backgroundSound,
    voice: spec.voice && { ...obj(current.voice), ...spec.voice },
    transcriber: spec.transcriber && {
      ...obj(current.transcriber),
      ...spec.transcriber,
      provider: TO_VAPI.transcriber[spec.transcriber.provider] ?? spec.transcriber.provider,
    },
    startSpeakingPlan: spec.startSpeakingPlan && {
      ...obj(current.startSpeakingPlan),
      ...spec.startSpeakingPlan,
    },
    stopSpeakingPlan: spec.stopSpeakingPlan && { ...obj(current.stopSpeakingPlan), ...spec.stopSpeakingPlan },
    clientMessages: spec.clientMessages,
    serverMessages: spec.serverMessages,
  };
  // Tools go with the model; an import or an update without a model change still gets them.
  const model = spec.model ?? (existing ? fromVapiAssistant(existing).model : undefined);
  if (model) body.model = toVapiModel(model, target, current.model, knowledgeBaseFileId);
  body.server = { ...obj(current.server), ...webhookServer(target) };
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
}

/** Where an assistant or number sends its server messages (assistant-request, end-of-call reports). */
export function webhookServer(target: WebhookTarget) {
  return { url: target.url, ...(target.secret && { headers: { 'X-Vapi-Secret': target.secret } }) };
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
