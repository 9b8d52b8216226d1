import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePracticeInput, Invitation, Practice } from '#shared/schemas/practices';
import { apiRequest } from '../../../lib/api-client';
import { PRACTICES_KEY } from './get-practices';

/** A practice made from a demo request marks the request converted: the demo-request list is stale too. */
const DEMO_REQUESTS_KEY = ['/api/demo-requests'] as const;

export const createPractice = (input: CreatePracticeInput) =>
  apiRequest<{ practice: Practice; invitation: Invitation }>('POST', '/api/practices', input);

export function useCreatePractice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPractice,
    // Settled, not only succeeded: a practice kept without its admin's invitation is listed too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PRACTICES_KEY }),
        queryClient.invalidateQueries({ queryKey: DEMO_REQUESTS_KEY }),
      ]),
  });
}
