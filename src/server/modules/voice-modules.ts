import type { App } from '../app-types';
import { asc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { practices } from '../db/schema/index';
import type { PracticeContext } from '../practice';
import type { VoicePort, WebhookTarget } from '../integrations/voice/index';
import { createAssistantsRepo } from './assistants/assistants.repo';
import { registerAssistantRoutes } from './assistants/assistants.routes';
import { createAssistantsService } from './assistants/assistants.service';
import type { ConnectorsService } from './connectors/connectors.service';
import { createPhoneMappingsRepo } from './phone-mappings/phone-mappings.repo';
import { registerPhoneMappingRoutes } from './phone-mappings/phone-mappings.routes';
import { createPhoneMappingsService } from './phone-mappings/phone-mappings.service';
import { createPhoneNumbersRepo } from './phone-numbers/phone-numbers.repo';
import { registerPhoneNumberRoutes } from './phone-numbers/phone-numbers.routes';
import { createPhoneNumbersService } from './phone-numbers/phone-numbers.service';
import { createWorkflowsRepo } from './workflows/workflows.repo';
import { registerWorkflowRoutes } from './workflows/workflows.routes';
import { createWorkflowsService } from './workflows/workflows.service';
import { registerVoicePlatformRoutes } from './voice-platform/voice-platform.routes';
import { createVoicePlatformService } from './voice-platform/voice-platform.service';

/**
 * The boot import fills the oldest practice only (an install that used Vapi before issue 22); every other
 * practice imports from its console.
 */
async function oldestPractice(db: Db): Promise<PracticeContext | undefined> {
  const [row] = await db
    .select({
      id: practices.id,
      name: practices.name,
      timeZone: practices.timeZone,
      status: practices.status,
    })
    .from(practices)
    .orderBy(asc(practices.createdAt), asc(practices.id))
    .limit(1);
  return row;
}

export interface VoiceModulesDeps {
  db: Db;
  voice: VoicePort;
  connectors: ConnectorsService;
  webhook: WebhookTarget;
  now?: () => Date;
}

/** Assistants, workflows, phone numbers, phone mappings and the voice platform itself. */
export async function registerVoiceModules(app: App, deps: VoiceModulesDeps) {
  const assistants = createAssistantsService({
    repo: createAssistantsRepo(deps.db),
    voice: deps.voice,
    now: deps.now,
  });
  const phoneNumbers = createPhoneNumbersService({
    repo: createPhoneNumbersRepo(deps.db),
    voice: deps.voice,
    assistants,
  });
  const platform = createVoicePlatformService({
    voice: deps.voice,
    assistants,
    phoneNumbers,
    webhook: deps.webhook,
  });
  await registerAssistantRoutes(app, assistants);
  registerWorkflowRoutes(app, createWorkflowsService(createWorkflowsRepo(deps.db)));
  registerPhoneNumberRoutes(app, phoneNumbers);
  registerPhoneMappingRoutes(
    app,
    createPhoneMappingsService({
      repo: createPhoneMappingsRepo(deps.db),
      phoneNumbers,
      connectors: deps.connectors,
    }),
  );
  registerVoicePlatformRoutes(app, platform);
  app.addHook('onReady', async () => {
    // A failed import must not stop the console from starting; an admin can run it again.
    try {
      const practice = await oldestPractice(deps.db);
      const imported = practice && (await platform.importWhenEmpty(practice));
      if (imported) app.log.info({ imported }, 'voice platform account imported');
    } catch (error) {
      app.log.error(
        { err: { type: (error as Error).name, message: (error as Error).message } },
        'voice platform import failed',
      );
    }
  });
  // Outbound calls check a chosen assistant and number through these.
  return Object.assign(platform, { assistants, phoneNumbers });
}
