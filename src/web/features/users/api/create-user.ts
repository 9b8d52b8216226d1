import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserInput, UserResponse } from '#shared/schemas/users';
import { apiRequest } from '../../../lib/api-client';
import { USERS_KEY } from './get-users';

export const createUser = (input: CreateUserInput) =>
  apiRequest<UserResponse>('POST', '/api/users/atomic', input);

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
