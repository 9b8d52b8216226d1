import type { AppModule } from '../../app-types';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events';
import type { AuditService } from '../audit/audit.service';
import type { ScheduleService } from '../schedule/schedule.service';
import { createCallbacksRepo } from './callbacks.repo';
import { registerCallbackRoutes } from './callbacks.routes';
import { createCallbacksService, type CallbacksService } from './callbacks.service';
import { createProcessorRepo } from './processor.repo';
import { registerProcessorRoutes } from './processor.routes';
import { createProcessorService, type ProcessorService } from './processor.service';

export interface ProcessorModuleDeps {
  db: Db;
  schedule: ScheduleService;
  audit: Pick<AuditService, 'record'>;
  events: EventBus;
  now?: () => Date;
}

/** The Appointment Processor and the callback inbox (ADR 035). */
export function createProcessorModule(
  deps: ProcessorModuleDeps,
): AppModule<{ callbacks: CallbacksService; processor: ProcessorService }> {
  const callbacks = createCallbacksService({
    repo: createCallbacksRepo(deps.db),
    schedule: deps.schedule,
    audit: deps.audit,
    events: deps.events,
    now: deps.now,
  });
  const processor = createProcessorService({
    repo: createProcessorRepo(deps.db),
    schedule: deps.schedule,
    events: deps.events,
    now: deps.now,
  });
  // An ended call may leave a caller waiting: its task now (the inbox's own catch-up finds any missed).
  deps.events.subscribe('call.ended', 'callbacks.task-for-ended-call', async (call) => {
    const practice = await deps.schedule.practice(call.practiceId);
    if (practice) await callbacks.callEnded(practice, { ...call, id: call.callId, type: call.type ?? '' });
  });
  // The processor booked the call: its open task is done, also after a crash between the two.
  deps.events.subscribeDurable('appointment.booked', 'callbacks.close-for-booked-call', async (booked) => {
    const practice = await deps.schedule.practice(booked.practiceId);
    if (booked.callId && practice)
      await callbacks.closeForCall(practice, booked.callId, 'Booked by the Appointment Processor.');
  });
  return {
    name: 'processor',
    service: { callbacks, processor },
    routes(app) {
      registerCallbackRoutes(app, callbacks);
      registerProcessorRoutes(app, processor);
    },
  };
}
