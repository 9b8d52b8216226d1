import { useMutation } from '@tanstack/react-query';
import type { AuditFilter } from '#shared/schemas/audit';
import { apiDownload } from '../../../lib/api-client';
import { auditQueryString } from './get-audit-events';

/** Downloads the filtered log as audit-log.csv. */
export async function exportAuditEvents(filter: AuditFilter): Promise<void> {
  const blob = await apiDownload(`/api/audit-events/export${auditQueryString(filter)}`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'audit-log.csv';
  link.click();
  URL.revokeObjectURL(url);
}

export function useExportAuditEvents() {
  return useMutation({ mutationFn: exportAuditEvents });
}
