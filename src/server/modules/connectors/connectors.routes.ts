import {
  ActiveConnectorResponseSchema,
  ConnectorIdParamsSchema,
  ConnectorInputSchema,
  ConnectorListResponseSchema,
  ConnectorResponseSchema,
  ConnectorToggleInputSchema,
} from '#shared/schemas/connectors';
import type { AuditAction } from '#shared/schemas/audit';
import { SuccessResponseSchema } from '#shared/schemas/common';
import type { App } from '../../app-types';
import { practiceOf, viewer } from '../../plugins/auth';
import type { ConnectorsService } from './connectors.service';

const manage = (action: AuditAction) =>
  ({ access: 'connectors:manage', audit: { action, resourceType: 'connector' } }) as const;

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
      const connector = await connectors.create(practiceOf(request), request.body);
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
      connector: await connectors.update(practiceOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/connectors/:id',
    {
      config: manage('connector.delete'),
      schema: { params: ConnectorIdParamsSchema, response: { 200: SuccessResponseSchema } },
    },
    async (request) => {
      await connectors.remove(practiceOf(request), request.params.id);
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
        connector: await connectors.setActive(practiceOf(request), request.params.id, request.body.isActive),
      };
    },
  );

  app.get(
    '/api/active-connector',
    { schema: { response: { 200: ActiveConnectorResponseSchema } } },
    async (request) => {
      const active = await connectors.activeFor(viewer(request));
      return { activeConnector: active ? { name: active.name, connectorId: active.connectorId } : null };
    },
  );
}
