import { useMutation } from '@tanstack/react-query';
import type { CreateInvitationInput, Invitation } from '#shared/schemas/invitations';
import { apiRequest } from '../../../lib/api-client';

/** No user exists until the invitee accepts: the users list is not stale. */
export const createInvitation = (input: CreateInvitationInput) =>
  apiRequest<{ invitation: Invitation }>('POST', '/api/invitations', input);

export function useCreateInvitation() {
  return useMutation({ mutationFn: createInvitation });
}
