import { format, parseISO } from 'date-fns';
import { memo, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import type { AppointmentItem } from '#shared/schemas/schedule';
import { cn } from '../../../lib/cn';
import { displayStatus, patientName, type DisplayStatus } from '../lib/calendar';
import { AppointmentCard } from './appointment-card';

/** Part 1, section 2: cancelled red, completed green, confirmed blue, otherwise purple. */
const STATUS_STYLES: Record<DisplayStatus, string> = {
  no_show: 'border-amber-600 bg-amber-100 text-amber-900',
  cancelled: 'border-red-600 bg-red-100 text-red-900',
  completed: 'border-green-600 bg-green-100 text-green-900',
  confirmed: 'border-blue-600 bg-blue-100 text-blue-900',
  pending: 'border-purple-600 bg-purple-100 text-purple-900',
};

/**
 * One appointment in a cell; its card shows while hovered or focused. `onSettle`, for staff who may mark a visit
 * that has started kept or a no-show: clicking it opens that choice.
 */
export const AppointmentChip = memo(function AppointmentChip({
  appointment,
  onSettle,
}: {
  appointment: AppointmentItem;
  onSettle?: (appointment: AppointmentItem) => void;
}) {
  const [anchor, setAnchor] = useState<DOMRect>();
  const cardId = useId();
  const status = displayStatus(appointment);
  const show = (event: { currentTarget: HTMLElement }) =>
    setAnchor(event.currentTarget.getBoundingClientRect());
  const hide = () => setAnchor(undefined);
  const name = patientName(appointment);

  return (
    <>
      <button
        type="button"
        data-appointment-id={appointment.remote_id}
        data-status={status}
        aria-describedby={anchor ? cardId : undefined}
        className={cn(
          'block w-full truncate rounded border-l-4 px-1.5 py-0.5 text-left text-xs leading-tight focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600',
          STATUS_STYLES[status],
        )}
        onMouseEnter={show}
        onMouseLeave={hide}
        onFocus={show}
        onBlur={hide}
        onKeyDown={(event) => event.key === 'Escape' && hide()}
        aria-haspopup={onSettle ? 'dialog' : undefined}
        onClick={
          onSettle
            ? () => {
                hide();
                onSettle(appointment);
              }
            : undefined
        }
      >
        <span className="font-semibold">{format(parseISO(appointment.wall_start_time), 'h:mm')}</span> {name}
      </button>
      {anchor &&
        createPortal(
          <AppointmentCard id={cardId} appointment={appointment} anchor={anchor} />,
          document.body,
        )}
    </>
  );
});
