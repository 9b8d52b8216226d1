import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserInput, UserResponse } from '#shared/schemas/users';
import { apiRequest } from '../../../lib/api-client';
import { USERS_KEY } from './get-users';

export function updateUser({ id, input }: { id: string | undefined; input: UpdateUserInput }) {
  if (!id) return Promise.reject(new Error('User ID is required'));
  return apiRequest<UserResponse>('PUT', `/api/users/${id}/atomic`, input);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
