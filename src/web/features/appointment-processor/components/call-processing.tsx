import { format } from 'date-fns';
import { PROCESSOR_TEXTS, type CallProcessingItem } from '#shared/schemas/processor';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { messageOf } from '../../../lib/api-client';
import { useCallProcessing, useProcessorCalls } from '../api/get-calls';
import { useProcessAppointment } from '../api/process-appointment';

const STATE_LABELS: Record<CallProcessingItem['state'], string> = {
  booked: 'Booked',
  nothing_to_book: 'Nothing to book',
  needs_callback: 'Needs a callback',
};
const STATE_VARIANTS = {
  booked: 'success',
  nothing_to_book: 'secondary',
  needs_callback: 'destructive',
} as const;

/** A call with a request the processor has not run on yet is ready to book, not a failure to call back. */
const badgeOf = (item: CallProcessingItem) =>
  !item.processed && item.state === 'needs_callback'
    ? { label: 'Ready to book', variant: 'outline' as const }
    : { label: STATE_LABELS[item.state], variant: STATE_VARIANTS[item.state] };

function ProcessButton({ callId, disabled }: { callId: string; disabled: boolean }) {
  const process = useProcessAppointment();
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={disabled}
      pending={process.isPending}
      aria-label={`Process call ${callId.slice(0, 8)}`}
      onClick={() =>
        process.mutate(callId, {
          onSuccess: (result) =>
            result.success
              ? toast({
                  title: PROCESSOR_TEXTS.booked,
                  description: result.appointment?.confirmationNumber ? `${result.message}` : result.message,
                })
              : toast({
                  variant: 'destructive',
                  title: PROCESSOR_TEXTS.processingFailed,
                  description: result.message,
                }),
          onError: (error) =>
            toast({
              variant: 'destructive',
              title: PROCESSOR_TEXTS.processingError,
              description: messageOf(error, 'Please try again.'),
            }),
        })
      }
    >
      {process.isPending ? 'Processing…' : 'Process'}
    </Button>
  );
}

/** Ended calls (refreshed every 10 s) with what the processor made, or would make, of each. */
export function CallProcessing() {
  const calls = useProcessorCalls();
  const states = useCallProcessing();
  if (calls.isLoading || states.isLoading) return <Spinner label="Loading calls" />;
  if (calls.error || states.error)
    return (
      <Alert variant="destructive">
        Could not load calls. {messageOf(calls.error ?? states.error, 'Please try again.')}
      </Alert>
    );
  const byId = new Map((states.data?.calls ?? []).map((s) => [s.callId, s]));
  const ended = (calls.data?.calls ?? []).filter((c) => byId.has(c.id));
  if (ended.length === 0)
    return (
      <Card>
        <CardContent className="p-8 text-center text-slate-600">
          No ended calls with a transcript yet.
        </CardContent>
      </Card>
    );
  return (
    <Card className="overflow-x-auto">
      <table className="w-full min-w-[720px] text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
          <tr>
            {['Call', 'Ended', 'Caller', 'State', 'Confirmation', ''].map((column, i) => (
              <th key={i} scope="col" className="px-4 py-3 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {ended.map((call) => {
            const state = byId.get(call.id)!;
            const badge = badgeOf(state);
            return (
              <tr key={call.id} data-testid="processor-call-row">
                <td className="px-4 py-3 font-mono text-slate-700">{call.id.slice(0, 8)}</td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                  {call.endedAt ? format(new Date(call.endedAt), 'MMM d, h:mm a') : '—'}
                </td>
                <td className="px-4 py-3 text-slate-900">
                  {call.customer.name ?? call.customer.number ?? 'Unknown caller'}
                </td>
                <td className="px-4 py-3">
                  <Badge variant={badge.variant}>{badge.label}</Badge>
                  {state.reason && state.state !== 'booked' && (
                    <span className="ml-2 text-xs text-slate-600">{state.reason}</span>
                  )}
                </td>
                <td className="px-4 py-3 font-mono text-slate-700">
                  {state.confirmationNumber ?? (state.state === 'booked' ? 'during the call' : '—')}
                </td>
                <td className="px-4 py-3 text-right">
                  <ProcessButton callId={call.id} disabled={state.state === 'booked'} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}
