import type { AuditAction } from '#shared/schemas/audit';
import { SuccessResponseSchema } from '#shared/schemas/common';
import {
  CreatePhoneMappingInputSchema,
  PhoneMappingListResponseSchema,
  PhoneMappingParamsSchema,
  PhoneMappingResponseSchema,
  UpdatePhoneMappingInputSchema,
} from '#shared/schemas/phone-mappings';
import type { App } from '../../app-types';
import { viewer } from '../../plugins/auth';
import type { PhoneMappingsService } from './phone-mappings.service';

const write = (action: AuditAction) =>
  ({ access: 'phoneNumbers:view', audit: { action, resourceType: 'phone_mapping' } }) as const;

export function registerPhoneMappingRoutes(app: App, mappings: PhoneMappingsService): void {
  app.get(
    '/api/phone-mappings',
    { schema: { response: { 200: PhoneMappingListResponseSchema } } },
    async (request) => ({ mappings: await mappings.list(viewer(request)) }),
  );

  app.post(
    '/api/phone-mappings',
    {
      config: write('phone_mapping.create'),
      schema: { body: CreatePhoneMappingInputSchema, response: { 200: PhoneMappingResponseSchema } },
    },
    async (request) => {
      const mapping = await mappings.create(viewer(request), request.body);
      request.auditResourceId = mapping.phoneNumber;
      return { success: true as const, mapping };
    },
  );

  app.put(
    '/api/phone-mappings/:phoneNumber',
    {
      config: write('phone_mapping.update'),
      schema: {
        params: PhoneMappingParamsSchema,
        body: UpdatePhoneMappingInputSchema,
        response: { 200: PhoneMappingResponseSchema },
      },
    },
    async (request) => {
      const mapping = await mappings.replace(viewer(request), request.params.phoneNumber, request.body);
      request.auditResourceId = mapping.phoneNumber;
      return { success: true as const, mapping };
    },
  );

  app.delete(
    '/api/phone-mappings/:phoneNumber',
    {
      config: write('phone_mapping.delete'),
      schema: { params: PhoneMappingParamsSchema, response: { 200: SuccessResponseSchema } },
    },
    async (request) => {
      await mappings.remove(viewer(request), request.params.phoneNumber);
      return { success: true as const };
    },
  );
}
