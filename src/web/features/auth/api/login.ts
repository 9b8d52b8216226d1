import { useMutation } from '@tanstack/react-query';
import type { LoginInput, LoginResponse } from '#shared/schemas/auth';

export type LoginResult = Partial<LoginResponse> & { message?: string };

/** Reads the body whatever the status: the form shows the server's message on failure. */
export async function login(input: LoginInput): Promise<LoginResult> {
  const response = await fetch('/api/auth/login', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
  return (await response.json()) as LoginResult;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
