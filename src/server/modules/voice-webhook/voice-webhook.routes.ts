import { hash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ToolErrorResult, ToolResult } from '#shared/schemas/schedule';
import {
  WebhookBodySchema,
  WebhookResponseSchema,
  type ToolCall,
  type VoiceWebhook,
  type WebhookResponse,
} from '#shared/schemas/voice-webhook';
import type { App } from '../../app-types';
import { asDatabaseBusy } from '../../db/busy';
import { asAppError, badRequest, unauthorized } from '../../errors';
import { answerTogether } from '../../lib/answer-together';
import { IDEMPOTENCY_KEY_TOO_LONG, MAX_IDEMPOTENCY_KEY_LENGTH } from '../../lib/idempotency-key';
import type { AuthService } from '../auth/auth.service';
import { isCallReport } from '../calls/calls.service';
import { authenticate, bearerToken, requireAuth, viewer } from '../../plugins/auth';
import { safeErrorSummary } from '../../plugins/error-handler';
import type { ScheduleService } from '../schedule/schedule.service';
import { NO_TRANSFER_MESSAGE, type CallTransferService } from '../call-transfer/call-transfer.service';
import { withToolErrorField } from './tool-error-field';
import {
  handoffReply,
  isRequestType,
  toolCallResult,
  toolCallsReply,
  transferReply,
  unansweredReply,
} from './voice-replies';
import { createToolFunctions, type PhoneChangeDeps, type ToolContext } from './voice-webhook.service';
import {
  NOT_IN_SERVICE_MESSAGE,
  type CallRef,
  type VoicePlatformService,
} from '../voice-platform/voice-platform.service';
import type { PracticeContext } from '../../practice';

export interface WebhookDeps {
  auth: AuthService;
  schedule: ScheduleService;
  /** Stores status-update and end-of-call-report messages (modules/calls) for the call's practice. */
  calls?: { ingest(message: unknown, practice: PracticeContext | undefined): Promise<unknown> };
  /** The practice a platform call is for (modules/voice-platform), resolved once per webhook call. */
  practiceForCall: VoicePlatformService['practiceForCall'];
  /** The voice platform's shared secret; unset refuses every voice-platform request. */
  secret?: string;
  /** Answers `assistant-request` (modules/voice-platform). */
  assistantRequest?: VoicePlatformService['answerAssistantRequest'];
  /** Answers `transfer-destination-request` (modules/call-transfer); without it nobody is put through. */
  transfer?: Pick<CallTransferService, 'destination'>;
  /** The late-change policy and the callback inbox, for changes by phone (issue 24). */
  phoneChanges?: PhoneChangeDeps;
}

const INTERNAL_ERROR = 'Something went wrong on our side. Please try again.';

/** Equal-length digests, so comparing them takes the same time whatever was sent. */
const digest = (value: string) => hash('sha256', value, 'buffer');

function carriesSecret(request: FastifyRequest, secretDigest: Buffer | undefined): boolean {
  if (!secretDigest) return false;
  const header = request.headers['x-vapi-secret'];
  return [bearerToken(request), typeof header === 'string' ? header : undefined].some(
    (candidate) => candidate !== undefined && timingSafeEqual(digest(candidate), secretDigest),
  );
}

/** A tool call without an id cannot be told from a retry of another: it is not run. */
export const NO_TOOL_CALL_ID = 'This tool call has no id, so it was not run.';

const isRefusal = (result: ToolResult): result is ToolErrorResult =>
  result.success === false && 'error' in result && typeof result.error === 'string' && !('pending' in result);

const fromVoicePlatform = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && 'message' in body;

/**
 * POST /webhook: the receptionist's functions for the console (bearer session, the result itself) and for
 * the voice platform (shared secret; legacy function-call → { result }, tool-calls → { results } with each
 * failure in `error`, transfer-destination-request → the practice's number or a polite `error`).
 */
export function registerWebhookRoutes(
  app: App,
  { auth, schedule, calls, secret, assistantRequest, practiceForCall, transfer, phoneChanges }: WebhookDeps,
): void {
  const tools = createToolFunctions(schedule, phoneChanges);
  const secretDigest = secret ? digest(secret) : undefined;

  /** What the voice model can read out for a failure; unexpected ones are logged (type and stack only). */
  function spoken(thrown: unknown, request: FastifyRequest): ToolErrorResult {
    const error = asAppError(thrown) ?? asDatabaseBusy(thrown);
    if (error) return { success: false, error: error.message };
    const e = thrown instanceof Error ? thrown : new Error('non-Error thrown');
    request.log.error({ err: safeErrorSummary(e) }, 'webhook function failed');
    return { success: false, error: INTERNAL_ERROR };
  }

  /** For the voice platform every outcome is a 200 answer the model can read out. */
  async function answer(
    name: string,
    params: unknown,
    ctx: ToolContext,
    request: FastifyRequest,
  ): Promise<ToolResult> {
    try {
      return await tools.run(name, params, ctx);
    } catch (thrown) {
      return spoken(thrown, request);
    }
  }

  /** Tool calls: each outcome under its call id, a failure in `error` (voice-replies.ts). */
  async function toolCalls(list: ToolCall[], ctx: ToolContext | ToolErrorResult, request: FastifyRequest) {
    const run = async (call: ToolCall) => {
      const name = call.function?.name ?? call.name ?? '';
      if ('error' in ctx) return toolCallResult(call.id, name, { error: ctx.error });
      // The id keys the retry (`tool:<id>`): an empty one would be every such call's, and replay another
      // caller's answer. The schema lets it through, so it is refused here, before anything runs.
      if (!call.id.trim()) return toolCallResult(call.id, name, { error: NO_TOOL_CALL_ID });
      const params = call.function ? call.function.arguments : (call.arguments ?? call.parameters);
      try {
        // Object.assign, not a spread with a field after it: that shape costs Node 20 dearly (ADR 066).
        const result = await tools.run(
          name,
          params,
          Object.assign({}, ctx, { idempotencyKey: `tool:${call.id}` }),
        );
        // A refusal the function answered (staff will call back) is a failure too: it travels in `error`.
        if (isRefusal(result)) return toolCallResult(call.id, name, { error: result.error });
        return toolCallResult(call.id, name, { result });
      } catch (thrown) {
        return toolCallResult(call.id, name, { error: spoken(thrown, request).error });
      }
    };
    return toolCallsReply(await Promise.all(list.map(run)));
  }

  /** The schedule of the call's practice; the number called may pick the connector (phone mappings). */
  async function toolContext(
    practice: PracticeContext,
    calledNumber: string | undefined,
    callerNumber: string | undefined,
    call: ToolContext['call'],
    request: FastifyRequest,
  ): Promise<ToolContext | ToolErrorResult> {
    try {
      // The number's mapping may pick the connector, but never another practice's schedule.
      const byNumber = calledNumber ? await schedule.forCalledNumber(calledNumber) : undefined;
      const schedulePractice = byNumber?.id === practice.id ? byNumber : await schedule.forPractice(practice);
      return { practice: schedulePractice, call, ...(callerNumber && { callerNumber }) };
    } catch (thrown) {
      return spoken(thrown, request);
    }
  }

  /**
   * The practice the call is for, which the request's audit entry then names: the voice platform reads a
   * practice's patient data with no session, and the practice's own audit log must show it (ADR 005).
   */
  async function inPracticeAudit(ref: CallRef, request: FastifyRequest) {
    const practice = await practiceForCall(ref);
    request.auditPracticeId = practice?.id ?? null;
    return practice;
  }

  async function voice({ message }: VoiceWebhook, request: FastifyRequest): Promise<WebhookResponse> {
    const phone = message.phoneNumber ?? message.call?.phoneNumber;
    const ref: CallRef = {
      number: phone?.number,
      phoneNumberId: phone?.id ?? message.call?.phoneNumberId,
      assistantId: message.assistant?.id ?? message.call?.assistantId,
    };
    if (isCallReport(message.type)) {
      await calls?.ingest(message, await inPracticeAudit(ref, request));
      return {};
    }
    if (message.type === 'assistant-request' && assistantRequest) {
      return assistantRequest({ number: ref.number, providerId: ref.phoneNumberId });
    }
    if (message.type === 'handoff-destination-request') return handoffReply();
    if (
      message.type !== 'function-call' &&
      message.type !== 'tool-calls' &&
      message.type !== 'transfer-destination-request'
    ) {
      // A request left unanswered would leave the platform guessing; a notice needs no answer.
      return isRequestType(message.type) ? unansweredReply(message.type) : {};
    }
    // The calls that came in together are answered together (under load, one burst of responses).
    await answerTogether();
    // Once per webhook call: nothing is done for a number of no practice or of a suspended one.
    const practice = await inPracticeAudit(ref, request);
    const inService = practice?.status === 'active' ? practice : undefined;
    if (message.type === 'transfer-destination-request') {
      if (!inService) return transferReply({ refused: NOT_IN_SERVICE_MESSAGE });
      return transferReply(
        transfer ? await transfer.destination(inService) : { refused: NO_TRANSFER_MESSAGE },
      );
    }
    const calledNumber = ref.number ?? undefined;
    const callerNumber = message.customer?.number ?? message.call?.customer?.number ?? undefined;
    const onCall: ToolContext['call'] = {
      id: message.call?.id ?? '',
      direction:
        message.call?.type === 'outboundPhoneCall'
          ? 'outbound'
          : message.call?.type === 'webCall'
            ? 'web'
            : 'inbound',
    };
    const ctx: ToolContext | ToolErrorResult = inService
      ? await toolContext(inService, calledNumber, callerNumber, onCall, request)
      : { success: false, error: NOT_IN_SERVICE_MESSAGE };
    if (message.type === 'tool-calls') return toolCalls(message.toolCallList ?? [], ctx, request);

    // The legacy function-call reads `{ result }` only, so a failure is the spec's `{ success: false, error }`.
    if ('error' in ctx) return { result: ctx };
    const call = message.functionCall;
    if (!call) return { result: { success: false as const, error: 'functionCall is missing.' } };
    return { result: await answer(call.name, call.parameters, ctx, request) };
  }

  app.post(
    '/webhook',
    {
      config: { phi: true },
      schema: { body: WebhookBodySchema, response: { 200: WebhookResponseSchema } },
      onSend: async (_request, reply, payload) => withToolErrorField(reply.statusCode, payload),
      // Before validation, so nobody learns anything about the body format without credentials.
      preValidation: async (request) => {
        if (fromVoicePlatform(request.body)) {
          if (!carriesSecret(request, secretDigest)) throw unauthorized('Invalid webhook credentials.');
        } else {
          await authenticate(auth, request, 'booking:use');
        }
      },
    },
    async (request) => {
      const body = request.body;
      if ('message' in body) return voice(body, request);
      const { user } = requireAuth(request);
      const key = request.headers['idempotency-key'];
      if (typeof key === 'string' && key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
        throw badRequest(IDEMPOTENCY_KEY_TOO_LONG);
      }
      const ctx: ToolContext = {
        practice: await schedule.forUser(viewer(request)),
        ...(typeof key === 'string' && key && { idempotencyKey: `console:${user.id}:${key}` }),
      };
      // The console gets errors as HTTP errors (409 for a taken time), through the one error handler.
      return tools.run(body.functionCall.name, body.functionCall.parameters, ctx);
    },
  );
}
