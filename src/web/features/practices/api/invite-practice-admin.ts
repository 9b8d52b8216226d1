import { useMutation } from '@tanstack/react-query';
import type { Invitation, InvitePracticeAdminInput } from '#shared/schemas/practices';
import { apiRequest } from '../../../lib/api-client';

/** Another admin invitation for a practice (the first link expired, or its mail was not sent). */
export const invitePracticeAdmin = ({ id, ...input }: InvitePracticeAdminInput & { id: string }) =>
  apiRequest<{ invitation: Invitation }>('POST', `/api/practices/${id}/invitations`, input);

export function useInvitePracticeAdmin() {
  return useMutation({ mutationFn: invitePracticeAdmin });
}
