import { z } from 'zod';
import {
  AnalyticsFilterSchema,
  AnalyticsSchema,
  AppointmentValuesBodySchema,
  AppointmentValuesResponseSchema,
} from '#shared/schemas/analytics';
import type { App } from '../../app-types';
import { practiceOf, requireAuth } from '../../plugins/auth';
import { visibleAnalytics } from '../scope';
import type { AnalyticsService } from './analytics.service';

/** The Analytics screen's figures, its CSV export and the practice's value per appointment type (issue 25). */
export function registerAnalyticsRoutes(app: App, analytics: AnalyticsService): void {
  const access = 'analytics:view' as const;

  app.get(
    '/api/analytics',
    {
      config: { access },
      schema: { querystring: AnalyticsFilterSchema, response: { 200: AnalyticsSchema } },
    },
    async (request) =>
      analytics.read(practiceOf(request), visibleAnalytics(requireAuth(request).principal), request.query),
  );

  // One row per call with what it produced; no caller's name or number (the figures are not patient data).
  app.get(
    '/api/analytics/export',
    { config: { access }, schema: { querystring: AnalyticsFilterSchema, response: { 200: z.string() } } },
    async (request, reply) => {
      const scope = visibleAnalytics(requireAuth(request).principal);
      const csv = await analytics.exportCsv(practiceOf(request), scope, request.query);
      const { from, to } = request.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="analytics-${from}-to-${to}.csv"`)
        .send(csv);
    },
  );

  app.get(
    '/api/analytics/values',
    { config: { access }, schema: { response: { 200: AppointmentValuesResponseSchema } } },
    async (request) => analytics.values(practiceOf(request)),
  );

  app.put(
    '/api/analytics/values',
    {
      config: {
        access: 'analyticsSettings:manage',
        audit: { action: 'analytics_values.update', resourceType: 'practice' },
      },
      schema: { body: AppointmentValuesBodySchema, response: { 200: AppointmentValuesResponseSchema } },
    },
    async (request) => {
      const practice = practiceOf(request);
      request.auditResourceId = practice.id;
      return analytics.setValues(practice, request.body);
    },
  );
}
