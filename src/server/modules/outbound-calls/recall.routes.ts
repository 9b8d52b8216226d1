import {
  RecallCallsInputSchema,
  RecallCallsResponseSchema,
  RecallListResponseSchema,
  RecallQuerySchema,
  RecallTextsInputSchema,
  RecallTextsResponseSchema,
} from '#shared/schemas/recall';
import type { App } from '../../app-types';
import { IdempotencyKeyHeadersSchema } from '../../lib/idempotency-key';
import { viewer } from '../../plugins/auth';
import type { RecallService } from './recall.service';

/** Recall (issue 24): the due list, "Call selected" and "Text selected", for admins and Outbound Calls users. */
export function registerRecallRoutes(app: App, recall: RecallService): void {
  app.get(
    '/api/recall',
    {
      config: { access: 'outboundCalls:use', phi: true },
      schema: { querystring: RecallQuerySchema, response: { 200: RecallListResponseSchema } },
    },
    async (request) => ({ patients: await recall.list(viewer(request), request.query.q) }),
  );

  app.post(
    '/api/recall/calls',
    {
      config: {
        access: 'outboundCalls:use',
        audit: { action: 'recall.call', resourceType: 'outbound_call' },
      },
      schema: {
        headers: IdempotencyKeyHeadersSchema,
        body: RecallCallsInputSchema,
        response: { 202: RecallCallsResponseSchema },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'] || undefined;
      const { calls, skipped } = await recall.call(viewer(request), request.body, key);
      request.auditResourceId =
        calls
          .map((c) => c.id)
          .join(',')
          .slice(0, 500) || null;
      return reply.status(202).send({ success: true as const, calls, skipped });
    },
  );

  app.post(
    '/api/recall/texts',
    {
      config: {
        access: 'outboundCalls:use',
        audit: { action: 'recall.text', resourceType: 'message' },
      },
      schema: {
        headers: IdempotencyKeyHeadersSchema,
        body: RecallTextsInputSchema,
        response: { 202: RecallTextsResponseSchema },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'] || undefined;
      const { texts, skipped } = await recall.text(viewer(request), request.body, key);
      request.auditResourceId = 'recall';
      return reply.status(202).send({ success: true as const, texts, skipped });
    },
  );
}
