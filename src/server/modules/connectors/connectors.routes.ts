import {
  ActiveConnectorResponseSchema,
  ConnectorIdParamsSchema,
  ConnectorInputSchema,
  ConnectorListResponseSchema,
  ConnectorResponseSchema,
  ConnectorToggleInputSchema,
} from '#shared/schemas/connectors';
import type { AuditAction } from '#shared/schemas/audit';
import type { FastifyRequest } from 'fastify';
import { SuccessResponseSchema } from '#shared/schemas/common';
import type { App } from '../../app-types';
import { requireAuth } from '../../plugins/auth';
import type { ConnectorsService, Viewer } from './connectors.service';

const manage = (action: AuditAction) =>
  ({ access: 'connectors:manage', audit: { action, resourceType: 'connector' } }) as const;

const viewer = (request: FastifyRequest): Viewer => {
  const { user, principal } = requireAuth(request);
  return { userId: user.id, principal };
};

export function registerConnectorRoutes(app: App, connectors: ConnectorsService): void {
  app.get(
    '/api/connectors',
    { config: { access: 'connectors:view' }, schema: { response: { 200: ConnectorListResponseSchema } } },
    async (request) => ({ success: true as const, connectors: await connectors.list(viewer(request)) }),
  );

  app.get(
    '/api/connectors/:id',
    {
      config: { access: 'connectors:view' },
      schema: { params: ConnectorIdParamsSchema, response: { 200: ConnectorResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      connector: await connectors.get(viewer(request), request.params.id),
    }),
  );

  app.post(
    '/api/connectors',
    {
      config: manage('connector.create'),
      schema: { body: ConnectorInputSchema, response: { 200: ConnectorResponseSchema } },
    },
    async (request) => {
      const connector = await connectors.create(request.body);
      request.auditResourceId = connector.id;
      return { success: true as const, connector };
    },
  );

  app.patch(
    '/api/connectors/:id',
    {
      config: manage('connector.update'),
      schema: {
        params: ConnectorIdParamsSchema,
        body: ConnectorInputSchema,
        response: { 200: ConnectorResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      connector: await connectors.update(request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/connectors/:id',
    {
      config: manage('connector.delete'),
      schema: { params: ConnectorIdParamsSchema, response: { 200: SuccessResponseSchema } },
    },
    async (request) => {
      await connectors.remove(request.params.id);
      return { success: true as const };
    },
  );

  app.patch(
    '/api/connectors/:id/toggle',
    {
      config: manage('connector.toggle'),
      schema: {
        params: ConnectorIdParamsSchema,
        body: ConnectorToggleInputSchema,
        response: { 200: ConnectorResponseSchema },
      },
    },
    async (request) => {
      request.auditDetail = request.body.isActive ? 'activated' : 'deactivated';
      return {
        success: true as const,
        connector: await connectors.setActive(request.params.id, request.body.isActive),
      };
    },
  );

  app.get(
    '/api/active-connector',
    { schema: { response: { 200: ActiveConnectorResponseSchema } } },
    async (request) => ({ activeConnector: await connectors.active(viewer(request)) }),
  );
}
