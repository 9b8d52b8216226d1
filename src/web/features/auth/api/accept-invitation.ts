import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The invitee's e-mail comes back so the page can sign them in with the password they just chose. */
export interface AcceptInvitationResult {
  success: true;
  email: string;
}

export const acceptInvitation = (input: { token: string; password: string }) =>
  apiRequest<AcceptInvitationResult>('POST', '/api/invitations/accept', input);

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
