import { addWeeks } from 'date-fns';
import { ChevronLeft, ChevronRight, Plug } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { AppointmentItem } from '#shared/schemas/schedule';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { useAppointments } from '../api/get-appointments';
import { weekCounts, weekLabel, weekRange, weekStartOf } from '../lib/calendar';
import { CalendarGrid } from './calendar-grid';
import { GoToDate } from './go-to-date';
import { SettleDialog } from './settle-dialog';
import { practiceToday } from '../../../lib/practice-time';

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

function IntegrationBanner({
  activeConnector,
  isAdmin,
  status,
}: {
  activeConnector: ActiveConnectorInfo | null | undefined;
  isAdmin: boolean;
  status: string;
}) {
  if (activeConnector === null) {
    return (
      <section
        aria-label="Integration status"
        className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3"
      >
        <Plug className="h-5 w-5 text-slate-500" aria-hidden="true" />
        <p className="font-semibold text-slate-900">
          {isAdmin ? 'No active connector' : 'No assigned connectors'}
        </p>
        <p className="text-sm text-slate-700">
          {isAdmin ? (
            <>
              Turn one on in{' '}
              <Link to="/linked-accounts" className="font-medium text-blue-700 hover:underline">
                Linked Accounts
              </Link>{' '}
              to see its appointments.
            </>
          ) : (
            'Ask your admin to assign you a linked account.'
          )}
        </p>
      </section>
    );
  }
  return (
    <section
      aria-label="Integration status"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-green-200 bg-green-50 px-4 py-3"
    >
      <Plug className="h-5 w-5 text-green-700" aria-hidden="true" />
      <div>
        <p className="font-semibold text-green-900">
          {activeConnector ? 'Integration Active' : 'Checking integration...'}
        </p>
        {activeConnector && (
          <p className="text-sm text-green-900">
            {activeConnector.name} · ID: <span className="font-mono">{activeConnector.connectorId}</span>
          </p>
        )}
      </div>
      <p role="status" className="text-sm text-slate-700 sm:ml-auto">
        {status}
      </p>
    </section>
  );
}

/** The week's appointments from the active connector (part 1, section 2). */
export function AppointmentsCalendarScreen({
  activeConnector,
  isAdmin = false,
  canSettle = false,
}: {
  /** undefined while it loads, null when there is none. */
  activeConnector: ActiveConnectorInfo | null | undefined;
  isAdmin?: boolean;
  /** The user may mark a visit that has started kept or a no-show. */
  canSettle?: boolean;
}) {
  const [settling, setSettling] = useState<AppointmentItem | null>(null);
  // "Today" is the practice's: its time zone comes with the appointments (the browser's until then).
  const [timeZone, setTimeZone] = useState<string>();
  const today = useMemo(() => practiceToday(timeZone), [timeZone]);
  /** null: the week of today. */
  const [chosenWeek, setChosenWeek] = useState<Date | null>(null);
  const weekStart = chosenWeek ?? weekStartOf(today);
  const query = useAppointments(weekRange(weekStart), activeConnector !== null);
  const appointments = query.data?.appointments ?? NO_APPOINTMENTS;
  const counts = weekCounts(appointments);
  const zone = query.data?.time_zone;
  // Kept once learned: another week's request must not bring the browser's today back while it loads.
  if (zone && zone !== timeZone) setTimeZone(zone);

  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold text-slate-900">Appointments Calendar</h1>

      <IntegrationBanner activeConnector={activeConnector} isAdmin={isAdmin} status={statusLine(query)} />

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
            onClick={() => setChosenWeek(addWeeks(weekStart, -1))}
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
            onClick={() => setChosenWeek(addWeeks(weekStart, 1))}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
          <div className="ml-auto flex gap-2">
            <Button variant="outline" onClick={() => setChosenWeek(null)}>
              Today
            </Button>
            <GoToDate onPick={(date) => setChosenWeek(weekStartOf(date))} />
          </div>
        </CardHeader>
        <CardContent>
          <CalendarGrid
            weekStart={weekStart}
            appointments={appointments}
            today={today}
            onSettle={canSettle ? setSettling : undefined}
          />
        </CardContent>
      </Card>
      {canSettle && <SettleDialog appointment={settling} onClose={() => setSettling(null)} />}
    </div>
  );
}
