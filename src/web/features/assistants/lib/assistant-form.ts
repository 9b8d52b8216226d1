import { z } from 'zod';
import {
  ASSISTANT_DEFAULTS,
  maxDurationField,
  ASSISTANT_LIMITS,
  ASSISTANT_MESSAGES,
  BACKGROUND_SOUNDS,
  DEFAULT_SYSTEM_PROMPT,
  FIRST_MESSAGE_MODES,
  KNOWLEDGE_BASE_EXTENSIONS,
  KNOWLEDGE_BASE_LIMIT_TEXT,
  KNOWLEDGE_BASE_MAX_BYTES,
  LANGUAGES,
  MODEL_PROVIDERS,
  MODELS,
  optionFor,
  PREFERRED_OPTIONS,
  PROVIDER_LABELS,
  systemPromptOf,
  TRANSCRIBER_MODELS,
  TRANSCRIBER_PROVIDERS,
  VOICE_PROVIDERS,
  VOICES,
  type Assistant,
  type FirstMessageMode,
  type ModelProvider,
  type TranscriberProvider,
  type UpdateAssistantInput,
  type VoiceProvider,
} from '#shared/schemas/assistants';

export {
  BACKGROUND_SOUNDS,
  FIRST_MESSAGE_MODES,
  KNOWLEDGE_BASE_EXTENSIONS,
  KNOWLEDGE_BASE_LIMIT_TEXT,
  MODEL_PROVIDERS,
  PROVIDER_LABELS,
  TRANSCRIBER_PROVIDERS,
  VOICE_PROVIDERS,
};

export const FIRST_MESSAGE_MODE_LABELS: Record<FirstMessageMode, string> = {
  'assistant-speaks-first': 'Assistant speaks first',
  'assistant-waits-for-user': 'Assistant waits for the caller',
  'assistant-speaks-first-with-model-generated-message': 'Assistant speaks first (model-generated message)',
};

export const DURATION = {
  min: ASSISTANT_LIMITS.maxDurationMin,
  max: ASSISTANT_LIMITS.maxDurationMax,
  fallback: ASSISTANT_LIMITS.maxDurationDefault,
} as const;

const M = ASSISTANT_MESSAGES;

/** What the dialog edits; numbers the person types stay text until submit. */
export interface AssistantFormValues {
  name: string;
  firstMessage: string;
  firstMessageMode: FirstMessageMode;
  systemPrompt: string;
  voicemailMessage: string;
  endCallMessage: string;
  maxDurationSeconds: string;
  backgroundSound: (typeof BACKGROUND_SOUNDS)[number];
  voiceProvider: VoiceProvider;
  voiceId: string;
  modelProvider: ModelProvider;
  model: string;
  temperature: number;
  transcriberProvider: TranscriberProvider;
  transcriberModel: string;
  language: string;
  waitSeconds: number;
}

type ModelMessage = NonNullable<NonNullable<UpdateAssistantInput['model']>['messages']>[number];

const D = ASSISTANT_DEFAULTS;

/** Section 9 defaults; the receptionist prompt is shown so the person sees what the model is told. */
export const NEW_ASSISTANT: AssistantFormValues = {
  name: '',
  firstMessage: D.firstMessage,
  firstMessageMode: D.firstMessageMode,
  systemPrompt: DEFAULT_SYSTEM_PROMPT,
  voicemailMessage: D.voicemailMessage,
  endCallMessage: D.endCallMessage,
  maxDurationSeconds: String(D.maxDurationSeconds),
  backgroundSound: D.backgroundSound,
  voiceProvider: D.voice.provider,
  voiceId: D.voice.voiceId,
  modelProvider: D.model.provider,
  model: D.model.model,
  temperature: D.model.temperature,
  transcriberProvider: D.transcriber.provider,
  transcriberModel: D.transcriber.model,
  language: D.transcriber.language,
  waitSeconds: D.startSpeakingPlan.waitSeconds,
};

/** What the provider offers; none for a provider outside our lists (an imported assistant keeps its value). */
const listOf = (lists: Readonly<Record<string, readonly string[]>>, provider: string): readonly string[] =>
  lists[provider] ?? [];

/** The options each select offers for the values chosen so far. */
export function optionsOf(values: AssistantFormValues) {
  return {
    voices: listOf(VOICES, values.voiceProvider),
    models: listOf(MODELS, values.modelProvider),
    transcriberModels: listOf(TRANSCRIBER_MODELS, values.transcriberProvider),
    languages: listOf(LANGUAGES, values.transcriberProvider),
  };
}

/**
 * A provider change: the values that depend on it stay when the new provider offers them, else become one it
 * does offer (a section 9 value where it has one), so the dialog never holds a pair the server refuses.
 */
export function withProvider(
  values: AssistantFormValues,
  field: 'voiceProvider' | 'modelProvider' | 'transcriberProvider',
  provider: string,
): AssistantFormValues {
  const next = { ...values, [field]: provider };
  const options = optionsOf(next);
  if (field === 'voiceProvider') {
    return { ...next, voiceId: optionFor(options.voices, values.voiceId, PREFERRED_OPTIONS.voices) };
  }
  if (field === 'modelProvider') {
    return { ...next, model: optionFor(options.models, values.model, PREFERRED_OPTIONS.models) };
  }
  return {
    ...next,
    transcriberModel: optionFor(
      options.transcriberModels,
      values.transcriberModel,
      PREFERRED_OPTIONS.transcriberModels,
    ),
    language: optionFor(options.languages, values.language, PREFERRED_OPTIONS.languages),
  };
}

/** "12.3 KB": a knowledge-base file's size. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The file's name, with its size when known. */
export const fileLabel = (file: { name: string; bytes: number | null }) =>
  file.bytes === null ? file.name : `${file.name} (${formatFileSize(file.bytes)})`;

export function formValuesOf(assistant: Assistant): AssistantFormValues {
  return {
    name: assistant.name,
    firstMessage: assistant.firstMessage,
    firstMessageMode: assistant.firstMessageMode,
    systemPrompt: systemPromptOf(assistant),
    voicemailMessage: assistant.voicemailMessage,
    endCallMessage: assistant.endCallMessage,
    maxDurationSeconds: String(assistant.maxDurationSeconds),
    backgroundSound: assistant.backgroundSound === 'office' ? 'office' : 'off',
    // An imported assistant may use a provider outside the lists: it is shown, and the server says so on save.
    voiceProvider: assistant.voice.provider as VoiceProvider,
    voiceId: assistant.voice.voiceId,
    modelProvider: assistant.model.provider as ModelProvider,
    model: assistant.model.model,
    temperature: assistant.model.temperature,
    transcriberProvider: assistant.transcriber.provider as TranscriberProvider,
    // A provider without models (AssemblyAI) stores none, whatever an import filled in.
    transcriberModel:
      TRANSCRIBER_MODELS[assistant.transcriber.provider as TranscriberProvider]?.length === 0
        ? ''
        : assistant.transcriber.model,
    language: assistant.transcriber.language,
    waitSeconds: assistant.startSpeakingPlan.waitSeconds,
  };
}

/** Not a number falls back to 600 (spec section 5); a number must lie in 10..43200. */
export function parseMaxDuration(text: string): number {
  const value = Number(text.trim());
  return text.trim() === '' || !Number.isFinite(value) ? DURATION.fallback : value;
}

/** The fields the person types freely; the selects and sliders cannot hold a bad value. */
const FormSchema = z.object({
  name: z.string().trim().min(1, M.nameRequired).max(ASSISTANT_LIMITS.nameMax, M.nameTooLong),
  firstMessage: z.string().max(ASSISTANT_LIMITS.firstMessageMax, M.messageTooLong),
  voicemailMessage: z.string().max(ASSISTANT_LIMITS.messageMax, M.messageTooLong),
  endCallMessage: z.string().max(ASSISTANT_LIMITS.messageMax, M.messageTooLong),
  maxDurationSeconds: z.string().transform(parseMaxDuration).pipe(maxDurationField),
});

/** First message per field, or none; the file is checked by name and size (the server checks its content). */
export function validateAssistantForm(
  values: AssistantFormValues,
  file?: File | null,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const result = FormSchema.safeParse(values);
  if (!result.success)
    for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  const fileProblem = file ? knowledgeBaseFileError(file) : undefined;
  if (fileProblem) errors.knowledgeBaseFile = fileProblem;
  return errors;
}

/** A knowledge-base file checked by name and size (the server checks its content). */
export function knowledgeBaseFileError(file: File): string | undefined {
  const lower = file.name.toLowerCase();
  if (!KNOWLEDGE_BASE_EXTENSIONS.some((extension) => lower.endsWith(extension))) return M.fileType;
  if (file.size > KNOWLEDGE_BASE_MAX_BYTES) return M.fileTooLarge;
  return undefined;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** POST /api/assistants as section 7 lists it: a multipart form, JSON parts as text, background sound off. */
export function toCreateForm(values: AssistantFormValues, file?: File | null): FormData {
  const form = new FormData();
  form.set('name', values.name.trim());
  form.set('firstMessage', values.firstMessage);
  form.set('systemPrompt', values.systemPrompt);
  form.set(
    'model',
    // The prompt travels as systemPrompt; the server makes it the model's system message.
    JSON.stringify({
      provider: values.modelProvider,
      model: values.model,
      temperature: round1(values.temperature),
      messages: [],
    }),
  );
  form.set('voice', JSON.stringify({ provider: values.voiceProvider, voiceId: values.voiceId }));
  form.set(
    'transcriber',
    JSON.stringify({
      provider: values.transcriberProvider,
      model: values.transcriberModel,
      language: values.language,
    }),
  );
  form.set('voicemailMessage', values.voicemailMessage);
  form.set('endCallMessage', values.endCallMessage);
  form.set('firstMessageMode', values.firstMessageMode);
  form.set('maxDurationSeconds', String(parseMaxDuration(values.maxDurationSeconds)));
  form.set('backgroundSound', 'off');
  form.set(
    'startSpeakingPlan',
    JSON.stringify({ ...D.startSpeakingPlan, waitSeconds: round1(values.waitSeconds) }),
  );
  form.set('stopSpeakingPlan', JSON.stringify(D.stopSpeakingPlan));
  form.set('clientMessages', JSON.stringify(D.clientMessages));
  form.set('serverMessages', JSON.stringify(D.serverMessages));
  if (file) form.set('knowledgeBaseFile', file);
  return form;
}

export type AssistantUpdate = UpdateAssistantInput;

/** PATCH /api/assistants/{id}: the whole assistant without id, createdAt and updatedAt, edits applied. */
export function toUpdateBody(assistant: Assistant, values: AssistantFormValues): AssistantUpdate {
  // Without id, createdAt and updatedAt (spec section 7); the knowledge-base file name is the server's.
  const {
    id: _id,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    knowledgeBaseFileName: _file,
    knowledgeBaseFileBytes: _bytes,
    ...rest
  } = assistant;
  const others = assistant.model.messages.filter(
    (message): message is ModelMessage => message.role === 'user' || message.role === 'assistant',
  );
  return {
    ...rest,
    name: values.name.trim(),
    firstMessage: values.firstMessage,
    firstMessageMode: values.firstMessageMode,
    voicemailMessage: values.voicemailMessage,
    endCallMessage: values.endCallMessage,
    maxDurationSeconds: parseMaxDuration(values.maxDurationSeconds),
    // What the dialog showed is what is saved: a stored nature or cafe was shown as off.
    backgroundSound: values.backgroundSound,
    voice: { ...assistant.voice, provider: values.voiceProvider, voiceId: values.voiceId },
    model: {
      ...assistant.model,
      provider: values.modelProvider,
      model: values.model,
      temperature: round1(values.temperature),
      messages: [{ role: 'system', content: values.systemPrompt }, ...others],
    },
    transcriber: {
      ...assistant.transcriber,
      provider: values.transcriberProvider,
      model: values.transcriberModel,
      language: values.language,
    },
    startSpeakingPlan: { ...assistant.startSpeakingPlan, waitSeconds: round1(values.waitSeconds) },
  };
}
