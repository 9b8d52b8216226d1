import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { USERS_KEY } from './get-users';

export const deleteUser = (id: string) => apiRequest<{ success: true }>('DELETE', `/api/users/${id}`);

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
