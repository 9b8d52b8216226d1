import type { Figure } from '../lib/figures';
import { hourLabel, WEEKDAYS } from '../lib/figures';

/** Calls by hour of the week: 7 rows of 24 cells, darker for more calls (a grid, not a chart library's). */
export function HourHeatmap({ figure }: { figure: Figure }) {
  const counts = figure.rows.map((row) => row.slice(1).map(Number));
  const max = Math.max(1, ...counts.flat());
  return (
    <div
      role="img"
      aria-label={`${figure.title}: grid (the table view lists the numbers)`}
      className="overflow-x-auto"
    >
      <div className="grid min-w-[640px] grid-cols-[6rem_repeat(24,minmax(0,1fr))] gap-0.5 text-xs">
        <span />
        {Array.from({ length: 24 }, (_, hour) => (
          <span key={hour} className="text-center text-slate-500">
            {hour % 3 === 0 ? hour : ''}
          </span>
        ))}
        {counts.map((hours, dow) => (
          <div key={dow} className="contents">
            <span className="pr-2 text-slate-600">{WEEKDAYS[dow]}</span>
            {hours.map((n, hour) => (
              <span
                key={hour}
                title={`${WEEKDAYS[dow]} ${hourLabel(hour)}: ${n}`}
                data-calls={n}
                className="h-5 rounded-sm"
                style={{ backgroundColor: n ? `rgba(37, 99, 235, ${0.15 + (0.85 * n) / max})` : '#f1f5f9' }}
              />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
