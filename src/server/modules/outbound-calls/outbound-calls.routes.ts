import {
  OutboundCallListResponseSchema,
  OutboundSettingsSchema,
  StartOutboundCallsInputSchema,
  StartOutboundCallsResponseSchema,
  UpdateOutboundSettingsInputSchema,
} from '#shared/schemas/outbound-calls';
import type { App } from '../../app-types';
import { IdempotencyKeyHeadersSchema } from '../../lib/idempotency-key';
import { viewer } from '../../plugins/auth';
import type { OutboundCallsService } from './outbound-calls.service';

export function registerOutboundCallRoutes(app: App, outbound: OutboundCallsService): void {
  app.get(
    '/api/outbound-calls',
    {
      config: { access: 'outboundCalls:use', phi: true },
      schema: { response: { 200: OutboundCallListResponseSchema } },
    },
    async (request) => {
      const who = viewer(request);
      return { calls: await outbound.list(who), timeZone: who.practice.timeZone };
    },
  );

  app.post(
    '/api/outbound-calls/start',
    {
      config: {
        access: 'outboundCalls:use',
        audit: { action: 'outbound_call.start', resourceType: 'outbound_call' },
      },
      schema: {
        headers: IdempotencyKeyHeadersSchema,
        body: StartOutboundCallsInputSchema,
        response: { 202: StartOutboundCallsResponseSchema },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'] || undefined;
      const { calls, skipped, texts } = await outbound.start(viewer(request), request.body, key);
      request.auditResourceId =
        calls
          .map((c) => c.id)
          .join(',')
          .slice(0, 500) || null;
      return reply.status(202).send({ success: true as const, calls, skipped, texts });
    },
  );

  app.get(
    '/api/outbound-settings',
    {
      config: { access: 'outboundSettings:manage' },
      schema: { response: { 200: OutboundSettingsSchema } },
    },
    async (request) => outbound.settings(viewer(request)),
  );

  app.put(
    '/api/outbound-settings',
    {
      config: {
        access: 'outboundSettings:manage',
        audit: { action: 'outbound_settings.update', resourceType: 'outbound_settings' },
      },
      schema: { body: UpdateOutboundSettingsInputSchema, response: { 200: OutboundSettingsSchema } },
    },
    async (request) => {
      request.auditResourceId = 'practice';
      return outbound.updateSettings(viewer(request), request.body);
    },
  );
}
