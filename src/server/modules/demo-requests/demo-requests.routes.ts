import {
  DemoRequestCreatedSchema,
  DemoRequestIdParamsSchema,
  DemoRequestInputSchema,
  DemoRequestListResponseSchema,
  DemoRequestUpdateInputSchema,
  DemoRequestUpdateResponseSchema,
} from '#shared/schemas/demo-requests';
import type { App } from '../../app-types';
import type { DemoRequestsService } from './demo-requests.service';

/** The public form, and the operator's inbox of the vendor's sales leads (issue 22). */
export function registerDemoRequestRoutes(app: App, service: DemoRequestsService): void {
  app.post(
    '/api/demo-requests',
    {
      config: { public: true },
      schema: { body: DemoRequestInputSchema, response: { 201: DemoRequestCreatedSchema } },
    },
    async (request, reply) => {
      const { message } = await service.submit(request.body, request.ip);
      return reply.status(201).send({ success: true as const, message });
    },
  );

  app.get(
    '/api/demo-requests',
    {
      config: { access: 'demoRequests:manage' },
      schema: { response: { 200: DemoRequestListResponseSchema } },
    },
    async () => ({ demoRequests: await service.list() }),
  );

  app.patch(
    '/api/demo-requests/:id',
    {
      config: {
        access: 'demoRequests:manage',
        audit: { action: 'demo_request.update', resourceType: 'demo_request' },
      },
      schema: {
        params: DemoRequestIdParamsSchema,
        body: DemoRequestUpdateInputSchema,
        response: { 200: DemoRequestUpdateResponseSchema },
      },
    },
    async (request) => {
      request.auditDetail = request.body.contacted ? 'contacted' : 'not contacted';
      return { demoRequest: await service.markContacted(request.params.id, request.body.contacted) };
    },
  );
}
