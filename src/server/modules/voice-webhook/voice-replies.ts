import type { Vapi } from '@vapi-ai/server-sdk';
import type { ToolResult } from '#shared/schemas/schedule';
import type { TransferAnswer } from '../call-transfer/call-transfer.service';

/**
 * Our answers to the voice platform's server messages, each checked against Vapi's own reply type with
 * `satisfies` (types only: the SDK is not in the server bundle), so `tsc` refuses a key or a value Vapi does
 * not have. The results stay their narrow literal types, which POST /webhook's response schema serializes.
 */

/** The server messages whose reply the platform reads (Vapi's SDK names them; tsc checks the spelling). */
export const REQUEST_TYPES = [
  'assistant-request',
  'tool-calls',
  'transfer-destination-request',
  'handoff-destination-request',
  'knowledge-base-request',
  'voice-request',
  'call.endpointing.request',
  'campaign.predial',
] as const satisfies readonly Vapi.ServerMessageMessage['type'][];

export const isRequestType = (type: string): boolean => (REQUEST_TYPES as readonly string[]).includes(type);

/** Vapi reads `result` and `error` as one line each. */
const oneLine = (text: string) => text.replace(/\s*[\r\n]+\s*/g, ' ');

/**
 * One tool call's outcome: what the function answered goes in `result`; a failure (the function refused or
 * could not run) goes in `error`, so the platform plays the tool's request-failed message and the model
 * hears why.
 */
export function toolCallResult(
  toolCallId: string,
  name: string,
  outcome: { result: ToolResult } | { error: string },
) {
  if ('error' in outcome) {
    return { toolCallId, name, error: oneLine(outcome.error) } satisfies Vapi.ToolCallResult;
  }
  // JSON has no raw newlines: one line already.
  return { toolCallId, name, result: JSON.stringify(outcome.result) } satisfies Vapi.ToolCallResult;
}

export const toolCallsReply = (results: ReturnType<typeof toolCallResult>[]) =>
  ({ results }) satisfies Vapi.ServerMessageResponseToolCalls;

/** transfer-destination-request: the practice's number inside its hours, else a polite refusal. */
export function transferReply(answer: TransferAnswer) {
  if ('refused' in answer) {
    return { error: answer.refused } satisfies Vapi.ServerMessageResponseTransferDestinationRequest;
  }
  return {
    destination: { type: 'number' as const, number: answer.number, message: answer.message },
  } satisfies Vapi.ServerMessageResponseTransferDestinationRequest;
}

export const NO_HANDOFF_MESSAGE =
  'I am sorry, I cannot hand this call over to another assistant. I can help you myself, or put you through ' +
  'to the practice if you ask for a person.';

/** handoff-destination-request: our assistants hand off to nobody (Vapi's type requires a destination). */
export const handoffReply = () =>
  ({
    destination: {},
    error: NO_HANDOFF_MESSAGE,
  }) satisfies Vapi.ServerMessageResponseHandoffDestinationRequest;

/** A request we do not answer: said plainly, instead of an empty reply the platform would read as "nothing". */
export const unansweredReply = (type: string) =>
  ({
    error: `This server does not answer ${type.slice(0, 100)} messages.`,
  }) satisfies Vapi.ServerMessageResponseAssistantRequest;
