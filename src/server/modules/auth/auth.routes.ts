import {
  LoginInputSchema,
  LoginResponseSchema,
  LogoutResponseSchema,
  MeResponseSchema,
  UserPermissionsResponseSchema,
} from '#shared/schemas/auth';
import type { App } from '../../app-types';
import { requestContext } from '../../plugins/audit';
import { requireAuth } from '../../plugins/auth';
import type { AuthService } from './auth.service';

export function registerAuthRoutes(app: App, auth: AuthService): void {
  app.post(
    '/api/auth/login',
    {
      config: { public: true },
      schema: { body: LoginInputSchema, response: { 200: LoginResponseSchema } },
    },
    async (request) => {
      const { user, sessionId } = await auth.login(request.body, requestContext(request));
      return { success: true as const, user, sessionId };
    },
  );

  app.post('/api/auth/logout', { schema: { response: { 200: LogoutResponseSchema } } }, async (request) => {
    const { sessionHash, user } = requireAuth(request);
    await auth.logout(sessionHash, user, requestContext(request));
    return { success: true as const };
  });

  app.get('/api/auth/me', { schema: { response: { 200: MeResponseSchema } } }, async (request) => ({
    success: true as const,
    user: requireAuth(request).user,
  }));

  app.get(
    '/api/user-permissions',
    { schema: { response: { 200: UserPermissionsResponseSchema } } },
    async (request) => {
      const { principal } = requireAuth(request);
      return {
        success: true as const,
        data: {
          role: principal.role,
          permissions: principal.permissions,
          assignedPhoneNumbers: [...principal.assignedPhoneNumbers],
          assignedConnectors: [...principal.assignedConnectors],
          assignedAssistants: [...principal.assignedAssistants],
        },
      };
    },
  );
}
