import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { phoneMappingsQueryOptions } from './get-phone-mappings';
import { phoneNumbersQueryOptions } from './get-phone-numbers';

export const deletePhoneNumber = (id: string) =>
  apiRequest<unknown>('DELETE', `/api/phone-numbers/${encodeURIComponent(id)}`);

export function useDeletePhoneNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePhoneNumber,
    // The number's mapping may go with it.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: phoneNumbersQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: phoneMappingsQueryOptions.queryKey }),
      ]),
  });
}
