import { useQuery } from '@tanstack/react-query';
import { format, startOfMonth } from 'date-fns';
import type { Analytics } from '#shared/schemas/analytics';
import { apiRequest } from '../../../lib/api-client';

/** This month so far, up to `today` (the practice's, from `practiceToday`), as the Analytics screen asks for it. */
export function thisMonth(today: Date): { from: string; to: string } {
  return { from: format(startOfMonth(today), 'yyyy-MM-dd'), to: format(today, 'yyyy-MM-dd') };
}

/** The Overview's three analytics figures: the month's answer of GET /api/analytics. */
export function useAnalyticsHeadline(today: Date) {
  const month = thisMonth(today);
  return useQuery({
    queryKey: ['/api/analytics', month],
    queryFn: () => apiRequest<Analytics>('GET', `/api/analytics?${new URLSearchParams(month).toString()}`),
  });
}
