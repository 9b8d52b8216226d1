import {
  AppointmentListQuerySchema,
  AppointmentListResponseSchema,
  AppointmentOutcomeBodySchema,
  AppointmentOutcomeParamsSchema,
  AppointmentResponseSchema,
  PatientVisitsQuerySchema,
  PatientVisitsResponseSchema,
  PatientsWithAppointmentsResponseSchema,
  ProviderListResponseSchema,
  SlotListResponseSchema,
  SlotParamsSchema,
  SlotQuerySchema,
} from '#shared/schemas/schedule';
import type { App } from '../../app-types';
import type { TableChanges } from '../../db/changes';
import { appointments, operatories, patients, providers } from '../../db/schema/index';
import { badRequest } from '../../errors';
import { viewer } from '../../plugins/auth';
import { createBodyCache } from '../../plugins/response-serializer';
import type { ScheduleService } from './schedule.service';

/** The console's reads of the practice schedule, from the active connector the user may see. */
export function registerScheduleRoutes(app: App, schedule: ScheduleService, changes?: TableChanges): void {
  // The calendar polls its week every 30 s from every screen that shows it.
  const weeks = createBodyCache(
    AppointmentListResponseSchema,
    changes,
    [appointments, patients, providers, operatories],
    { max: 100 },
  );
  app.get(
    '/api/appointments',
    {
      config: { access: 'calendar:view', phi: true },
      schema: { querystring: AppointmentListQuerySchema, response: { 200: AppointmentListResponseSchema } },
    },
    async (request, reply) => {
      const practice = await schedule.forUser(viewer(request));
      const range = schedule.range(practice, request.query.start, request.query.end);
      if (practice.inDatabase) {
        const key = `${practice.id}|${practice.timeZone}|${range.start.toISOString()}|${range.end.toISOString()}`;
        return weeks.sendJson(request, reply, key, () => schedule.appointmentListJson(practice, range));
      }
      return weeks.send(request, reply, undefined, async () => ({
        appointments: await schedule.listAppointments(practice, range),
        time_zone: practice.timeZone,
      }));
    },
  );

  // Staff mark a visit that has started kept or a no-show (issue 25): the calendar shows it, analytics counts it.
  app.post(
    '/api/appointments/:id/outcome',
    {
      config: {
        access: 'appointments:settle',
        audit: { action: 'appointment.settle', resourceType: 'appointment' },
      },
      schema: {
        params: AppointmentOutcomeParamsSchema,
        body: AppointmentOutcomeBodySchema,
        response: { 200: AppointmentResponseSchema },
      },
    },
    async (request) => {
      const practice = await schedule.forUser(viewer(request));
      request.auditDetail = request.body.outcome;
      return { appointment: await schedule.settle(practice, request.params.id, request.body.outcome) };
    },
  );

  app.get(
    '/api/providers',
    {
      config: { access: 'schedule:view', phi: true },
      schema: { response: { 200: ProviderListResponseSchema } },
    },
    async (request) => ({
      providers: await schedule.listProviders(await schedule.forUser(viewer(request))),
    }),
  );

  app.get(
    '/api/slots/:date/:provider',
    {
      config: { access: 'schedule:view', phi: true },
      schema: {
        params: SlotParamsSchema,
        querystring: SlotQuerySchema,
        response: { 200: SlotListResponseSchema },
      },
    },
    async (request) => {
      const practice = await schedule.forUser(viewer(request));
      const typeName = request.query.appointment_type;
      const type = typeName ? await schedule.appointmentType(typeName) : undefined;
      if (typeName && !type) throw badRequest(`Unknown appointment type "${typeName}".`);
      const { date, provider } = request.params;
      return { slots: await schedule.slots(practice, date, provider, type?.durationMinutes) };
    },
  );

  // A patient's record of kept and missed visits, for staff booking them (issue 25): patient data, audited.
  app.get(
    '/api/patient-visits',
    {
      config: { access: 'booking:use', phi: true },
      schema: { querystring: PatientVisitsQuerySchema, response: { 200: PatientVisitsResponseSchema } },
    },
    async (request) =>
      schedule.patientVisits(await schedule.forUser(viewer(request)), request.query.patientId),
  );

  app.get(
    '/api/patients-with-appointments',
    {
      config: { access: 'patients:list', phi: true },
      schema: { response: { 200: PatientsWithAppointmentsResponseSchema } },
    },
    async (request) => ({
      patients: await schedule.patientsWithAppointments(await schedule.forUser(viewer(request))),
    }),
  );
}
