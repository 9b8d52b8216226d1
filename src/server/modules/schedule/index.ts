import type { AppModule } from '../../app-types';
import type { TableChanges } from '../../db/changes';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events';
import { createIdempotency } from '../../db/idempotency';
import type { Integrations } from '../../integrations/index';
import { outcomeSyncJob } from '../../jobs/outcome-sync';
import { NO_QUEUE, type JobSender } from '../../jobs/queue';
import type { ConnectorsService } from '../connectors/connectors.service';
import { createScheduleRepo } from './schedule.repo';
import { registerScheduleRoutes } from './schedule.routes';
import { createScheduleService, type ScheduleService } from './schedule.service';

export interface ScheduleModuleDeps {
  db: Db;
  changes?: TableChanges;
  integrations: Integrations;
  connectors: ConnectorsService;
  /** Publishes `appointment.created` after every new booking (issue 23). */
  events?: EventBus;
  /** The outcome sync's cron run sends one job per practice (issue 25). */
  jobs?: JobSender;
  warn?: (detail: object, message: string) => void;
  now?: () => Date;
}

/** The practice's schedule: slots, appointments, patients, providers, bookings (ADR 006), outcomes (ADR 057). */
export function createScheduleModule(deps: ScheduleModuleDeps): AppModule<ScheduleService> {
  const service = createScheduleService({
    repo: createScheduleRepo(deps.db, deps.changes),
    integrations: deps.integrations,
    idempotency: createIdempotency(deps.db),
    connectors: deps.connectors,
    events: deps.events,
    warn: deps.warn,
    now: deps.now,
  });
  const sync = {
    practices: service.practicesToSync,
    run: async (practiceId: string) => {
      const practice = await service.practice(practiceId);
      // A practice suspended or gone since the job was sent waits (issue 22).
      if (practice?.status !== 'active') return undefined;
      return service.syncOutcomes(await service.forPractice(practice));
    },
  };
  return {
    name: 'schedule',
    service,
    routes: (app) => registerScheduleRoutes(app, service, deps.changes),
    jobs: [outcomeSyncJob(sync, deps.jobs ?? NO_QUEUE)],
  };
}
