import type { App } from '../../app-types';
import type { Db } from '../../db/client';
import type { Idempotency } from '../../db/idempotency';
import type { AssistantsService } from '../assistants/assistants.service';
import type { PhoneNumbersService } from '../phone-numbers/phone-numbers.service';
import type { ScheduleService } from '../schedule/schedule.service';
import { createOutboundCallsRepo } from './outbound-calls.repo';
import { registerOutboundCallRoutes } from './outbound-calls.routes';
import { createOutboundCallsService } from './outbound-calls.service';

export interface OutboundCallsModuleDeps {
  db: Db;
  schedule: ScheduleService;
  assistants: AssistantsService;
  phoneNumbers: PhoneNumbersService;
  idempotency: Idempotency;
  now?: () => Date;
}

/** Outbound calls: the API, and what the job queue runs for them. */
export function registerOutboundCalls(app: App, deps: OutboundCallsModuleDeps) {
  const repo = createOutboundCallsRepo(deps.db);
  const service = createOutboundCallsService({
    repo,
    assistants: deps.assistants,
    phoneNumbers: deps.phoneNumbers,
    schedule: deps.schedule,
    idempotency: deps.idempotency,
    now: deps.now,
  });
  registerOutboundCallRoutes(app, service);
  return { repo, service };
}
