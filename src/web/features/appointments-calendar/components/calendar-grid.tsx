import { format, isSameDay } from 'date-fns';
import { useLayoutEffect, useMemo, useRef } from 'react';
import type { AppointmentItem } from '#shared/schemas/schedule';
import { cn } from '../../../lib/cn';
import {
  canBeSettled,
  cellKey,
  placeAppointments,
  rowLabel,
  ROWS_PER_DAY,
  weekDays,
  WORKDAY_FIRST_ROW,
} from '../lib/calendar';
import { AppointmentChip } from './appointment-chip';

const ROWS = Array.from({ length: ROWS_PER_DAY }, (_, row) => row);

/** 48 half-hour rows × 7 days; the working day is scrolled into view. */
export function CalendarGrid({
  weekStart,
  appointments,
  today,
  onSettle,
}: {
  weekStart: Date;
  appointments: AppointmentItem[];
  today: Date;
  /** Offered on visits that have started, to staff who may mark them kept or a no-show. */
  onSettle?: (appointment: AppointmentItem) => void;
}) {
  const now = new Date();
  const days = weekDays(weekStart);
  const cells = useMemo(() => placeAppointments(appointments, weekStart), [appointments, weekStart]);
  const scroller = useRef<HTMLDivElement>(null);
  const header = useRef<HTMLTableSectionElement>(null);
  const workdayRow = useRef<HTMLTableRowElement>(null);

  useLayoutEffect(() => {
    if (!scroller.current || !workdayRow.current) return;
    scroller.current.scrollTop = workdayRow.current.offsetTop - (header.current?.offsetHeight ?? 0);
  }, []);

  return (
    <div ref={scroller} className="max-h-[70vh] overflow-auto rounded-md border border-slate-200">
      <table className="w-full min-w-[900px] table-fixed border-collapse text-sm">
        <caption className="sr-only">Appointments by half hour, Sunday to Saturday</caption>
        <thead ref={header} className="sticky top-0 z-10 bg-white shadow-sm">
          <tr>
            <th scope="col" className="w-20 p-2 text-left text-xs font-medium text-slate-500">
              Time
            </th>
            {days.map((day) => {
              const isToday = isSameDay(day, today);
              return (
                <th
                  key={day.toISOString()}
                  scope="col"
                  aria-current={isToday ? 'date' : undefined}
                  className={cn(
                    'p-2 text-center font-medium',
                    isToday ? 'bg-blue-100 text-blue-900' : 'text-slate-700',
                  )}
                >
                  <span className="block text-xs">{format(day, 'EEE')}</span>
                  <span className="block text-lg">{format(day, 'd')}</span>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {ROWS.map((row) => (
            <tr key={row} ref={row === WORKDAY_FIRST_ROW ? workdayRow : undefined}>
              <th
                scope="row"
                className="border-t border-slate-100 p-1 pr-2 text-right align-top text-xs font-normal whitespace-nowrap text-slate-500"
              >
                {rowLabel(row)}
              </th>
              {days.map((day, index) => (
                <td
                  key={index}
                  data-cell={cellKey(index, row)}
                  className={cn(
                    'h-10 border-t border-l border-slate-100 p-0.5 align-top',
                    isSameDay(day, today) && 'bg-blue-50',
                  )}
                >
                  <div className="grid gap-0.5">
                    {cells.get(cellKey(index, row))?.map((appointment) => (
                      <AppointmentChip
                        key={appointment.remote_id}
                        appointment={appointment}
                        onSettle={onSettle && canBeSettled(appointment, now) ? onSettle : undefined}
                      />
                    ))}
                  </div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
