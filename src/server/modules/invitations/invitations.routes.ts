import {
  AcceptInvitationInputSchema,
  AcceptInvitationResponseSchema,
  CreateInvitationInputSchema,
  InvitationResponseSchema,
} from '#shared/schemas/invitations';
import { SandboxMailListResponseSchema } from '#shared/schemas/mail';
import type { App } from '../../app-types';
import { notFound } from '../../errors';
import type { MailPort, SandboxMailPort } from '../../integrations/mail/port';
import { requestContext } from '../../plugins/audit';
import { practiceOf, requireAuth } from '../../plugins/auth';
import type { InvitationsService } from './invitations.service';

const isSandbox = (mail: MailPort): mail is SandboxMailPort => mail.kind === 'sandbox';

/** The service audits invitations itself: the operator's invitations (practices module) go through it too. */
export function registerInvitationRoutes(app: App, invitations: InvitationsService, mail: MailPort): void {
  app.post(
    '/api/invitations',
    {
      config: { access: 'users:invite' },
      schema: { body: CreateInvitationInputSchema, response: { 201: InvitationResponseSchema } },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const invitation = await invitations.invite(
        practiceOf(request),
        request.body,
        { id: user.id, role: user.role },
        requestContext(request),
      );
      return reply.status(201).send({ invitation });
    },
  );

  app.post(
    '/api/invitations/accept',
    {
      config: { public: true },
      schema: { body: AcceptInvitationInputSchema, response: { 200: AcceptInvitationResponseSchema } },
    },
    async (request) => {
      const { email } = await invitations.accept(
        request.body.token,
        request.body.password,
        requestContext(request),
      );
      return { success: true as const, email };
    },
  );

  app.get(
    '/api/mail/sandbox',
    { config: { access: 'mail:view' }, schema: { response: { 200: SandboxMailListResponseSchema } } },
    async () => {
      if (!isSandbox(mail)) throw notFound('The mail sandbox is off: mail goes to the SMTP server.');
      return { messages: await mail.list() };
    },
  );
}
