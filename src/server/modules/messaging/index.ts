import type { AppModule } from '../../app-types';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events';
import { isSandboxMessaging, type Messaging } from '../../integrations/messaging/index';
import { messagingSendJob } from '../../jobs/messaging-send';
import type { JobSender } from '../../jobs/queue';
import type { PracticeContext } from '../../practice';
import type { PhoneNumbersService } from '../phone-numbers/phone-numbers.service';
import type { ScheduleService } from '../schedule/schedule.service';
import { createMessagingRepo } from './messaging.repo';
import { postSigned, registerMessagingRoutes, STATUS_WEBHOOK } from './messaging.routes';
import { createMessagingService, type MessagingServiceDeps, type TextCallbacks } from './messaging.service';
import { createSender } from './sender';

export interface MessagingModuleDeps {
  db: Db;
  /** The port: Twilio, or the built-in sandbox (its reports come back through our status webhook). */
  messaging: Messaging;
  /** TWILIO_AUTH_TOKEN, which signs Twilio's webhooks (the sandbox signs with its own). */
  twilioAuthToken?: string;
  publicBaseUrl: string;
  schedule: ScheduleService;
  phoneNumbers: PhoneNumbersService;
  callbacks: TextCallbacks;
  events: EventBus;
  jobs: JobSender;
  rescheduleCall?: MessagingServiceDeps['rescheduleCall'];
  warn(detail: object, message: string): void;
  now?: () => Date;
  /** Sender timings (tests and the benchmark raise the pace and shorten the grace). */
  sender?: { segmentsPerSecond?: number; graceMs?: number; retryDelayMs?: number };
}

/** How many texts on their way the sandbox reports again at start. */
const RESUME_LIMIT = 10_000;

/** Text messages (issue 23): settings, conversations, the outbox and its sender, Twilio's webhooks. */
export function createMessagingModule(deps: MessagingModuleDeps) {
  const repo = createMessagingRepo(deps.db);
  const sender = createSender({
    repo,
    messaging: deps.messaging,
    warn: deps.warn,
    now: deps.now,
    ...deps.sender,
  });
  const sendJob = messagingSendJob(sender);
  const service = createMessagingService({
    repo,
    messaging: deps.messaging,
    schedule: deps.schedule,
    phoneNumbers: deps.phoneNumbers,
    callbacks: deps.callbacks,
    wake: async (practiceId) => {
      await deps.jobs.send(sendJob, { practiceId });
    },
    rescheduleCall: deps.rescheduleCall,
    warn: deps.warn,
    now: deps.now,
  });
  const sandbox = isSandboxMessaging(deps.messaging) ? deps.messaging : undefined;
  const webhooks = {
    mode: deps.messaging.kind,
    authToken: sandbox?.authToken ?? deps.twilioAuthToken ?? '',
    publicBaseUrl: deps.publicBaseUrl,
  };

  const inPractice = async (practiceId: string, then: (practice: PracticeContext) => Promise<void>) => {
    const practice = await deps.schedule.practice(practiceId);
    if (practice) await then(practice);
  };
  // Idempotent: the text's key is the appointment's (`booking:<id>`).
  deps.events.subscribe('appointment.created', 'messaging.booking-confirmation', (booking) =>
    inPractice(booking.practiceId, (practice) => service.bookingCreated(practice, booking)),
  );

  return {
    name: 'messaging',
    service,
    async routes(app) {
      await registerMessagingRoutes(app, { service, ...webhooks, warn: deps.warn });
      if (sandbox) {
        // The sandbox reports delivery through the same status webhook Twilio would call.
        sandbox.onStatus(async (report) => {
          await postSigned(app, webhooks, STATUS_WEBHOOK, report);
        });
        app.addHook('onClose', async () => sandbox.stop());
        // Texts a dead process sent lost their reports with it: the sandbox reports them again.
        app.addHook('onReady', async () => {
          await sandbox.resume(await repo.textsOnTheirWay(RESUME_LIMIT));
        });
      }
    },
    jobs: [sendJob],
    sender,
    /** The port (tests reach the sandbox's signing secret and inbox here). */
    port: deps.messaging,
  } satisfies AppModule<typeof service> & Record<string, unknown>;
}

export type MessagingModule = ReturnType<typeof createMessagingModule>;
