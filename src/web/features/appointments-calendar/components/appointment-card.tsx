import type { AppointmentItem } from '#shared/schemas/schedule';
import { Badge } from '../../../components/ui/badge';
import {
  displayStatus,
  locationLabel,
  longDate,
  outcomeLabel,
  parseNotes,
  patientName,
  providerLabel,
  STATUS_LABELS,
  timeRange,
} from '../lib/calendar';

const CARD_WIDTH = 320;
const CARD_MAX_HEIGHT = 360;
const GAP = 8;

/** Beside the appointment, flipped to its left near the window's right edge, kept inside the window. */
function position(anchor: DOMRect) {
  const right = anchor.right + GAP;
  const left = right + CARD_WIDTH > window.innerWidth ? anchor.left - GAP - CARD_WIDTH : right;
  const top = Math.min(anchor.top, window.innerHeight - CARD_MAX_HEIGHT);
  return { left: Math.max(GAP, left), top: Math.max(GAP, top), width: CARD_WIDTH };
}

/** The hover card: part 1, section 2 lists its fields. */
export function AppointmentCard({
  id,
  appointment,
  anchor,
}: {
  id: string;
  appointment: AppointmentItem;
  anchor: DOMRect;
}) {
  const notes = parseNotes(appointment.notes);
  const location = locationLabel(appointment);
  const type = notes.appointmentType ?? appointment.appointment_type;
  const rows: [string, string | undefined][] = [
    ['Appointment #', appointment.confirmation_number ?? appointment.remote_id],
    ['Time', timeRange(appointment)],
    ['Date', longDate(appointment)],
    ['Provider', providerLabel(appointment)],
    ['Location', location ?? undefined],
    ['Phone', notes.phone],
    ['Email', notes.email],
    ['Type', type ?? undefined],
    ['Notes', notes.notes],
    ['Outcome', outcomeLabel(appointment, new Date())],
  ];
  const status = displayStatus(appointment);

  return (
    <div
      id={id}
      role="tooltip"
      style={position(anchor)}
      className="pointer-events-none fixed z-50 max-h-[360px] overflow-hidden rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-lg"
    >
      <p className="font-semibold text-slate-900">{patientName(appointment)}</p>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="whitespace-nowrap text-slate-500">{label}</dt>
              <dd className="break-words text-slate-900">{value}</dd>
            </div>
          ))}
      </dl>
      <div className="mt-3 flex items-center gap-2">
        <Badge variant={status === 'cancelled' || status === 'no_show' ? 'destructive' : 'secondary'}>
          {STATUS_LABELS[status]}
        </Badge>
        <span className="truncate text-xs text-slate-500">ID: {appointment.remote_id}</span>
      </div>
    </div>
  );
}
