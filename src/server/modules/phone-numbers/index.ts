import type { AppModule } from '../../app-types';
import type { TableChanges } from '../../db/changes';
import type { Db } from '../../db/client';
import type { VoicePort } from '../../integrations/voice/index';
import type { AssistantsService } from '../assistants/assistants.service';
import { createPhoneNumbersRepo } from './phone-numbers.repo';
import { registerPhoneNumberRoutes } from './phone-numbers.routes';
import { createPhoneNumbersService, type PhoneNumbersService } from './phone-numbers.service';

/** The practice's phone numbers on the voice platform (ADR 034). */
export function createPhoneNumbersModule(deps: {
  db: Db;
  changes?: TableChanges;
  voice: VoicePort;
  assistants: AssistantsService;
}): AppModule<PhoneNumbersService> {
  const service = createPhoneNumbersService({
    repo: createPhoneNumbersRepo(deps.db, deps.changes),
    voice: deps.voice,
    assistants: deps.assistants,
  });
  return { name: 'phone-numbers', service, routes: (app) => registerPhoneNumberRoutes(app, service) };
}
