import {
  AnalyzeTranscriptBodySchema,
  AnalyzeTranscriptResponseSchema,
  CallIdParamsSchema,
  CallProcessingListResponseSchema,
  ProcessAppointmentResponseSchema,
  ProcessPendingResponseSchema,
} from '#shared/schemas/processor';
import type { App } from '../../app-types';
import { viewer } from '../../plugins/auth';
import type { ProcessorService } from './processor.service';

const access = { access: 'processor:use' } as const;

/** The Appointment Processor (part 2, sections 2 and 7): admins only. */
export function registerProcessorRoutes(app: App, processor: ProcessorService): void {
  app.post(
    '/api/analyze-transcript',
    {
      config: access,
      schema: { body: AnalyzeTranscriptBodySchema, response: { 200: AnalyzeTranscriptResponseSchema } },
    },
    async (request) =>
      processor.analyzeTranscript(viewer(request), request.body.transcript, request.body.callId),
  );

  app.post(
    '/api/call/:id/process-appointment',
    {
      config: { ...access, audit: { action: 'call.process', resourceType: 'call' } },
      schema: { params: CallIdParamsSchema, response: { 200: ProcessAppointmentResponseSchema } },
    },
    async (request) => {
      request.auditResourceId = request.params.id;
      return processor.processCall(viewer(request), request.params.id);
    },
  );

  app.post(
    '/api/process-pending-appointments',
    {
      config: { ...access, audit: { action: 'call.process_pending', resourceType: 'call' } },
      schema: { response: { 200: ProcessPendingResponseSchema } },
    },
    async (request) => processor.processPending(viewer(request)),
  );

  app.get(
    '/api/call-processing',
    { config: access, schema: { response: { 200: CallProcessingListResponseSchema } } },
    async (request) => ({ calls: await processor.callStates(viewer(request)) }),
  );
}
