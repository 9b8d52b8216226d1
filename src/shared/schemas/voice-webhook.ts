import { z } from 'zod';
import { ToolResultSchema } from './schedule';
import { AssistantRequestReplySchema } from './voice-platform';

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
  /** Flattened forms in Vapi's docs: `{ id, name, arguments }` (custom tools) or `{ id, name, parameters }`. */
  name: z.string().optional(),
  arguments: z.unknown().optional(),
  parameters: z.unknown().optional(),
});
export type ToolCall = z.infer<typeof ToolCallSchema>;

const PhoneRefSchema = z.looseObject({ number: z.string().nullish() }).nullish();
/** The called number: its E.164 and the voice platform's id for it. */
const CalledNumberSchema = z
  .looseObject({ number: z.string().nullish(), id: z.string().nullish() })
  .nullish();

/**
 * The voice platform's server message: function-call and tool-calls run the receptionist's functions,
 * assistant-request picks the assistant, status-update and end-of-call-report are stored by the calls
 * ingest; other types are acknowledged.
 */
export const VoiceWebhookSchema = z.object({
  // Loose: call reports are read field by field by the calls ingest.
  message: z.looseObject({
    type: z.string(),
    functionCall: FunctionCallSchema.optional(),
    toolCallList: z.array(ToolCallSchema).optional(),
    phoneNumber: CalledNumberSchema,
    /** The assistant the call reached (its platform id): names the practice when no number does. */
    assistant: z.looseObject({ id: z.string().nullish() }).nullish(),
    customer: PhoneRefSchema,
    call: z
      .looseObject({
        id: z.string().optional(),
        /** inboundPhoneCall, outboundPhoneCall or webCall. */
        type: z.string().nullish(),
        phoneNumber: CalledNumberSchema,
        phoneNumberId: z.string().nullish(),
        assistantId: z.string().nullish(),
        customer: PhoneRefSchema,
      })
      .nullish(),
  }),
});
export type VoiceWebhook = z.infer<typeof VoiceWebhookSchema>;

export const WebhookBodySchema = z.union([VoiceWebhookSchema, ConsoleWebhookSchema]);

/** One tool call's outcome: a success in `result`, a failure in `error` (single-line strings). */
const ToolCallResultSchema = z.strictObject({
  toolCallId: z.string(),
  name: z.string(),
  result: z.string().optional(),
  error: z.string().optional(),
});

/**
 * What POST /webhook answers: the console's function result; to the voice platform (in its own types, see
 * modules/voice-webhook/voice-replies.ts) a legacy `{ result }`, the tool-calls `{ results }`, a transfer
 * destination, a handoff refused, `{ error }` for a request it cannot answer, `{}` for a notice, or the
 * assistant-request reply.
 */
export const WebhookResponseSchema = z.union([
  ToolResultSchema,
  z.strictObject({ result: ToolResultSchema }),
  z.strictObject({ results: z.array(ToolCallResultSchema) }),
  z.strictObject({
    destination: z.strictObject({ type: z.literal('number'), number: z.string(), message: z.string() }),
  }),
  z.strictObject({ destination: z.strictObject({}), error: z.string() }),
  z.strictObject({}),
  AssistantRequestReplySchema,
]);
export type WebhookResponse = z.infer<typeof WebhookResponseSchema>;
