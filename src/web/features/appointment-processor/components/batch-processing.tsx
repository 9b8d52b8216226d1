import { format } from 'date-fns';
import type { ReactNode } from 'react';
import { PROCESSOR_TEXTS, type ProcessPendingResponse } from '#shared/schemas/processor';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { messageOf } from '../../../lib/api-client';
import { useProcessPending } from '../api/process-pending';
import { typeLabel } from './labels';

type BatchCall = ProcessPendingResponse['results']['failed'][number];

/** Who called and which call: "Nora Quinn · call aaaaaaaa, Nov 24, 10:02 AM". */
function callLine(call: Omit<BatchCall, 'reason'>): string {
  const who = call.caller.name ?? call.caller.number ?? 'Unknown caller';
  const when = call.startedAt ? `, ${format(new Date(call.startedAt), 'MMM d, h:mm a')}` : '';
  return `${who} · call ${call.callId.slice(0, 8)}${when}`;
}

function ResultLine({ call, children }: { call: Omit<BatchCall, 'reason'>; children: ReactNode }) {
  return (
    <li data-testid="batch-result">
      <span className="font-medium text-slate-900">{callLine(call)}</span>: {children}
    </li>
  );
}

/** One action: process the last 10 ended calls not processed yet, then show the totals and each call's outcome. */
export function BatchProcessing() {
  const batch = useProcessPending();
  const run = () =>
    batch.mutate(undefined, {
      onSuccess: ({ summary }) =>
        toast({
          title: PROCESSOR_TEXTS.batchComplete,
          description: PROCESSOR_TEXTS.batchMessage(
            summary.successful,
            summary.failed,
            summary.alreadyBooked,
          ),
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
        <Button onClick={run} pending={batch.isPending}>
          {batch.isPending ? 'Processing…' : 'Process Recent Calls'}
        </Button>
        {batch.isPending && <Spinner label="Processing the most recent calls" />}
        {result && !batch.isPending && (
          <div className="space-y-4" aria-live="polite">
            <dl className="grid grid-cols-2 gap-4 text-center sm:grid-cols-4">
              {(
                [
                  ['Total', result.summary.total],
                  ['Booked', result.summary.successful],
                  ['Already booked', result.summary.alreadyBooked],
                  ['Failed', result.summary.failed],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="rounded-md border border-slate-200 p-3">
                  <dt className="text-sm text-slate-600">{label}</dt>
                  <dd className="text-2xl font-bold text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
            <ul className="space-y-1 text-sm text-slate-700">
              {result.results.successful.map((r) => (
                <ResultLine key={r.callId} call={r}>
                  Booked{r.confirmationNumber && ` ${r.confirmationNumber}`}
                  {r.details.type && ` · ${typeLabel(r.details.type)}`}
                  {r.details.date && ` · ${r.details.date}`}
                  {r.details.time && ` ${r.details.time}`}
                </ResultLine>
              ))}
              {result.results.alreadyBooked.map((r) => (
                <ResultLine key={r.callId} call={r}>
                  Already booked by the caller during the call; nothing more was booked
                </ResultLine>
              ))}
              {result.results.failed.map((r) => (
                <ResultLine key={r.callId} call={r}>
                  Not booked: {r.reason}
                </ResultLine>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
