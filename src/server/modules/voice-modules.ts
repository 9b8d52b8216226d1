import type { AppModule } from '../app-types';
import type { TableChanges } from '../db/changes';
import type { Db } from '../db/client';
import type { VoicePort, WebhookTarget } from '../integrations/voice/index';
import { createAssistantsModule } from './assistants/index';
import type { ConnectorsService } from './connectors/connectors.service';
import { createPhoneMappingsModule } from './phone-mappings/index';
import { createPhoneNumbersModule } from './phone-numbers/index';
import { createVoicePlatformModule } from './voice-platform/index';
import { createWorkflowsModule } from './workflows/index';

export interface VoiceModulesDeps {
  db: Db;
  /** For the read caches of the webhook's hot path (ADR 022). */
  changes?: TableChanges;
  voice: VoicePort;
  connectors: ConnectorsService;
  webhook: WebhookTarget;
  now?: () => Date;
}

/**
 * Assistants, workflows, phone numbers, phone mappings and the voice platform itself: built together because
 * they share the voice port and each other's services. Returns the modules for app.ts's list.
 */
export function createVoiceModules(deps: VoiceModulesDeps) {
  const assistants = createAssistantsModule({ db: deps.db, voice: deps.voice, now: deps.now });
  const phoneNumbers = createPhoneNumbersModule({
    db: deps.db,
    changes: deps.changes,
    voice: deps.voice,
    assistants: assistants.service,
  });
  const platform = createVoicePlatformModule({
    db: deps.db,
    voice: deps.voice,
    assistants: assistants.service,
    phoneNumbers: phoneNumbers.service,
    webhook: deps.webhook,
  });
  const modules: AppModule<unknown>[] = [
    assistants,
    createWorkflowsModule({ db: deps.db }),
    phoneNumbers,
    createPhoneMappingsModule({
      db: deps.db,
      phoneNumbers: phoneNumbers.service,
      connectors: deps.connectors,
    }),
    platform,
  ];
  return { assistants, phoneNumbers, platform, modules };
}
