import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MessagingSettings } from '#shared/schemas/messaging';
import { apiGet } from '../../../lib/api-client';

/** GET /api/messaging-settings, with what the template rules measure with (see `practiceContext`). */
export type MessagingSettingsResponse = MessagingSettings;

export const MESSAGING_SETTINGS_KEY = ['/api/messaging-settings'] as const;

export const messagingSettingsQueryOptions = queryOptions({
  queryKey: MESSAGING_SETTINGS_KEY,
  queryFn: ({ queryKey }) => apiGet<MessagingSettingsResponse>(queryKey),
});

export const useMessagingSettings = (enabled = true) =>
  useQuery({ ...messagingSettingsQueryOptions, enabled });
