import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SandboxInboundResponseSchema } from '#shared/schemas/messaging';
import { apiRequest } from '../../../lib/api-client';
import { invalidateConversations } from './get-conversations';

type SandboxInboundResponse = z.infer<typeof SandboxInboundResponseSchema>;

/** The sandbox's "reply as the patient": the text takes the same path as a real inbound one (202). */
export const sendSandboxInbound = (input: { from: string; body: string }) =>
  apiRequest<SandboxInboundResponse>('POST', '/api/messaging/sandbox/inbound', input);

export function useSandboxInbound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendSandboxInbound,
    onSuccess: () => invalidateConversations(queryClient),
  });
}
