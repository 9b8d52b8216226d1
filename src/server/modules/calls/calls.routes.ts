import {
  CallIdParamsSchema,
  CallListQuerySchema,
  CallListResponseSchema,
  CallResponseSchema,
  CallStatsQuerySchema,
  CallStatsSchema,
  SimulateCallBodySchema,
} from '#shared/schemas/calls';
import type { App } from '../../app-types';
import { notFound } from '../../errors';
import { requireAuth } from '../../plugins/auth';
import { visibleCalls } from '../scope';
import type { createCallSimulator } from './call-simulator';
import type { CallsService } from './calls.service';

const CALL_NOT_FOUND = 'Call not found.';

export function registerCallRoutes(
  app: App,
  calls: CallsService,
  simulator: ReturnType<typeof createCallSimulator>,
): void {
  const access = 'callLogs:view' as const;

  app.get(
    '/api/calls',
    {
      config: { access },
      schema: { querystring: CallListQuerySchema, response: { 200: CallListResponseSchema } },
    },
    async (request) => calls.list(visibleCalls(requireAuth(request).principal), request.query),
  );

  app.get(
    '/api/calls/stats',
    { config: { access }, schema: { querystring: CallStatsQuerySchema, response: { 200: CallStatsSchema } } },
    async (request) => calls.stats(visibleCalls(requireAuth(request).principal), request.query),
  );

  // Opening a call reads what a patient said: every successful read is in the audit log.
  app.get(
    '/api/calls/:id',
    {
      config: { access, phi: true },
      schema: { params: CallIdParamsSchema, response: { 200: CallResponseSchema } },
    },
    async (request) => {
      const call = await calls.find(request.params.id, visibleCalls(requireAuth(request).principal));
      if (!call) throw notFound(CALL_NOT_FOUND);
      return { call };
    },
  );

  app.post(
    '/api/calls/simulate',
    {
      config: { access: 'calls:simulate', audit: { action: 'call.simulate', resourceType: 'call' } },
      schema: { body: SimulateCallBodySchema, response: { 200: CallResponseSchema } },
    },
    async (request) => {
      const id = await simulator.simulate(request.body.phoneNumberId, request.body.scenario);
      request.auditResourceId = id;
      const call = await calls.find(id, null);
      if (!call) throw notFound(CALL_NOT_FOUND);
      return { call };
    },
  );
}
