import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PhoneMappingResponse, UpdatePhoneMappingInput } from '#shared/schemas/phone-mappings';
import { apiRequest } from '../../../lib/api-client';
import { phoneMappingsQueryOptions } from './get-phone-mappings';

/** When the number already has a mapping; the number (E.164, with its '+') goes URL-encoded in the path. */
export const replacePhoneMapping = ({
  phoneNumber,
  input,
}: {
  phoneNumber: string;
  input: UpdatePhoneMappingInput;
}) =>
  apiRequest<PhoneMappingResponse>('PUT', `/api/phone-mappings/${encodeURIComponent(phoneNumber)}`, input);

export function useReplacePhoneMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replacePhoneMapping,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: phoneMappingsQueryOptions.queryKey }),
  });
}
