import {
  CallbackAssigneesResponseSchema,
  CallbackBookResponseSchema,
  CallbackBookSchema,
  CallbackIdParamsSchema,
  CallbackListQuerySchema,
  CallbackListResponseSchema,
  CallbackResponseSchema,
  CallbackUpdateSchema,
} from '#shared/schemas/callbacks';
import { z } from 'zod';
import type { App } from '../../app-types';
import { viewer } from '../../plugins/auth';
import type { CallbacksService } from './callbacks.service';

/** `for`: only the colleagues who see that task (a sub user sees the tasks of their numbers and assistants). */
const AssigneesQuerySchema = z.object({ for: z.uuid('Not a callback id.').optional() });

/** The callback inbox: admins and users with Call Logs, scoped like call logs (by the numbers called). */
export function registerCallbackRoutes(app: App, callbacks: CallbacksService): void {
  app.get(
    '/api/callbacks',
    {
      config: { access: 'callLogs:view', phi: true },
      schema: { querystring: CallbackListQuerySchema, response: { 200: CallbackListResponseSchema } },
    },
    async (request) => {
      const who = viewer(request);
      return { callbacks: await callbacks.list(who, request.query), timeZone: who.practice.timeZone };
    },
  );

  app.get(
    '/api/callbacks/assignees',
    {
      config: { access: 'callLogs:view' },
      schema: { querystring: AssigneesQuerySchema, response: { 200: CallbackAssigneesResponseSchema } },
    },
    async (request) => ({ assignees: await callbacks.assignees(viewer(request), request.query.for) }),
  );

  app.patch(
    '/api/callbacks/:id',
    {
      config: { access: 'callLogs:view', audit: { action: 'callback.update', resourceType: 'callback' } },
      schema: {
        params: CallbackIdParamsSchema,
        body: CallbackUpdateSchema,
        response: { 200: CallbackResponseSchema },
      },
    },
    async (request) => {
      const callback = await callbacks.update(viewer(request), request.params.id, request.body);
      request.auditDetail = JSON.stringify({
        status: callback.status,
        taken: request.body.take ?? null,
        assigned: request.body.assignTo !== undefined,
        noted: request.body.note !== undefined,
      });
      return { callback };
    },
  );

  app.post(
    '/api/callbacks/:id/book',
    {
      config: { access: 'booking:use', audit: { action: 'callback.book', resourceType: 'callback' } },
      schema: {
        params: CallbackIdParamsSchema,
        body: CallbackBookSchema,
        response: { 200: CallbackBookResponseSchema },
      },
    },
    async (request) => {
      const outcome = await callbacks.book(viewer(request), request.params.id, request.body);
      request.auditDetail = JSON.stringify({ booked: outcome.success });
      return outcome;
    },
  );
}
