import {
  CreateUserInputSchema,
  UpdateUserInputSchema,
  UserAssistantsResponseSchema,
  UserIdParamsSchema,
  UserLinkedAccountsResponseSchema,
  UserListResponseSchema,
  UserPermissionsDetailResponseSchema,
  UserPhoneNumbersResponseSchema,
  UserResponseSchema,
} from '#shared/schemas/users';
import { SuccessResponseSchema } from '#shared/schemas/common';
import type { App } from '../../app-types';
import { practiceOf, requireAuth } from '../../plugins/auth';
import type { UsersService } from './users.service';

const audit = (action: 'user.create' | 'user.update' | 'user.delete') => ({ action, resourceType: 'user' });

export function registerUserRoutes(app: App, users: UsersService): void {
  const admin = { access: 'users:manage' } as const;

  app.get(
    '/api/users',
    { config: admin, schema: { response: { 200: UserListResponseSchema } } },
    async (request) => ({ users: await users.list(practiceOf(request)) }),
  );

  app.post(
    '/api/users/atomic',
    {
      config: { ...admin, audit: audit('user.create') },
      schema: { body: CreateUserInputSchema, response: { 200: UserResponseSchema } },
    },
    async (request) => {
      const { user } = await users.create(practiceOf(request), requireAuth(request).user, request.body);
      request.auditResourceId = user.id;
      return { success: true as const, user };
    },
  );

  app.put(
    '/api/users/:id/atomic',
    {
      config: { ...admin, audit: audit('user.update') },
      schema: {
        params: UserIdParamsSchema,
        body: UpdateUserInputSchema,
        response: { 200: UserResponseSchema },
      },
    },
    async (request) => {
      const { user: actor, sessionHash } = requireAuth(request);
      const { user, changes } = await users.update(
        practiceOf(request),
        { id: actor.id, sessionHash },
        request.params.id,
        request.body,
      );
      request.auditDetail = changes.join(', ') || null;
      return { success: true as const, user };
    },
  );

  app.delete(
    '/api/users/:id',
    {
      config: { ...admin, audit: audit('user.delete') },
      schema: { params: UserIdParamsSchema, response: { 200: SuccessResponseSchema } },
    },
    async (request) => {
      await users.remove(practiceOf(request), requireAuth(request).user, request.params.id);
      return { success: true as const };
    },
  );

  app.get(
    '/api/users/:id/permissions',
    {
      config: admin,
      schema: { params: UserIdParamsSchema, response: { 200: UserPermissionsDetailResponseSchema } },
    },
    async (request) => ({ permissions: await users.permissions(practiceOf(request), request.params.id) }),
  );

  app.get(
    '/api/users/:id/phone-numbers',
    {
      config: admin,
      schema: { params: UserIdParamsSchema, response: { 200: UserPhoneNumbersResponseSchema } },
    },
    async (request) => {
      const userId = request.params.id;
      const rows = await users.phoneNumbers(practiceOf(request), userId);
      // The assignment has no id of its own: it is the (user, phone number) pair.
      return { phoneNumbers: rows.map((row) => ({ ...row, phoneNumberMappingId: `${userId}:${row.id}` })) };
    },
  );

  app.get(
    '/api/users/:id/linked-accounts',
    {
      config: admin,
      schema: { params: UserIdParamsSchema, response: { 200: UserLinkedAccountsResponseSchema } },
    },
    async (request) => ({
      linkedAccounts: await users.linkedAccounts(practiceOf(request), request.params.id),
    }),
  );

  app.get(
    '/api/users/:id/assistants',
    {
      config: admin,
      schema: { params: UserIdParamsSchema, response: { 200: UserAssistantsResponseSchema } },
    },
    async (request) => ({ assistants: await users.assistants(practiceOf(request), request.params.id) }),
  );
}
