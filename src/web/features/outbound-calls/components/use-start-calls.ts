import { toast } from '../../../components/ui/use-toast';
import { messageOf } from '../../../lib/api-client';
import { useStartOutboundCalls } from '../api/start-outbound-calls';
import { OUTBOUND_MESSAGES as M } from '#shared/schemas/outbound-calls';
import type { StartOutboundCallsInput } from '#shared/schemas/outbound-calls';

/** Starts calls with the spec's toasts; `onStarted` runs after a success (the form resets). */
export function useStartCalls(onStarted: () => void) {
  const mutation = useStartOutboundCalls();
  const start = (body: StartOutboundCallsInput) =>
    mutation.mutate(
      { body, idempotencyKey: crypto.randomUUID() },
      {
        onSuccess: () => {
          toast({ title: M.callsStartedTitle, description: M.callsStartedText });
          onStarted();
        },
        onError: (error) =>
          toast({
            title: M.callFailed,
            description: messageOf(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  return { start, isPending: mutation.isPending };
}

export function warn(title: string, description: string): void {
  toast({ title, description, variant: 'destructive' });
}
