import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DemoRequestUpdateInput } from '#shared/schemas/demo-requests';
import { apiRequest } from '../../../lib/api-client';
import { demoRequestsQueryOptions } from './get-demo-requests';

export function useMarkDemoRequestContacted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, contacted }: { id: string } & DemoRequestUpdateInput) =>
      apiRequest('PATCH', `/api/demo-requests/${id}`, { contacted }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: demoRequestsQueryOptions.queryKey }),
  });
}
