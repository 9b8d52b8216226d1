import type { AuditAction } from '#shared/schemas/audit';
import { SuccessResponseSchema } from '#shared/schemas/common';
import {
  PhoneNumberIdParamsSchema,
  PhoneNumberListResponseSchema,
  PhoneNumberResponseSchema,
  UpdatePhoneNumberInputSchema,
} from '#shared/schemas/phone-numbers';
import type { App } from '../../app-types';
import { viewer } from '../../plugins/auth';
import type { PhoneNumbersService } from './phone-numbers.service';

/**
 * Editing: `phoneNumbers:view` = an admin, or a sub user with at least one assigned number (section 6).
 * Deleting: admins only (ADR 042).
 */
const write = (action: AuditAction, access: 'phoneNumbers:view' | 'phoneNumbers:delete') =>
  ({ access, audit: { action, resourceType: 'phone_number' } }) as const;

export function registerPhoneNumberRoutes(app: App, phoneNumbers: PhoneNumbersService): void {
  // Everyone signed in: a sub user without numbers gets an empty list (the screen's empty state).
  app.get(
    '/api/phone-numbers',
    { schema: { response: { 200: PhoneNumberListResponseSchema } } },
    async (request) => ({ phoneNumbers: await phoneNumbers.list(viewer(request)) }),
  );

  app.patch(
    '/api/phone-numbers/:id',
    {
      config: write('phone_number.update', 'phoneNumbers:view'),
      schema: {
        params: PhoneNumberIdParamsSchema,
        body: UpdatePhoneNumberInputSchema,
        response: { 200: PhoneNumberResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      phoneNumber: await phoneNumbers.update(viewer(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/phone-numbers/:id',
    {
      config: write('phone_number.delete', 'phoneNumbers:delete'),
      schema: { params: PhoneNumberIdParamsSchema, response: { 200: SuccessResponseSchema } },
    },
    async (request) => {
      await phoneNumbers.remove(viewer(request), request.params.id);
      return { success: true as const };
    },
  );
}
