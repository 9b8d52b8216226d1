import type { AppModule } from '../../app-types';
import type { Db } from '../../db/client';
import type { PhoneNumbersService } from '../phone-numbers/phone-numbers.service';
import { createCallTransferRepo } from './call-transfer.repo';
import { registerCallTransferRoutes } from './call-transfer.routes';
import { createCallTransferService, type CallTransferService } from './call-transfer.service';

/** Transfer to a person: the number and hours, answered to the platform (ADR 045). */
export function createCallTransferModule(deps: {
  db: Db;
  phoneNumbers: Pick<PhoneNumbersService, 'routeForCall'>;
  now?: () => Date;
}): AppModule<CallTransferService> {
  const service = createCallTransferService({
    repo: createCallTransferRepo(deps.db),
    answersCalls: async (number) => Boolean(await deps.phoneNumbers.routeForCall({ number })),
    now: deps.now,
  });
  return { name: 'call-transfer', service, routes: (app) => registerCallTransferRoutes(app, service) };
}
