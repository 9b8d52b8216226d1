import { CalendarDays } from 'lucide-react';

export interface ScheduleEntry {
  time: string;
  name: string;
  detail: string;
  status: 'Booked' | 'Confirmed' | 'Rescheduled';
}

const statusClasses: Record<ScheduleEntry['status'], string> = {
  Booked: 'bg-blue-100 text-blue-800',
  Confirmed: 'bg-green-100 text-green-800',
  Rescheduled: 'bg-amber-100 text-amber-900',
};

export function SchedulePreview({ title, entries }: { title: string; entries: readonly ScheduleEntry[] }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-lg">
      <div className="flex items-center gap-3 border-b border-slate-100 pb-4">
        <CalendarDays aria-hidden="true" className="size-5 text-blue-700" />
        <h3 className="font-semibold text-slate-900">{title}</h3>
      </div>
      <ul className="mt-4 space-y-3">
        {entries.map((entry) => (
          <li
            key={`${entry.time}-${entry.name}`}
            className="flex items-center gap-4 rounded-xl bg-slate-50 px-4 py-3"
          >
            <span className="w-20 shrink-0 text-sm font-semibold text-slate-900">{entry.time}</span>
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium text-slate-900">{entry.name}</span>
              <span className="block truncate text-sm text-slate-600">{entry.detail}</span>
            </span>
            <span
              className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusClasses[entry.status]}`}
            >
              {entry.status}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-xs text-slate-600">Appointments booked and confirmed by Servc.</p>
    </div>
  );
}
