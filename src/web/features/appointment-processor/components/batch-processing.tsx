import { PROCESSOR_TEXTS } from '#shared/schemas/processor';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { messageOf } from '../../../lib/api-client';
import { useProcessPending } from '../api/process-pending';
import { typeLabel } from './labels';

/** One action: process the last 10 ended calls not processed yet, then show the totals. */
export function BatchProcessing() {
  const batch = useProcessPending();
  const run = () =>
    batch.mutate(undefined, {
      onSuccess: ({ summary }) =>
        toast({
          title: PROCESSOR_TEXTS.batchComplete,
          description: PROCESSOR_TEXTS.batchMessage(summary.successful, summary.failed),
        }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: PROCESSOR_TEXTS.batchFailed,
          description: messageOf(error, 'Please try again.'),
        }),
    });
  const result = batch.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Batch Processing</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-slate-600">
          Processes the last 10 completed calls that have not been processed yet.
        </p>
        <Button onClick={run} disabled={batch.isPending}>
          {batch.isPending ? 'Processing…' : 'Process Recent Calls'}
        </Button>
        {batch.isPending && <Spinner label="Processing the most recent calls" />}
        {result && !batch.isPending && (
          <div className="space-y-4" aria-live="polite">
            <dl className="grid grid-cols-3 gap-4 text-center">
              {(
                [
                  ['Total', result.summary.total],
                  ['Booked', result.summary.successful],
                  ['Failed', result.summary.failed],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="rounded-md border border-slate-200 p-3">
                  <dt className="text-sm text-slate-600">{label}</dt>
                  <dd className="text-2xl font-bold text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
            {result.results.successful.length > 0 && (
              <ul className="space-y-1 text-sm text-slate-800">
                {result.results.successful.map((r) => (
                  <li key={r.callId}>
                    {r.confirmationNumber ?? 'Booked during the call'}
                    {r.details.type && ` · ${typeLabel(r.details.type)}`}
                    {r.details.date && ` · ${r.details.date}`}
                    {r.details.time && ` ${r.details.time}`}
                  </li>
                ))}
              </ul>
            )}
            {result.results.failed.length > 0 && (
              <ul className="space-y-1 text-sm text-slate-600">
                {result.results.failed.map((r) => (
                  <li key={r.callId}>
                    Call {r.callId.slice(0, 8)}: {r.reason}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
