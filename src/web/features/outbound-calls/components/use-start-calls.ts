import { toast } from '../../../components/ui/use-toast';
import { messageOf } from '../../../lib/api-client';
import { useStartOutboundCalls } from '../api/start-outbound-calls';
import { OUTBOUND_MESSAGES as M } from '../lib/outbound-messages';
import type { StartOutboundCallsBody } from '../lib/outbound-types';

/** Starts calls with the spec's toasts; `onStarted` runs after a success (the form resets). */
export function useStartCalls(onStarted: () => void) {
  const mutation = useStartOutboundCalls();
  const start = (body: StartOutboundCallsBody) =>
    mutation.mutate(
      { body, idempotencyKey: crypto.randomUUID() },
      {
        onSuccess: () => {
          toast({ title: M.started.title, description: M.started.description });
          onStarted();
        },
        onError: (error) =>
          toast({
            title: M.failedTitle,
            description: messageOf(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  return { start, isPending: mutation.isPending };
}

export function warn(message: { title: string; description: string }): void {
  toast({ ...message, variant: 'destructive' });
}
