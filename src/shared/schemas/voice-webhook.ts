import { z } from 'zod';
import { ToolResultSchema } from './schedule';

/**
 * POST /webhook envelopes: the console's function call and the voice platform's server messages. The
 * functions' parameters and results are the schedule's (schedule.ts).
 */

const FunctionCallSchema = z.object({
  name: z.string(),
  /** A JSON string in old voice-platform docs. */
  parameters: z.unknown().optional(),
});

/** The console's envelope. */
export const ConsoleWebhookSchema = z.object({
  type: z.literal('function-call'),
  functionCall: FunctionCallSchema,
});

const ToolCallSchema = z.object({
  id: z.string(),
  function: z.object({ name: z.string(), arguments: z.unknown().optional() }).optional(),
  /** Flattened form seen in some docs. */
  name: z.string().optional(),
  parameters: z.unknown().optional(),
});
export type ToolCall = z.infer<typeof ToolCallSchema>;

const PhoneRefSchema = z.object({ number: z.string().nullish() }).nullish();

/** The voice platform's server message; types other than function-call and tool-calls are acknowledged. */
export const VoiceWebhookSchema = z.object({
  message: z.object({
    type: z.string(),
    functionCall: FunctionCallSchema.optional(),
    toolCallList: z.array(ToolCallSchema).optional(),
    phoneNumber: PhoneRefSchema,
    customer: PhoneRefSchema,
    call: z
      .object({ id: z.string().optional(), phoneNumber: PhoneRefSchema, customer: PhoneRefSchema })
      .nullish(),
  }),
});
export type VoiceWebhook = z.infer<typeof VoiceWebhookSchema>;

export const WebhookBodySchema = z.union([VoiceWebhookSchema, ConsoleWebhookSchema]);

export const WebhookResponseSchema = z.union([
  ToolResultSchema,
  z.strictObject({ result: ToolResultSchema }),
  z.strictObject({ results: z.array(z.object({ toolCallId: z.string(), result: z.string() })) }),
  z.strictObject({}),
]);
export type WebhookResponse = z.infer<typeof WebhookResponseSchema>;
