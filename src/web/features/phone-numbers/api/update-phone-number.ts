import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PhoneNumberResponse, UpdatePhoneNumberInput } from '#shared/schemas/phone-numbers';
import { apiRequest } from '../../../lib/api-client';
import { phoneNumbersQueryOptions } from './get-phone-numbers';

export const updatePhoneNumber = ({ id, input }: { id: string; input: UpdatePhoneNumberInput }) =>
  apiRequest<PhoneNumberResponse>('PATCH', `/api/phone-numbers/${encodeURIComponent(id)}`, input);

export function useUpdatePhoneNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePhoneNumber,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: phoneNumbersQueryOptions.queryKey }),
  });
}
