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
import type { TableChanges } from '../../db/changes';
import { assistants, calls as callsTable, phoneNumbers, practices } from '../../db/schema/index';
import { notFound } from '../../errors';
import { practiceOf, requireAuth } from '../../plugins/auth';
import { createBodyCache } from '../../plugins/response-serializer';
import { visibleCalls } from '../scope';
import type { createCallSimulator } from './call-simulator';
import { describeListRequest, type CallsService } from './calls.service';

const CALL_NOT_FOUND = 'Call not found.';

export function registerCallRoutes(
  app: App,
  calls: CallsService,
  simulator: ReturnType<typeof createCallSimulator>,
  changes?: TableChanges,
): void {
  const access = 'callLogs:view' as const;
  // Staff reopen the same lists and calls far more often than calls arrive (ADR 037); a report empties these.
  // Every key starts with the practice: one practice's answer is never another's.
  const readFrom = [callsTable, phoneNumbers, assistants];
  // A list also carries the practice's time zone.
  const lists = createBodyCache(CallListResponseSchema, changes, [...readFrom, practices], {
    max: 200,
  });
  const stats = createBodyCache(CallStatsSchema, changes, readFrom, { max: 100 });
  const details = createBodyCache(CallResponseSchema, changes, readFrom, { max: 500 });

  // A list shows callers' names and numbers: each request (kept in memory or not) is in the audit log, with
  // its filter but never the search text.
  app.get(
    '/api/calls',
    {
      config: { access, phi: true },
      schema: { querystring: CallListQuerySchema, response: { 200: CallListResponseSchema } },
    },
    async (request, reply) => {
      const practice = practiceOf(request);
      const scope = visibleCalls(requireAuth(request).principal);
      request.auditDetail = describeListRequest(request.query);
      const key = JSON.stringify([practice.id, practice.timeZone, scope, request.query]);
      return lists.send(request, reply, key, () => calls.list(practice, scope, request.query));
    },
  );

  app.get(
    '/api/calls/stats',
    { config: { access }, schema: { querystring: CallStatsQuerySchema, response: { 200: CallStatsSchema } } },
    async (request, reply) => {
      const practice = practiceOf(request);
      const query = calls.statsQuery(practice, visibleCalls(requireAuth(request).principal), request.query);
      return stats.send(request, reply, JSON.stringify(query), () => calls.stats(query));
    },
  );

  // Opening a call reads what a patient said: every successful read is in the audit log.
  app.get(
    '/api/calls/:id',
    {
      config: { access, phi: true },
      schema: { params: CallIdParamsSchema, response: { 200: CallResponseSchema } },
    },
    async (request, reply) => {
      const practice = practiceOf(request);
      const scope = visibleCalls(requireAuth(request).principal);
      const { id } = request.params;
      return details.send(request, reply, JSON.stringify([practice.id, scope, id]), async () => {
        const call = await calls.find(practice, id, scope);
        if (!call) throw notFound(CALL_NOT_FOUND);
        return { call };
      });
    },
  );

  app.post(
    '/api/calls/simulate',
    {
      config: { access: 'calls:simulate', audit: { action: 'call.simulate', resourceType: 'call' } },
      schema: { body: SimulateCallBodySchema, response: { 200: CallResponseSchema } },
    },
    async (request) => {
      const practice = practiceOf(request);
      const { phoneNumberId, scenario, callerNumber } = request.body;
      const id = await simulator.simulate(practice, phoneNumberId, scenario, callerNumber);
      request.auditResourceId = id;
      const call = await calls.find(practice, id, null);
      if (!call) throw notFound(CALL_NOT_FOUND);
      return { call };
    },
  );
}
