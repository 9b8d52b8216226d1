import type { AppModule } from '../../app-types';
import type { Db } from '../../db/client';
import type { VoicePort } from '../../integrations/voice/index';
import { createAssistantsRepo } from './assistants.repo';
import { registerAssistantRoutes } from './assistants.routes';
import { createAssistantsService, type AssistantsService } from './assistants.service';

/** The voice assistants, kept here and on the voice platform. */
export function createAssistantsModule(deps: {
  db: Db;
  voice: VoicePort;
  now?: () => Date;
}): AppModule<AssistantsService> {
  const service = createAssistantsService({
    repo: createAssistantsRepo(deps.db),
    voice: deps.voice,
    now: deps.now,
  });
  return { name: 'assistants', service, routes: (app) => registerAssistantRoutes(app, service) };
}
