import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Practice, PracticeStatus } from '#shared/schemas/practices';
import { apiRequest } from '../../../lib/api-client';
import { PRACTICES_KEY } from './get-practices';

export const updatePracticeStatus = ({ id, status }: { id: string; status: PracticeStatus }) =>
  apiRequest<{ practice: Practice }>('PATCH', `/api/practices/${id}`, { status });

export function useUpdatePracticeStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePracticeStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PRACTICES_KEY }),
  });
}
