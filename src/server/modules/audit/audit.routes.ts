import { z } from 'zod';
import { AuditFilterSchema, AuditListQuerySchema, AuditListResponseSchema } from '#shared/schemas/audit';
import type { App } from '../../app-types';
import { practiceOf } from '../../plugins/auth';
import type { AuditService } from './audit.service';

/** Read-only: no route changes or deletes an entry. */
export function registerAuditRoutes(app: App, audit: AuditService): void {
  app.get(
    '/api/audit-events',
    {
      config: { access: 'audit:view' },
      schema: { querystring: AuditListQuerySchema, response: { 200: AuditListResponseSchema } },
    },
    async (request) => {
      const { cursor, limit, ...filter } = request.query;
      const practice = practiceOf(request);
      const { events, nextCursor } = await audit.list(practice, filter, limit, cursor);
      return { events, nextCursor, timeZone: practice.timeZone };
    },
  );

  app.get(
    '/api/audit-events/export',
    {
      config: { access: 'audit:view' },
      schema: { querystring: AuditFilterSchema, response: { 200: z.string() } },
    },
    async (request, reply) => {
      const csv = await audit.exportCsv(practiceOf(request), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .send(csv);
    },
  );
}
