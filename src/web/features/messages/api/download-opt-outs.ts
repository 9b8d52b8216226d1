import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client';

/** Downloads the opt-out ledger as opt-outs.csv, with the session like every other request. */
export async function downloadOptOuts(): Promise<void> {
  const blob = await apiDownload('/api/opt-outs?format=csv');
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'opt-outs.csv';
  link.click();
  URL.revokeObjectURL(url);
}

export function useDownloadOptOuts() {
  return useMutation({ mutationFn: downloadOptOuts });
}
