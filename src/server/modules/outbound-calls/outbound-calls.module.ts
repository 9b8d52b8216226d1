import type { AppModule } from '../../app-types';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events';
import type { Idempotency } from '../../db/idempotency';
import type { VoicePort } from '../../integrations/voice/index';
import type { PracticeContext } from '../../practice';
import { outboundCampaignsJob, outboundDispatchJob } from '../../jobs/outbound-dispatch';
import type { JobDefinition, JobSender } from '../../jobs/queue';
import type { AssistantsService } from '../assistants/assistants.service';
import type { CallsService } from '../calls/calls.service';
import type { TextQueue } from '../messaging/messaging.service';
import type { PhoneNumbersService } from '../phone-numbers/phone-numbers.service';
import type { ScheduleService } from '../schedule/schedule.service';
import { createCallEvents } from './call-events';
import { createCallTargets } from './call-targets';
import { createCampaigns } from './campaigns';
import { createDispatcher } from './dispatcher';
import { createOutboundCallsRepo } from './outbound-calls.repo';
import { registerOutboundCallRoutes } from './outbound-calls.routes';
import { createOutboundCallsService } from './outbound-calls.service';
import { registerRecallRoutes } from './recall.routes';
import { createRecallService } from './recall.service';

export interface OutboundCallsModuleDeps {
  db: Db;
  schedule: ScheduleService;
  assistants: AssistantsService;
  phoneNumbers: PhoneNumbersService;
  /** Placed calls go into Call Logs with their assistant and number. */
  calls: Pick<CallsService, 'recordPlaced'>;
  idempotency: Idempotency;
  voice: VoicePort;
  /** Texts for the `sms` and `sms_then_call` channels (the messaging module's service). */
  texts: TextQueue;
  /** The job queue the dispatcher is woken on (`NO_QUEUE` where none runs: the cron picks the work up). */
  jobs: JobSender;
  /** The calls' reports settle outbound calls (`call.updated`, `call.ended`). */
  events: EventBus;
  warn(detail: object, message: string): void;
  now?: () => Date;
  /** Delay before a busy or unanswered call is tried again (default 10 minutes). */
  retryDelayMs?: number;
  /** After this long a claimed call whose placement was never stored is placed again (default 60 s). */
  placementGraceMs?: number;
}

const RETRY_DELAY_MS = 10 * 60_000;

/**
 * Outbound calls: the API, the dispatcher and its jobs, the events that settle calls, and recall (issue 24:
 * the due list, its calls and texts, and its daily campaign within the campaign job).
 */
export function createOutboundCallsModule(deps: OutboundCallsModuleDeps) {
  const repo = createOutboundCallsRepo(deps.db);
  const dispatcher = createDispatcher({
    db: deps.db,
    repo,
    voice: deps.voice,
    assistants: deps.assistants,
    phoneNumbers: deps.phoneNumbers,
    schedule: deps.schedule,
    calls: deps.calls,
    onCallEvent: (practice, event) => onCallEvent(practice, event),
    warn: deps.warn,
    now: deps.now,
    placementGraceMs: deps.placementGraceMs,
  });
  const dispatchJob = outboundDispatchJob(dispatcher);
  const wake = async (practiceId: string) => {
    await deps.jobs.send(dispatchJob, { practiceId });
  };
  const recall = createRecallService({
    repo,
    schedule: deps.schedule,
    resolveTargets: createCallTargets(deps),
    idempotency: deps.idempotency,
    texts: deps.texts,
    onQueued: wake,
    now: deps.now,
  });
  const campaigns = createCampaigns({
    repo,
    schedule: (practice) => deps.schedule.forPractice(practice),
    texts: deps.texts,
    recall: recall.campaign,
    wake,
    now: deps.now,
  });
  const service = createOutboundCallsService({
    repo,
    assistants: deps.assistants,
    phoneNumbers: deps.phoneNumbers,
    schedule: deps.schedule,
    idempotency: deps.idempotency,
    texts: deps.texts,
    onQueued: wake,
    now: deps.now,
  });
  const onCallEvent = createCallEvents({
    db: deps.db,
    retryDelayMs: deps.retryDelayMs ?? RETRY_DELAY_MS,
    wake,
    now: deps.now,
  });
  // Idempotent, and the dispatcher's silent-call check settles a call whose event was lost in a crash.
  const inPractice = async (practiceId: string, then: (practice: PracticeContext) => Promise<void>) => {
    const practice = await deps.schedule.practice(practiceId);
    if (practice) await then(practice);
  };
  deps.events.subscribe('call.updated', 'outbound-calls.follow-call', (call) =>
    inPractice(call.practiceId, (practice) => onCallEvent(practice, { ...call, endedReason: null })),
  );
  deps.events.subscribe('call.ended', 'outbound-calls.settle-call', (call) =>
    inPractice(call.practiceId, (practice) => onCallEvent(practice, { ...call, status: 'ended' })),
  );
  // A visit booked during a recall call is that call's booking (for the analytics).
  deps.events.subscribe('appointment.created', 'outbound-calls.link-recall-booking', async (booking) => {
    if (booking.providerCallId)
      await recall.linkBooking(booking.practiceId, booking.providerCallId, booking.appointmentId);
  });
  const jobs: JobDefinition<object>[] = [dispatchJob, outboundCampaignsJob(campaigns)];
  return {
    name: 'outbound-calls',
    service,
    routes(app) {
      registerOutboundCallRoutes(app, service);
      registerRecallRoutes(app, recall);
    },
    jobs,
    dispatcher,
    campaigns,
    recall,
  } satisfies AppModule<typeof service> & Record<string, unknown>;
}

export type OutboundCallsModule = ReturnType<typeof createOutboundCallsModule>;
