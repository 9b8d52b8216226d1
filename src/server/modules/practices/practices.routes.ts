import {
  CreatePracticeInputSchema,
  CreatePracticeResponseSchema,
  InvitePracticeAdminInputSchema,
  PracticeIdParamsSchema,
  PracticeInvitationResponseSchema,
  PracticeListResponseSchema,
  PracticeResponseSchema,
  UpdatePracticeInputSchema,
} from '#shared/schemas/practices';
import type { AuditAction } from '#shared/schemas/audit';
import type { App } from '../../app-types';
import { requestContext } from '../../plugins/audit';
import { requireAuth } from '../../plugins/auth';
import type { PracticesService } from './practices.service';

const manage = (action: AuditAction) =>
  ({ access: 'practices:manage', audit: { action, resourceType: 'practice' } }) as const;

/**
 * The operator's practices: list, create (with the first admin's invitation), invite an admin again, suspend and
 * reactivate.
 */
export function registerPracticeRoutes(app: App, practices: PracticesService): void {
  app.get(
    '/api/practices',
    { config: { access: 'practices:manage' }, schema: { response: { 200: PracticeListResponseSchema } } },
    async () => ({ practices: await practices.list() }),
  );

  app.post(
    '/api/practices',
    {
      config: manage('practice.create'),
      schema: { body: CreatePracticeInputSchema, response: { 201: CreatePracticeResponseSchema } },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const created = await practices.create(
        request.body,
        { id: user.id, role: 'operator' },
        requestContext(request),
      );
      // A practice kept without its admin's invitation is still the practice this entry names.
      request.auditResourceId = created.practice.id;
      request.auditPracticeId = created.practice.id;
      if ('notInvited' in created) throw created.notInvited;
      if (request.body.demoRequestId) request.auditDetail = 'from a demo request';
      return reply.status(201).send(created);
    },
  );

  // The invitations service audits the invitation (invitation.create, under the practice).
  app.post(
    '/api/practices/:id/invitations',
    {
      config: { access: 'practices:manage' },
      schema: {
        params: PracticeIdParamsSchema,
        body: InvitePracticeAdminInputSchema,
        response: { 201: PracticeInvitationResponseSchema },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const invitation = await practices.inviteAdmin(
        request.params.id,
        request.body.adminEmail,
        { id: user.id, role: 'operator' },
        requestContext(request),
      );
      return reply.status(201).send({ invitation });
    },
  );

  app.patch(
    '/api/practices/:id',
    {
      config: manage('practice.update'),
      schema: {
        params: PracticeIdParamsSchema,
        body: UpdatePracticeInputSchema,
        response: { 200: PracticeResponseSchema },
      },
    },
    async (request) => {
      request.auditDetail = request.body.status === 'suspended' ? 'suspended' : 'reactivated';
      const practice = await practices.setStatus(request.params.id, request.body.status);
      // Only once it is known to exist: the entry's practice is a foreign key.
      request.auditPracticeId = practice.id;
      return { practice };
    },
  );
}
