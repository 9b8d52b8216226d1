import { useMutation } from '@tanstack/react-query';
import type { AnalyticsFilter } from '#shared/schemas/analytics';
import { apiDownload } from '../../../lib/api-client';
import { saveFile } from '../lib/save-file';
import { analyticsQueryString } from './get-analytics';

/** Downloads one row per call of the range with what it produced (the server's CSV). */
export async function exportCalls(filter: AnalyticsFilter): Promise<void> {
  const blob = await apiDownload(`/api/analytics/export${analyticsQueryString(filter)}`);
  saveFile(blob, `analytics-calls-${filter.from}-to-${filter.to}.csv`);
}

export function useExportCalls() {
  return useMutation({ mutationFn: exportCalls });
}
