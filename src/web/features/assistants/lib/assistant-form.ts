import { z } from 'zod';
import { FIRST_MESSAGE_MODES, type Assistant } from '#shared/schemas/assistants';

/** Spec section 9: option lists, in the order the dialog offers them. */
export const VOICE_PROVIDERS = ['vapi', '11labs', 'openai', 'playht', 'deepgram'] as const;
export const VOICES = ['Elliot', 'Sarah', 'Mike', 'Emma', 'Kylie', 'nova', 'alloy'] as const;
export const MODEL_PROVIDERS = ['openai', 'anthropic', 'deepseek', 'groq'] as const;
export const MODELS = ['gpt-4o', 'gpt-4', 'gpt-3.5-turbo', 'claude-3-haiku-20240307'] as const;
export const TRANSCRIBER_PROVIDERS = ['deepgram', 'assemblyai', 'gladia'] as const;
export const TRANSCRIBER_MODELS = ['nova-2', 'nova-3', 'whisper'] as const;
export const LANGUAGES = ['en', 'es', 'fr', 'de', 'it'] as const;
/** Only these two are offered; a stored nature or cafe shows as off (spec section 5). */
export const BACKGROUND_SOUNDS = ['off', 'office'] as const;
export { FIRST_MESSAGE_MODES };

export const FIRST_MESSAGE_MODE_LABELS: Record<(typeof FIRST_MESSAGE_MODES)[number], string> = {
  'assistant-speaks-first': 'Assistant speaks first',
  'assistant-waits-for-user': 'Assistant waits for the caller',
  'assistant-speaks-first-with-model-generated-message': 'Assistant speaks first (model-generated message)',
};

export const KNOWLEDGE_BASE_EXTENSIONS = ['.pdf', '.txt', '.doc', '.docx', '.md'] as const;
export const KNOWLEDGE_BASE_MAX_BYTES = 10 * 1024 * 1024;
export const KNOWLEDGE_BASE_LIMIT_TEXT = '10 MB';

export const DURATION = { min: 10, max: 43200, fallback: 600 } as const;

/** Spec section 9: what a new assistant sends besides the fields on the form. */
export const DEFAULT_START_SPEAKING_PLAN = {
  waitSeconds: 0.4,
  transcriptionEndpointingPlan: { onPunctuationSeconds: 0.1, onNoPunctuationSeconds: 1.5, onNumberSeconds: 0.5 },
};
export const DEFAULT_STOP_SPEAKING_PLAN = { numWords: 0, voiceSeconds: 0.4, backoffSeconds: 1 };
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
];
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
];

export const ASSISTANT_FORM_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be 40 characters or fewer',
  voicemailTooLong: 'Voicemail message must be 1000 characters or fewer',
  endCallTooLong: 'End call message must be 1000 characters or fewer',
  durationRange: 'Max duration must be between 10 and 43200 seconds',
  fileType: 'Choose a .pdf, .txt, .doc, .docx or .md file',
  fileSize: `The file must be ${KNOWLEDGE_BASE_LIMIT_TEXT} or smaller`,
} as const;

/** What the dialog edits; numbers the person types stay text until submit. */
export interface AssistantFormValues {
  name: string;
  firstMessage: string;
  firstMessageMode: (typeof FIRST_MESSAGE_MODES)[number];
  systemPrompt: string;
  voicemailMessage: string;
  endCallMessage: string;
  maxDurationSeconds: string;
  backgroundSound: (typeof BACKGROUND_SOUNDS)[number];
  voiceProvider: string;
  voiceId: string;
  modelProvider: string;
  model: string;
  temperature: number;
  transcriberProvider: string;
  transcriberModel: string;
  language: string;
  waitSeconds: number;
}

export const NEW_ASSISTANT: AssistantFormValues = {
  name: '',
  firstMessage: '',
  firstMessageMode: 'assistant-speaks-first',
  systemPrompt: '',
  voicemailMessage: '',
  endCallMessage: '',
  maxDurationSeconds: String(DURATION.fallback),
  backgroundSound: 'off',
  voiceProvider: VOICE_PROVIDERS[0],
  voiceId: 'Elliot',
  modelProvider: 'openai',
  model: 'gpt-4o',
  temperature: 0.5,
  transcriberProvider: 'deepgram',
  transcriberModel: 'nova-2',
  language: 'en',
  waitSeconds: DEFAULT_START_SPEAKING_PLAN.waitSeconds,
};

export const systemPromptOf = (assistant: Pick<Assistant, 'model'>) =>
  assistant.model.messages.find((message) => message.role === 'system')?.content ?? '';

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
    voiceProvider: assistant.voice.provider,
    voiceId: assistant.voice.voiceId,
    modelProvider: assistant.model.provider,
    model: assistant.model.model,
    temperature: assistant.model.temperature,
    transcriberProvider: assistant.transcriber.provider,
    transcriberModel: assistant.transcriber.model,
    language: assistant.transcriber.language,
    waitSeconds: assistant.startSpeakingPlan.waitSeconds,
  };
}

/** Not a number falls back to 600 (spec section 5); a number must lie in 10..43200. */
export function parseMaxDuration(text: string): number {
  const value = Number(text.trim());
  return text.trim() === '' || !Number.isFinite(value) ? DURATION.fallback : value;
}

const FormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, ASSISTANT_FORM_MESSAGES.nameRequired)
    .max(40, ASSISTANT_FORM_MESSAGES.nameTooLong),
  voicemailMessage: z.string().max(1000, ASSISTANT_FORM_MESSAGES.voicemailTooLong),
  endCallMessage: z.string().max(1000, ASSISTANT_FORM_MESSAGES.endCallTooLong),
  maxDurationSeconds: z
    .string()
    .transform(parseMaxDuration)
    .pipe(z.number().min(DURATION.min, ASSISTANT_FORM_MESSAGES.durationRange).max(DURATION.max, ASSISTANT_FORM_MESSAGES.durationRange)),
});

/** First message per field, or none; the file is checked by name and size (the server checks its content). */
export function validateAssistantForm(values: AssistantFormValues, file?: File | null): Record<string, string> {
  const errors: Record<string, string> = {};
  const result = FormSchema.safeParse(values);
  if (!result.success) for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  if (file) {
    const lower = file.name.toLowerCase();
    if (!KNOWLEDGE_BASE_EXTENSIONS.some((extension) => lower.endsWith(extension))) {
      errors.knowledgeBaseFile = ASSISTANT_FORM_MESSAGES.fileType;
    } else if (file.size > KNOWLEDGE_BASE_MAX_BYTES) {
      errors.knowledgeBaseFile = ASSISTANT_FORM_MESSAGES.fileSize;
    }
  }
  return errors;
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
    JSON.stringify({ provider: values.modelProvider, model: values.model, temperature: round1(values.temperature) }),
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
    JSON.stringify({ ...DEFAULT_START_SPEAKING_PLAN, waitSeconds: round1(values.waitSeconds) }),
  );
  form.set('stopSpeakingPlan', JSON.stringify(DEFAULT_STOP_SPEAKING_PLAN));
  form.set('clientMessages', JSON.stringify(DEFAULT_CLIENT_MESSAGES));
  form.set('serverMessages', JSON.stringify(DEFAULT_SERVER_MESSAGES));
  if (file) form.set('knowledgeBaseFile', file);
  return form;
}

export type AssistantUpdate = Omit<Assistant, 'id' | 'createdAt' | 'updatedAt'>;

/** PATCH /api/assistants/{id}: the whole assistant without id, createdAt and updatedAt, edits applied. */
export function toUpdateBody(assistant: Assistant, values: AssistantFormValues): AssistantUpdate {
  const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...rest } = assistant;
  const others = assistant.model.messages.filter((message) => message.role !== 'system');
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
