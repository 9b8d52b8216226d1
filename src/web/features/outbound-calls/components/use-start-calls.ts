import { useRef } from 'react';
import { toast } from '../../../components/ui/use-toast';
import { messageOf } from '../../../lib/api-client';
import { useStartOutboundCalls } from '../api/start-outbound-calls';
import { OUTBOUND_MESSAGES as M } from '#shared/schemas/outbound-calls';
import type { SkippedPatient, StartOutboundCallsInput } from '#shared/schemas/outbound-calls';

/** Who was not called again because a call of that type was already open for them. */
function skippedText(skipped: SkippedPatient[]): string {
  if (skipped.length === 1) return skipped[0]!.reason;
  return `${skipped.length} patients already had a call of this type pending or in progress and were not called again.`;
}

/**
 * Starts calls with the spec's toasts; `onStarted` runs after a success (the form resets). One Idempotency-Key
 * per intended action, not per click: a press while a start is on its way does nothing, and the same patients
 * and call type pressed again after a failure go under the same key, so nobody is called twice.
 */
export function useStartCalls(onStarted: () => void) {
  const mutation = useStartOutboundCalls();
  const intent = useRef<{ body: string; key: string } | null>(null);
  const inFlight = useRef(false);
  const start = (body: StartOutboundCallsInput) => {
    // The button's disabled state arrives with the next render, after a fast second click.
    if (inFlight.current) return;
    const print = JSON.stringify(body);
    if (intent.current?.body !== print) intent.current = { body: print, key: crypto.randomUUID() };
    inFlight.current = true;
    mutation.mutate(
      { body, idempotencyKey: intent.current.key },
      {
        onSuccess: (result) => {
          intent.current = null;
          const skipped = result.skipped ?? [];
          const texts = result.texts ?? 0;
          const parts = [
            M.callsStartedText,
            texts > 0 ? `${texts} text${texts === 1 ? '' : 's'} queued` : null,
            skipped.length ? skippedText(skipped) : null,
          ].filter(Boolean);
          toast({ title: M.callsStartedTitle, description: parts.join('. ') });
          onStarted();
        },
        onError: (error) =>
          toast({
            title: M.callFailed,
            description: messageOf(error, 'Please try again.'),
            variant: 'destructive',
          }),
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };
  return { start, isPending: mutation.isPending };
}

export function warn(title: string, description: string): void {
  toast({ title, description, variant: 'destructive' });
}
