import type { App } from '../../app-types';
import type { Db } from '../../db/client';
import type { MailPort } from '../../integrations/mail/port';
import type { AuditRecorder } from '../../session';
import { createInvitationsRepo } from './invitations.repo';
import { registerInvitationRoutes } from './invitations.routes';
import { createInvitationsService, type InvitationsService } from './invitations.service';

/**
 * Invitations by e-mail and the operator's view of the mail sandbox. The shape of an `AppModule` (ADR 051):
 * the service is what the practices module calls to invite a new practice's first admin.
 */
export function createInvitationsModule(deps: {
  db: Db;
  mail: MailPort;
  publicBaseUrl: string;
  audit: Pick<AuditRecorder, 'record'>;
  now?: () => Date;
}): { name: string; service: InvitationsService; routes(app: App): void } {
  const service = createInvitationsService({
    repo: createInvitationsRepo(deps.db),
    mail: deps.mail,
    publicBaseUrl: deps.publicBaseUrl,
    now: deps.now,
    audit: deps.audit,
  });
  return { name: 'invitations', service, routes: (app) => registerInvitationRoutes(app, service, deps.mail) };
}
