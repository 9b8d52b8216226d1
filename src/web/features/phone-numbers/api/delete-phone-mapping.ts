import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { phoneMappingsQueryOptions } from './get-phone-mappings';

/** When the connector is cleared. */
export const deletePhoneMapping = (phoneNumber: string) =>
  apiRequest<unknown>('DELETE', `/api/phone-mappings/${encodeURIComponent(phoneNumber)}`);

export function useDeletePhoneMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePhoneMapping,
    onSettled: () => queryClient.invalidateQueries({ queryKey: phoneMappingsQueryOptions.queryKey }),
  });
}
