import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VoicePlatformResponse } from '#shared/schemas/voice-platform';
import { apiGet } from '../../../lib/api-client';
import { FIVE_MINUTES } from '../../../lib/query-client';

/** Which voice platform the server runs: sandbox-only actions (Simulate a call) and the Vapi import ask it. */
export const voicePlatformQueryOptions = queryOptions({
  queryKey: ['/api/voice-platform'],
  queryFn: ({ queryKey }) => apiGet<VoicePlatformResponse>(queryKey),
  staleTime: FIVE_MINUTES,
});

export function useVoicePlatform(enabled = true) {
  return useQuery({ ...voicePlatformQueryOptions, enabled });
}
