import { z } from 'zod';

export const FIRST_MESSAGE_MODES = [
  'assistant-speaks-first',
  'assistant-waits-for-user',
  'assistant-speaks-first-with-model-generated-message',
] as const;

export const VoiceSchema = z.object({ provider: z.string(), voiceId: z.string() });
export const ModelSchema = z.object({
  provider: z.string(),
  model: z.string(),
  temperature: z.number(),
  messages: z.array(z.object({ role: z.string(), content: z.string() })),
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
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Assistant = z.infer<typeof AssistantSchema>;

export const AssistantListResponseSchema = z.object({ assistants: z.array(AssistantSchema) });
export type AssistantListResponse = z.infer<typeof AssistantListResponseSchema>;
