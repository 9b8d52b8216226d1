import {
  CallTransferSettingsSchema,
  UpdateCallTransferSettingsInputSchema,
} from '#shared/schemas/call-transfer';
import type { App } from '../../app-types';
import { practiceOf } from '../../plugins/auth';
import type { CallTransferService } from './call-transfer.service';

/** Transfer to a person (ADR 045): admins set the number and the hours someone answers. */
export function registerCallTransferRoutes(app: App, transfer: CallTransferService): void {
  app.get(
    '/api/call-transfer-settings',
    {
      config: { access: 'callTransfer:manage' },
      schema: { response: { 200: CallTransferSettingsSchema } },
    },
    async (request) => transfer.settings(practiceOf(request)),
  );

  app.put(
    '/api/call-transfer-settings',
    {
      config: {
        access: 'callTransfer:manage',
        audit: { action: 'call_transfer.update', resourceType: 'call_transfer_settings' },
      },
      schema: { body: UpdateCallTransferSettingsInputSchema, response: { 200: CallTransferSettingsSchema } },
    },
    async (request) => {
      request.auditResourceId = 'practice';
      return transfer.update(practiceOf(request), request.body);
    },
  );
}
