import type { AppModule } from '../../app-types';
import type { Db } from '../../db/client';
import { createPhoneMappingsRepo } from './phone-mappings.repo';
import { registerPhoneMappingRoutes } from './phone-mappings.routes';
import {
  createPhoneMappingsService,
  type PhoneMappingsDeps,
  type PhoneMappingsService,
} from './phone-mappings.service';

/** Which connector a called number books into. */
export function createPhoneMappingsModule(
  deps: { db: Db } & Omit<PhoneMappingsDeps, 'repo'>,
): AppModule<PhoneMappingsService> {
  const service = createPhoneMappingsService({
    repo: createPhoneMappingsRepo(deps.db),
    phoneNumbers: deps.phoneNumbers,
    connectors: deps.connectors,
  });
  return { name: 'phone-mappings', service, routes: (app) => registerPhoneMappingRoutes(app, service) };
}
