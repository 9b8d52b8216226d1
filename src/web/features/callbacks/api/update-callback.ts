import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallbackUpdate } from '#shared/schemas/callbacks';
import { apiRequest } from '../../../lib/api-client';
import { invalidateCallbacks } from './get-callbacks';

export function useUpdateCallback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: CallbackUpdate }) =>
      apiRequest('PATCH', `/api/callbacks/${encodeURIComponent(id)}`, change),
    onSettled: () => invalidateCallbacks(queryClient),
  });
}
