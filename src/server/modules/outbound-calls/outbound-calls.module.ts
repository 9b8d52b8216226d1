import type { App } from '../../app-types';
import type { Db } from '../../db/client';
import type { Idempotency } from '../../db/idempotency';
import type { VoicePort } from '../../integrations/voice/index';
import { outboundCampaignsJob, outboundDispatchJob } from '../../jobs/outbound-dispatch';
import type { JobDefinition, JobQueue } from '../../jobs/queue';
import type { AssistantsService } from '../assistants/assistants.service';
import type { CallsService } from '../calls/calls.service';
import type { PhoneNumbersService } from '../phone-numbers/phone-numbers.service';
import type { ScheduleService } from '../schedule/schedule.service';
import { createCallEvents } from './call-events';
import { createCampaigns } from './campaigns';
import { createDispatcher } from './dispatcher';
import { createOutboundCallsRepo } from './outbound-calls.repo';
import { registerOutboundCallRoutes } from './outbound-calls.routes';
import { createOutboundCallsService } from './outbound-calls.service';

export interface OutboundCallsModuleDeps {
  db: Db;
  schedule: ScheduleService;
  assistants: AssistantsService;
  phoneNumbers: PhoneNumbersService;
  /** Placed calls go into Call Logs with their assistant and number. */
  calls: Pick<CallsService, 'recordPlaced'>;
  idempotency: Idempotency;
  voice: VoicePort;
  now?: () => Date;
  /** Delay before a busy or unanswered call is tried again (default 10 minutes). */
  retryDelayMs?: number;
  /** After this long a claimed call whose placement was never stored is placed again (default 60 s). */
  placementGraceMs?: number;
}

const RETRY_DELAY_MS = 10 * 60_000;

/** Outbound calls: the API, the dispatcher and its job, and the events that settle calls. */
export function registerOutboundCalls(app: App, deps: OutboundCallsModuleDeps) {
  const repo = createOutboundCallsRepo(deps.db);
  let queue: JobQueue | undefined;
  const dispatcher = createDispatcher({
    db: deps.db,
    repo,
    voice: deps.voice,
    assistants: deps.assistants,
    phoneNumbers: deps.phoneNumbers,
    calls: deps.calls,
    warn: (detail, message) => app.log.warn(detail, message),
    now: deps.now,
    placementGraceMs: deps.placementGraceMs,
  });
  const dispatchJob = outboundDispatchJob(dispatcher);
  /** Without a queue (API tests, the console before the queue started) the cron picks the work up. */
  const wake = async (practiceId: string) => {
    await queue?.send(dispatchJob, { practiceId });
  };
  const campaigns = createCampaigns({
    repo,
    schedule: (practice) => deps.schedule.forPractice(practice),
    wake,
    now: deps.now,
  });
  const service = createOutboundCallsService({
    repo,
    assistants: deps.assistants,
    phoneNumbers: deps.phoneNumbers,
    schedule: deps.schedule,
    idempotency: deps.idempotency,
    onQueued: wake,
    now: deps.now,
  });
  registerOutboundCallRoutes(app, service);
  return {
    service,
    dispatcher,
    campaigns,
    onCallEvent: createCallEvents({
      db: deps.db,
      retryDelayMs: deps.retryDelayMs ?? RETRY_DELAY_MS,
      wake,
      now: deps.now,
    }),
    jobs: [dispatchJob, outboundCampaignsJob(campaigns)] as JobDefinition<object>[],
    attachQueue(jobQueue: JobQueue) {
      queue = jobQueue;
    },
  };
}

export type OutboundCallsModule = ReturnType<typeof registerOutboundCalls>;
