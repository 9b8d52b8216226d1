import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api-client';
import { bookAppointment } from '../api/post-webhook';
import { serverText } from './booking';
import { markFailed, readOutbox, removeFromOutbox } from './outbox';
import { announceBooked, announcePending } from './announce';

let running = false;

/**
 * Sends the waiting bookings again under their own Idempotency-Key. Stops at the first transport error
 * (still offline); a refusal is kept as a visible failure. Returns whether anything was settled.
 */
export async function deliverOutbox(userId: string): Promise<boolean> {
  if (running) return false;
  running = true;
  let settled = false;
  try {
    for (const entry of readOutbox().filter((e) => e.state === 'waiting' && e.userId === userId)) {
      try {
        const result = await bookAppointment(entry.params, entry.reference);
        removeFromOutbox(entry.reference);
        if (result.success) announceBooked(result, entry.params.patient_info.name);
        else announcePending(result);
      } catch (error) {
        if (!(error instanceof ApiError)) break;
        markFailed(entry.reference, serverText(error));
        toast({
          title: 'Booking Failed',
          description: `Request ${entry.reference}: ${serverText(error)}`,
          variant: 'destructive',
        });
      }
      settled = true;
    }
  } finally {
    running = false;
  }
  return settled;
}
