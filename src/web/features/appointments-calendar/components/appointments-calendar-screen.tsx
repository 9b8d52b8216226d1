import { addWeeks } from 'date-fns';
import { ChevronLeft, ChevronRight, Plug } from 'lucide-react';
import { useState } from 'react';
import type { AppointmentItem } from '#shared/schemas/schedule';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { useAppointments } from '../api/get-appointments';
import { weekCounts, weekLabel, weekRange, weekStartOf } from '../lib/calendar';
import { CalendarGrid } from './calendar-grid';
import { GoToDate } from './go-to-date';

export interface ActiveConnectorInfo {
  name: string;
  connectorId: string;
}

const NO_APPOINTMENTS: AppointmentItem[] = [];

function statusLine(query: { isPending: boolean; isError: boolean; data?: { appointments: unknown[] } }) {
  if (query.isError) return 'Connection error - check system status';
  if (query.isPending || !query.data) return 'Loading appointments...';
  const n = query.data.appointments.length;
  return n === 0 ? 'No appointments scheduled for this week' : `${n} real appointments loaded`;
}

function Counter({ label, value }: { label: string; value: number }) {
  return (
    <Card>
      <CardContent className="p-4">
        <p className="text-sm text-slate-600">{label}</p>
        <p className="text-2xl font-bold text-slate-900" data-testid={`count-${label}`}>
          {value}
        </p>
      </CardContent>
    </Card>
  );
}

/** The week's appointments from the active connector (part 1, section 2). */
export function AppointmentsCalendarScreen({
  activeConnector,
}: {
  /** undefined while it loads, null when there is none. */
  activeConnector: ActiveConnectorInfo | null | undefined;
}) {
  const [today] = useState(() => new Date());
  const [weekStart, setWeekStart] = useState(() => weekStartOf(today));
  const query = useAppointments(weekRange(weekStart));
  const appointments = query.data?.appointments ?? NO_APPOINTMENTS;
  const counts = weekCounts(appointments);

  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold text-slate-900">Appointments Calendar</h1>

      <section
        aria-label="Integration status"
        className="flex flex-wrap items-center gap-3 rounded-lg border border-green-200 bg-green-50 px-4 py-3"
      >
        <Plug className="h-5 w-5 text-green-700" aria-hidden="true" />
        <div>
          <p className="font-semibold text-green-900">
            {activeConnector
              ? 'Integration Active'
              : activeConnector === null
                ? 'No Active Integration'
                : 'Checking integration...'}
          </p>
          {activeConnector && (
            <p className="text-sm text-green-900">
              {activeConnector.name} · ID: <span className="font-mono">{activeConnector.connectorId}</span>
            </p>
          )}
        </div>
        <p role="status" className="text-sm text-slate-700 sm:ml-auto">
          {statusLine(query)}
        </p>
      </section>

      <div className="grid gap-4 sm:grid-cols-3">
        <Counter label="Total Appointments" value={counts.total} />
        <Counter label="Confirmed" value={counts.confirmed} />
        <Counter label="Completed" value={counts.completed} />
      </div>

      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center gap-2">
          <Button
            variant="outline"
            size="icon"
            aria-label="Previous week"
            onClick={() => setWeekStart(addWeeks(weekStart, -1))}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <h2 className="min-w-48 text-center text-lg font-semibold text-slate-900" aria-live="polite">
            {weekLabel(weekStart)}
          </h2>
          <Button
            variant="outline"
            size="icon"
            aria-label="Next week"
            onClick={() => setWeekStart(addWeeks(weekStart, 1))}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
          <div className="ml-auto flex gap-2">
            <Button variant="outline" onClick={() => setWeekStart(weekStartOf(new Date()))}>
              Today
            </Button>
            <GoToDate onPick={(date) => setWeekStart(weekStartOf(date))} />
          </div>
        </CardHeader>
        <CardContent>
          <CalendarGrid weekStart={weekStart} appointments={appointments} today={today} />
        </CardContent>
      </Card>
    </div>
  );
}
