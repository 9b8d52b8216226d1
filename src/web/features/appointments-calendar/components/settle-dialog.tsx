import type { AppointmentItem } from '#shared/schemas/schedule';
import { toastError, toastSuccess } from '../../../components/mutation-toasts';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { messageOf } from '../../../lib/api-client';
import { useSettleAppointment } from '../api/settle-appointment';
import { longDate, outcomeLabel, patientName, timeRange } from '../lib/calendar';

export const SETTLE_TEXTS = {
  title: 'What happened to this visit?',
  kept: 'Visit marked kept',
  noShow: 'Visit marked no-show',
  failed: 'Could not mark the visit.',
} as const;

/** Kept or no-show for a visit that has started (issue 25): what Analytics counts as the visit's outcome. */
export function SettleDialog({
  appointment,
  onClose,
}: {
  appointment: AppointmentItem | null;
  onClose(): void;
}) {
  const settle = useSettleAppointment();
  // The outcome follows the promise, so it is told even if Cancel closed the dialog meanwhile.
  const mark = (outcome: 'kept' | 'no_show') => {
    if (!appointment) return;
    settle.mutateAsync({ id: appointment.remote_id, outcome }).then(
      () => {
        toastSuccess(outcome === 'kept' ? SETTLE_TEXTS.kept : SETTLE_TEXTS.noShow);
        onClose();
      },
      (error: unknown) => toastError(messageOf(error, SETTLE_TEXTS.failed)),
    );
  };
  return (
    <Dialog open={appointment !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{SETTLE_TEXTS.title}</DialogTitle>
          {appointment && (
            <DialogDescription>
              {patientName(appointment)}, {longDate(appointment)}, {timeRange(appointment)}. Now:{' '}
              {outcomeLabel(appointment, new Date()) ?? 'Upcoming'}.
            </DialogDescription>
          )}
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="outline" pending={settle.isPending} onClick={() => mark('no_show')}>
            No-show
          </Button>
          <Button pending={settle.isPending} onClick={() => mark('kept')}>
            Kept
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
