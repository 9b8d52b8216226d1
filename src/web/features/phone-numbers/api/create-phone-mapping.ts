import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePhoneMappingInput, PhoneMappingResponse } from '#shared/schemas/phone-mappings';
import { apiRequest } from '../../../lib/api-client';
import { phoneMappingsQueryOptions } from './get-phone-mappings';

/** When the number has no mapping yet. */
export const createPhoneMapping = (input: CreatePhoneMappingInput) =>
  apiRequest<PhoneMappingResponse>('POST', '/api/phone-mappings', input);

export function useCreatePhoneMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPhoneMapping,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: phoneMappingsQueryOptions.queryKey }),
  });
}
