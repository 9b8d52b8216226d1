import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '../../../lib/auth';
import { forgetSlots } from '../api/get-slots';
import { deliverOutbox } from '../lib/deliver-outbox';
import { useOutbox } from '../lib/outbox';

export const OUTBOX_RETRY_MS = 5_000;

/** Sends waiting bookings whenever the console is open: at once, when back online, and every few seconds. */
export function OutboxDelivery({ onBooked }: { onBooked: () => Promise<unknown> }) {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id;
  const waiting = useOutbox(userId).some((entry) => entry.state === 'waiting');

  useEffect(() => {
    if (!waiting || !userId) return;
    const run = async () => {
      if (!(await deliverOutbox(userId))) return;
      forgetSlots(queryClient);
      await onBooked();
    };
    void run();
    const timer = setInterval(run, OUTBOX_RETRY_MS);
    window.addEventListener('online', run);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', run);
    };
  }, [waiting, userId, queryClient, onBooked]);

  return null;
}
