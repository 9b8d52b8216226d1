import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { FIVE_MINUTES } from '../../../lib/query-client';

export interface VoicePlatformResponse {
  provider: 'sandbox' | 'vapi';
}

/** Which voice platform the server runs: sandbox-only actions (Simulate a call) and the Vapi import ask it. */
export const voicePlatformQueryOptions = queryOptions({
  queryKey: ['/api/voice-platform'],
  queryFn: ({ queryKey }) => apiGet<VoicePlatformResponse>(queryKey),
  staleTime: FIVE_MINUTES,
});

export function useVoicePlatform(enabled = true) {
  return useQuery({ ...voicePlatformQueryOptions, enabled });
}
