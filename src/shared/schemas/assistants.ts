import { z } from 'zod';
import {
  VAPI_CLIENT_MESSAGES,
  VAPI_MODELS,
  VAPI_SERVER_MESSAGES,
  VAPI_TRANSCRIBER_LANGUAGES,
  VAPI_TRANSCRIBER_MODELS,
  VAPI_VOICES,
} from '../vapi-options';

export const FIRST_MESSAGE_MODES = [
  'assistant-speaks-first',
  'assistant-waits-for-user',
  'assistant-speaks-first-with-model-generated-message',
] as const;
export type FirstMessageMode = (typeof FIRST_MESSAGE_MODES)[number];

/** Section 9 provider lists (our names; the Vapi mapper turns deepseek and assemblyai into Vapi's). */
export const VOICE_PROVIDERS = ['vapi', '11labs', 'openai', 'playht', 'deepgram'] as const;
export const MODEL_PROVIDERS = ['openai', 'anthropic', 'deepseek', 'groq'] as const;
export const TRANSCRIBER_PROVIDERS = ['deepgram', 'assemblyai', 'gladia'] as const;
export type VoiceProvider = (typeof VOICE_PROVIDERS)[number];
export type ModelProvider = (typeof MODEL_PROVIDERS)[number];
export type TranscriberProvider = (typeof TRANSCRIBER_PROVIDERS)[number];

/** How a provider is named in the dialog and in messages. */
export const PROVIDER_LABELS: Record<VoiceProvider | ModelProvider | TranscriberProvider, string> = {
  vapi: 'Vapi',
  '11labs': 'ElevenLabs',
  openai: 'OpenAI',
  playht: 'PlayHT',
  deepgram: 'Deepgram',
  anthropic: 'Anthropic',
  deepseek: 'DeepSeek',
  groq: 'Groq',
  assemblyai: 'AssemblyAI',
  gladia: 'Gladia',
};

/**
 * What each provider offers, from the SDK's enums (src/shared/vapi-options.ts, ADR 044): the dialog offers
 * these lists and the server accepts only these pairs.
 */
type OptionLists<P extends string> = Readonly<Record<P, readonly string[]>>;
export const VOICES: OptionLists<VoiceProvider> = VAPI_VOICES;
export const MODELS: OptionLists<ModelProvider> = VAPI_MODELS;
/** Empty where the provider takes no model (AssemblyAI): the stored model is then ''. */
export const TRANSCRIBER_MODELS: OptionLists<TranscriberProvider> = VAPI_TRANSCRIBER_MODELS;
export const LANGUAGES: OptionLists<TranscriberProvider> = VAPI_TRANSCRIBER_LANGUAGES;
export const CLIENT_MESSAGES: readonly string[] = VAPI_CLIENT_MESSAGES;
export const SERVER_MESSAGES: readonly string[] = VAPI_SERVER_MESSAGES;

/**
 * Section 9's flat lists (voices Elliot, Sarah, …; models gpt-4o, gpt-4, …): no longer the offer, but the
 * first choice when a provider change resets a dependent value and the new provider offers one of them.
 */
export const PREFERRED_OPTIONS = {
  voices: ['Elliot', 'Sarah', 'Mike', 'Emma', 'Kylie', 'nova', 'alloy'],
  models: ['gpt-4o', 'gpt-4', 'gpt-3.5-turbo', 'claude-3-haiku-20240307'],
  transcriberModels: ['nova-2', 'nova-3', 'whisper'],
  languages: ['en', 'es', 'fr', 'de', 'it'],
} as const;

/**
 * The value to keep when the provider becomes one offering `list`: the current one if offered, else the first
 * preferred one offered, else the list's first ('' for an empty list).
 */
export function optionFor(list: readonly string[], current: string, preferred: readonly string[]): string {
  if (list.includes(current)) return current;
  return preferred.find((value) => list.includes(value)) ?? list[0] ?? '';
}

/**
 * Why `value` is not a `what` the provider offers ("Model gpt-4o is not offered by Groq"), or undefined when
 * it is, or when the provider is not one of ours (that check is the provider's own).
 */
export function notOffered(
  lists: Readonly<Record<string, readonly string[]>>,
  provider: string,
  value: string,
  what: string,
): string | undefined {
  const list = lists[provider];
  if (!list) return undefined;
  const label = PROVIDER_LABELS[provider as keyof typeof PROVIDER_LABELS];
  if (list.length === 0) return value === '' ? undefined : `${label} takes no ${what.toLowerCase()}`;
  return list.includes(value) ? undefined : `${what} ${value || '(none)'} is not offered by ${label}`;
}

/** What the dialog offers; a stored `nature` or `cafe` shows as `off` in edit. */
export const BACKGROUND_SOUNDS = ['off', 'office'] as const;

export const ASSISTANT_LIMITS = {
  nameMax: 40,
  messageMax: 1000,
  firstMessageMax: 1000,
  systemPromptMax: 20_000,
  maxDurationMin: 10,
  maxDurationMax: 43_200,
  maxDurationDefault: 600,
  temperatureMin: 0,
  temperatureMax: 2,
  waitSecondsMin: 0,
  waitSecondsMax: 2,
} as const;

/** Knowledge-base upload: checked by name and by content on the server. */
export const KNOWLEDGE_BASE_EXTENSIONS = ['.pdf', '.txt', '.doc', '.docx', '.md'] as const;
export const KNOWLEDGE_BASE_MAX_BYTES = 10 * 1024 * 1024;
export const KNOWLEDGE_BASE_LIMIT_TEXT = 'PDF, TXT, DOC, DOCX or MD, up to 10 MB';

export const DEFAULT_CLIENT_MESSAGES = [
  'conversation-update',
  'function-call',
  'hang',
  'model-output',
  'speech-update',
  'status-update',
  'transfer-update',
  'transcript',
  'tool-calls',
  'user-interrupted',
  'voice-input',
] as const;

export const DEFAULT_SERVER_MESSAGES = [
  'conversation-update',
  'end-of-call-report',
  'function-call',
  'hang',
  'speech-update',
  'status-update',
  'tool-calls',
  'transfer-destination-request',
  'handoff-destination-request',
  'user-interrupted',
] as const;

/** The receptionist's tools; the webhook also accepts the snake_case names. */
export const RECEPTIONIST_TOOLS = [
  'findPatient',
  'checkAvailability',
  'bookAppointment',
  'confirmAppointment',
  'cancelAppointment',
  'findAppointments',
  'rescheduleAppointment',
] as const;

/** How the receptionist moves and cancels visits (issue 24): in the default prompt and the seeded ones. */
export const CHANGES_BY_PHONE_PROMPT =
  'When a caller wants to move or cancel a visit, ask for the patient’s full name, call findAppointments ' +
  'with patient_name (it only finds the visits of patients on the number calling), and read the visits back. ' +
  'To move one, find a new time with checkAvailability and call rescheduleAppointment with the appointment ' +
  'id, patient_name, the new date and time; to cancel one, call cancelAppointment with the appointment id ' +
  'and patient_name. If a function says staff will call back, tell the caller so and say nothing more about ' +
  'the appointment. Never tell a caller anything about another patient.';

export const DEFAULT_SYSTEM_PROMPT =
  'You are the friendly receptionist of a dental practice. Keep answers short and never give medical advice. ' +
  'When a caller wants to book, call findPatient first (it looks up the number calling). ' +
  'When they ask for a time, call checkAvailability with the appointment type, the preferred date ' +
  '(YYYY-MM-DD) and the time of day (morning, afternoon or evening). When they choose a time, call ' +
  'bookAppointment with the type, date, time and the patient id from findPatient, or their name and phone ' +
  'number when findPatient found nobody, then read back the confirmation number. ' +
  CHANGES_BY_PHONE_PROMPT;

/** Section 9 defaults of the Create Assistant dialog (the name and messages are the user's). */
export const ASSISTANT_DEFAULTS = {
  firstMessage: '',
  firstMessageMode: 'assistant-speaks-first',
  voicemailMessage: '',
  endCallMessage: '',
  maxDurationSeconds: 600,
  backgroundSound: 'off',
  voice: { provider: 'vapi', voiceId: 'Elliot' },
  model: {
    provider: 'openai',
    model: 'gpt-4o',
    temperature: 0.5,
    messages: [{ role: 'system', content: DEFAULT_SYSTEM_PROMPT }],
  },
  transcriber: { provider: 'deepgram', model: 'nova-2', language: 'en' },
  startSpeakingPlan: {
    waitSeconds: 0.4,
    transcriptionEndpointingPlan: {
      onPunctuationSeconds: 0.1,
      onNoPunctuationSeconds: 1.5,
      onNumberSeconds: 0.5,
    },
  },
  stopSpeakingPlan: { numWords: 0, voiceSeconds: 0.4, backoffSeconds: 1 },
  clientMessages: [...DEFAULT_CLIENT_MESSAGES],
  serverMessages: [...DEFAULT_SERVER_MESSAGES],
} as const satisfies Omit<AssistantInput, 'name'>;

/** Section 8 toasts, word for word, and the validation messages. */
export const ASSISTANT_MESSAGES = {
  created: 'Assistant created successfully',
  createdDetail: 'New assistant has been added to your account.',
  updated: 'Assistant updated successfully',
  updatedDetail: "Changes saved to the voice provider's API. External dashboard may take time to refresh.",
  updateFailed: 'Failed to update assistant',
  deleted: 'Assistant deleted successfully',
  createFailed: 'Failed to create assistant',
  deleteFailed: 'Failed to delete assistant',
  empty: 'No assistants yet',
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 40 characters',
  messageTooLong: 'Must be at most 1000 characters',
  maxDuration: 'Max duration must be a number from 10 to 43200',
  temperature: 'Temperature must be from 0 to 2',
  waitSeconds: 'Wait must be from 0 to 2 seconds',
  unknownVoiceProvider: 'Unknown voice provider',
  unknownModelProvider: 'Unknown model provider',
  unknownTranscriberProvider: 'Unknown transcriber provider',
  unknownFirstMessageMode: 'Unknown first message mode',
  unknownBackgroundSound: 'Background sound must be off or office',
  invalidJson: 'Must be valid JSON',
  fileType: 'The knowledge base file must be a .pdf, .txt, .doc, .docx or .md file',
  fileContent: 'The file content does not match its type',
  fileTooLarge: 'The knowledge base file must be at most 10 MB',
  notFound: 'Assistant not found',
  adminOnly: 'Only admins can create assistants.',
  fileAdminOnly: 'Only admins can replace or remove the knowledge base file.',
  fileRequired: 'Choose a knowledge base file',
  noFile: 'This assistant has no knowledge base file',
  fileReplaced: 'Knowledge base file replaced',
  fileRemoved: 'Knowledge base file removed',
  fileReplaceFailed: 'Failed to replace the knowledge base file',
  fileRemoveFailed: 'Failed to remove the knowledge base file',
} as const;

/** A client or server message Vapi does not know (the lists are the SDK's). */
export const unknownMessageType = (kind: 'client' | 'server', value: string) =>
  `Unknown ${kind} message: ${value}`;

const M = ASSISTANT_MESSAGES;
const L = ASSISTANT_LIMITS;

const shortText = (max: number, message: string) => z.string().max(max, message);

export const VoiceSchema = z.object({ provider: z.string(), voiceId: z.string() });
export const ModelMessageSchema = z.object({ role: z.string(), content: z.string() });
export const ModelSchema = z.object({
  provider: z.string(),
  model: z.string(),
  temperature: z.number(),
  messages: z.array(ModelMessageSchema),
});
export const TranscriberSchema = z.object({ provider: z.string(), model: z.string(), language: z.string() });
export const StartSpeakingPlanSchema = z.object({
  waitSeconds: z.number(),
  transcriptionEndpointingPlan: z.object({
    onPunctuationSeconds: z.number(),
    onNoPunctuationSeconds: z.number(),
    onNumberSeconds: z.number(),
  }),
});
export const StopSpeakingPlanSchema = z.object({
  numWords: z.number(),
  voiceSeconds: z.number(),
  backoffSeconds: z.number(),
});

/** Input: the option lists are enforced, unknown keys are dropped. */
export const VoiceInputSchema = z.object({
  provider: z.enum(VOICE_PROVIDERS, { error: M.unknownVoiceProvider }),
  voiceId: z.string().trim().min(1).max(100),
});
export const ModelInputSchema = z.object({
  provider: z.enum(MODEL_PROVIDERS, { error: M.unknownModelProvider }),
  model: z.string().trim().min(1).max(100),
  temperature: z
    .number({ error: M.temperature })
    .min(L.temperatureMin, M.temperature)
    .max(L.temperatureMax, M.temperature),
  messages: z
    .array(
      z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string().max(L.systemPromptMax) }),
    )
    .max(50),
});
export const TranscriberInputSchema = z.object({
  provider: z.enum(TRANSCRIBER_PROVIDERS, { error: M.unknownTranscriberProvider }),
  /** '' for a provider that takes no model (AssemblyAI). */
  model: z.string().trim().max(100),
  language: z.string().trim().min(2).max(20),
});
const seconds = (max: number) => z.number().min(0).max(max);
export const StartSpeakingPlanInputSchema = z.object({
  waitSeconds: z
    .number({ error: M.waitSeconds })
    .min(L.waitSecondsMin, M.waitSeconds)
    .max(L.waitSecondsMax, M.waitSeconds),
  transcriptionEndpointingPlan: z.object({
    onPunctuationSeconds: seconds(3),
    onNoPunctuationSeconds: seconds(3),
    onNumberSeconds: seconds(3),
  }),
});
export const StopSpeakingPlanInputSchema = z.object({
  numWords: z.number().int().min(0).max(10),
  voiceSeconds: seconds(0.5),
  backoffSeconds: seconds(10),
});

export const maxDurationField = z
  .number({ error: M.maxDuration })
  .int(M.maxDuration)
  .min(L.maxDurationMin, M.maxDuration)
  .max(L.maxDurationMax, M.maxDuration);

/** The assistant as the dialogs send it: PATCH /api/assistants/{id} (JSON, every field optional). */
export const AssistantInputSchema = z.object({
  name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(L.nameMax, M.nameTooLong),
  firstMessage: shortText(L.firstMessageMax, M.messageTooLong),
  firstMessageMode: z.enum(FIRST_MESSAGE_MODES, { error: M.unknownFirstMessageMode }),
  voicemailMessage: shortText(L.messageMax, M.messageTooLong),
  endCallMessage: shortText(L.messageMax, M.messageTooLong),
  maxDurationSeconds: maxDurationField,
  backgroundSound: z.enum(BACKGROUND_SOUNDS, { error: M.unknownBackgroundSound }),
  voice: VoiceInputSchema,
  model: ModelInputSchema,
  transcriber: TranscriberInputSchema,
  startSpeakingPlan: StartSpeakingPlanInputSchema,
  stopSpeakingPlan: StopSpeakingPlanInputSchema,
  clientMessages: z.array(z.string().max(100)).max(50),
  serverMessages: z.array(z.string().max(100)).max(50),
});
export type AssistantInput = z.infer<typeof AssistantInputSchema>;

const storedValue = z.string().trim().min(1).max(500);
/**
 * The prompt travels apart (part-2 section 7: `systemPrompt` on create), so a model may come without its
 * messages: a create takes the prompt from `systemPrompt`, a PATCH keeps the stored ones.
 */
const optionalMessages = ModelInputSchema.shape.messages.optional();

/**
 * PATCH /api/assistants/{id}. Providers and background sound are any stored value here: an assistant imported
 * from the platform may keep one the dialog does not offer; the server checks the option lists for a change.
 */
export const UpdateAssistantInputSchema = AssistantInputSchema.extend({
  voice: VoiceInputSchema.extend({ provider: storedValue }),
  model: ModelInputSchema.extend({ provider: storedValue, messages: optionalMessages }),
  transcriber: TranscriberInputSchema.extend({ provider: storedValue }),
  backgroundSound: storedValue,
}).partial();
export type UpdateAssistantInput = z.infer<typeof UpdateAssistantInputSchema>;

/**
 * POST /api/assistants, after the multipart text fields are read (JSON fields parsed, numbers converted).
 * `systemPrompt` becomes the model's system message. The file travels as `knowledgeBaseFile`.
 */
export const CreateAssistantInputSchema = AssistantInputSchema.partial()
  .required({ name: true })
  .extend({
    model: ModelInputSchema.extend({ messages: optionalMessages }).optional(),
    systemPrompt: z.string().max(L.systemPromptMax).optional(),
  });
export type CreateAssistantInput = z.infer<typeof CreateAssistantInputSchema>;

/** Multipart text fields whose value is JSON. */
export const ASSISTANT_JSON_FIELDS = [
  'model',
  'voice',
  'transcriber',
  'startSpeakingPlan',
  'stopSpeakingPlan',
  'clientMessages',
  'serverMessages',
] as const;

/** The multipart text fields of POST /api/assistants (the web appends the file as `knowledgeBaseFile`). */
export function assistantFormFields(input: CreateAssistantInput): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    fields[key] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return fields;
}

export const AssistantIdParamsSchema = z.object({ id: z.uuid({ error: M.notFound }) });

export const AssistantSchema = z.object({
  id: z.string(),
  name: z.string(),
  firstMessage: z.string(),
  firstMessageMode: z.enum(FIRST_MESSAGE_MODES),
  voicemailMessage: z.string(),
  endCallMessage: z.string(),
  maxDurationSeconds: z.number(),
  backgroundSound: z.string(),
  voice: VoiceSchema,
  model: ModelSchema,
  transcriber: TranscriberSchema,
  startSpeakingPlan: StartSpeakingPlanSchema,
  stopSpeakingPlan: StopSpeakingPlanSchema,
  clientMessages: z.array(z.string()),
  serverMessages: z.array(z.string()),
  /** Original name of the knowledge-base file, when one was uploaded. */
  knowledgeBaseFileName: z.string().nullable(),
  /** Its size in bytes (null for a file uploaded before sizes were kept). */
  knowledgeBaseFileBytes: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Assistant = z.infer<typeof AssistantSchema>;

export const AssistantListResponseSchema = z.object({ assistants: z.array(AssistantSchema) });
export type AssistantListResponse = z.infer<typeof AssistantListResponseSchema>;

export const AssistantResponseSchema = z.object({ success: z.literal(true), assistant: AssistantSchema });
export type AssistantResponse = z.infer<typeof AssistantResponseSchema>;

/** The system prompt is the model's first system message. */
export const systemPromptOf = (assistant: Pick<Assistant, 'model'>): string =>
  assistant.model.messages.find((m) => m.role === 'system')?.content ?? '';
