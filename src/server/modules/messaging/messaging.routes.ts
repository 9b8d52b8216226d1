import { randomBytes } from 'node:crypto';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptIntentInputSchema,
  AcceptIntentResponseSchema,
  ConversationListQuerySchema,
  ConversationListResponseSchema,
  MESSAGING_MESSAGES,
  MessageListResponseSchema,
  MessagingSettingsSchema,
  OptOutListQuerySchema,
  OptOutListResponseSchema,
  SandboxInboundInputSchema,
  SandboxInboundResponseSchema,
  SendMessageInputSchema,
  SendMessageResponseSchema,
  UnreadResponseSchema,
  UpdateMessagingSettingsInputSchema,
} from '#shared/schemas/messaging';
import { SuccessResponseSchema } from '#shared/schemas/common';
import type { App } from '../../app-types';
import { badRequest, conflict, forbidden } from '../../errors';
import {
  SANDBOX_ACCOUNT_SID,
  twilioSignature,
  validTwilioSignature,
} from '../../integrations/messaging/index';
import { toE164 } from '../../lib/phone';
import { IdempotencyKeyHeadersSchema } from '../../lib/idempotency-key';
import { practiceOf, viewer } from '../../plugins/auth';
import type { MessagingService } from './messaging.service';

const M = MESSAGING_MESSAGES;
export const SMS_WEBHOOK = '/webhooks/twilio/sms';
export const STATUS_WEBHOOK = '/webhooks/twilio/status';
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

const ConversationParamsSchema = z.object({ id: z.uuid(M.conversationNotFound) });
const FormSchema = z.record(z.string(), z.string());
export interface MessagingRouteDeps {
  service: MessagingService;
  /** `sandbox` or `twilio`: who signs the webhooks (the sandbox's own secret, or the Twilio auth token). */
  mode: 'sandbox' | 'twilio';
  /** The token X-Twilio-Signature is checked with. */
  authToken: string;
  /** PUBLIC_BASE_URL: the signed URL is the public one Twilio called. */
  publicBaseUrl: string;
  warn(detail: object, message: string): void;
}

/** Posts form fields to one of our webhooks as Twilio would: signed, form-encoded, through the app itself. */
export async function postSigned(
  app: App,
  deps: Pick<MessagingRouteDeps, 'authToken' | 'publicBaseUrl'>,
  url: string,
  params: Record<string, string>,
) {
  return app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(deps.authToken, `${deps.publicBaseUrl}${url}`, params),
    },
    payload: new URLSearchParams(params).toString(),
  });
}

export async function registerMessagingRoutes(app: App, deps: MessagingRouteDeps): Promise<void> {
  const { service } = deps;

  app.get(
    '/api/messaging-settings',
    {
      config: { access: 'messagingSettings:manage' },
      schema: { response: { 200: MessagingSettingsSchema } },
    },
    async (request) => service.settings(practiceOf(request)),
  );

  app.put(
    '/api/messaging-settings',
    {
      config: {
        access: 'messagingSettings:manage',
        audit: { action: 'messaging_settings.update', resourceType: 'messaging_settings' },
      },
      schema: { body: UpdateMessagingSettingsInputSchema, response: { 200: MessagingSettingsSchema } },
    },
    async (request) => service.updateSettings(practiceOf(request), request.body),
  );

  app.get(
    '/api/conversations',
    {
      config: { access: 'messages:use', phi: true },
      schema: { querystring: ConversationListQuerySchema, response: { 200: ConversationListResponseSchema } },
    },
    async (request) => ({ conversations: await service.conversations(viewer(request), request.query.q) }),
  );

  app.get(
    '/api/conversations/:id/messages',
    {
      config: { access: 'messages:use', phi: true },
      schema: { params: ConversationParamsSchema, response: { 200: MessageListResponseSchema } },
    },
    async (request) => ({ messages: await service.messages(viewer(request), request.params.id) }),
  );

  app.post(
    '/api/conversations/:id/messages',
    {
      config: { access: 'messages:use', audit: { action: 'message.send', resourceType: 'conversation' } },
      schema: {
        params: ConversationParamsSchema,
        headers: IdempotencyKeyHeadersSchema,
        body: SendMessageInputSchema,
        response: { 201: SendMessageResponseSchema },
      },
    },
    async (request, reply) => {
      request.auditResourceId = request.params.id;
      const key = request.headers['idempotency-key'] || undefined;
      const message = await service.send(viewer(request), request.params.id, request.body.body, key);
      return reply.status(201).send({ message });
    },
  );

  app.post(
    '/api/conversations/:id/read',
    {
      config: { access: 'messages:use' },
      schema: { params: ConversationParamsSchema, response: { 200: SuccessResponseSchema } },
    },
    async (request) => {
      await service.markRead(viewer(request), request.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/api/conversations/:id/intent',
    {
      config: { access: 'messages:use', audit: { action: 'message.intent', resourceType: 'conversation' } },
      schema: {
        params: ConversationParamsSchema,
        body: AcceptIntentInputSchema,
        response: { 200: AcceptIntentResponseSchema },
      },
    },
    async (request) => {
      request.auditResourceId = request.params.id;
      request.auditDetail = request.body.intent;
      return { outcome: await service.acceptIntent(viewer(request), request.params.id, request.body.intent) };
    },
  );

  app.get(
    '/api/messaging/unread',
    { config: { access: 'messages:use' }, schema: { response: { 200: UnreadResponseSchema } } },
    async (request) => ({ unread: await service.unread(viewer(request)) }),
  );

  app.get(
    '/api/opt-outs',
    {
      config: { access: 'messages:use', phi: true },
      schema: {
        querystring: OptOutListQuerySchema,
        response: { 200: z.union([OptOutListResponseSchema, z.string()]) },
      },
    },
    async (request, reply) => {
      const optOuts = await service.optOuts(practiceOf(request));
      if (request.query.format !== 'csv') return { optOuts };
      const lines = [
        'phone_number,keyword,opted_out_at',
        ...optOuts.map((o) => `${o.phoneNumber},${o.keyword},${o.at}`),
      ];
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="opt-outs.csv"')
        .send(`${lines.join('\r\n')}\r\n`);
    },
  );

  app.post(
    '/api/messaging/sandbox/inbound',
    {
      config: { access: 'messagingSettings:manage' },
      schema: { body: SandboxInboundInputSchema, response: { 202: SandboxInboundResponseSchema } },
    },
    async (request, reply) => {
      const practice = practiceOf(request);
      if (deps.mode !== 'sandbox') throw conflict(M.sandboxOnly);
      const sender = await service.senderOf(practice);
      if (!sender) throw conflict(M.noSender);
      const from = toE164(request.body.from);
      if (!from) throw badRequest(M.invalidPhone, { from: M.invalidPhone });
      const params = {
        AccountSid: SANDBOX_ACCOUNT_SID,
        MessageSid: `SM${randomBytes(16).toString('hex')}`,
        From: from,
        To: sender,
        Body: request.body.body,
        NumMedia: '0',
      };
      const response = await postSigned(app, deps, SMS_WEBHOOK, params);
      if (response.statusCode !== 200) throw new Error(`the sms webhook answered ${response.statusCode}`);
      const conversationId = await service.conversationIdFor(practice, from);
      if (!conversationId) throw new Error('the sandbox text was not stored');
      return reply.status(202).send({ conversationId });
    },
  );

  // Twilio's webhooks: form-encoded, signed, no session. The form parser is for these routes only.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const signed = (url: string, params: Record<string, string>, header: string | string[] | undefined) =>
      validTwilioSignature(
        deps.authToken,
        `${deps.publicBaseUrl}${url}`,
        params,
        typeof header === 'string' ? header : undefined,
      );

    scope.post(
      SMS_WEBHOOK,
      { config: { public: true }, schema: { body: FormSchema, response: { 200: z.string() } } },
      async (request, reply) => {
        if (!signed(request.url, request.body, request.headers['x-twilio-signature'])) throw forbidden();
        const { MessageSid, From, To, Body, OptOutType } = request.body;
        if (!MessageSid || !From || !To) throw badRequest('MessageSid, From and To are required.');
        const stored = await service.receive({
          messageSid: MessageSid,
          from: From,
          to: To,
          body: Body ?? '',
          ...(OptOutType && { optOutType: OptOutType }),
        });
        if (!stored) deps.warn({ code: 'unknown_to_number' }, 'text for a number no practice holds');
        return reply.type('text/xml').send(EMPTY_TWIML);
      },
    );

    scope.post(
      STATUS_WEBHOOK,
      { config: { public: true }, schema: { body: FormSchema, response: { 200: z.string() } } },
      async (request, reply) => {
        if (!signed(request.url, request.body, request.headers['x-twilio-signature'])) throw forbidden();
        const { MessageSid, MessageStatus, ErrorCode } = request.body;
        if (!MessageSid || !MessageStatus) throw badRequest('MessageSid and MessageStatus are required.');
        const code = ErrorCode && /^\d{1,9}$/.test(ErrorCode) ? Number(ErrorCode) : null;
        await service.reportStatus(MessageSid, MessageStatus, code);
        return reply.type('text/xml').send(EMPTY_TWIML);
      },
    );
  });
}
