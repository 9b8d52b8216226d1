import type { Figure } from '../lib/figures';
import { hourLabel, WEEKDAYS } from '../lib/figures';

/**
 * The screen's charts, drawn from the same rows as the tables, in plain elements sized by percentages (ADR 059:
 * a chart library cost the screen 100 KB). Each is an image to assistive technology, named by its figure; the
 * table view holds the numbers, and each bar's title says its own.
 */

const COLORS = ['#2563eb', '#16a34a', '#dc2626', '#d97706', '#7c3aed', '#0891b2', '#64748b'];
/** Past this many rows the category axis names only the first, middle and last (the bars' titles say all). */
const MAX_LABELS = 12;

/** The figure's cells as numbers (money and % parsed), per row, for the given columns. */
function valuesOf(figure: Figure, columns: number[]): number[][] {
  return figure.rows.map((row) => columns.map((c) => Number(row[c]!.replace(/[$,%]/g, '')) || 0));
}

/** The axis' top: 1, 2 or 5 times a power of ten, at or above the largest value (whole numbers unless money). */
export function axisTop(max: number, wholeNumbers: boolean): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const top = [1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= max)!;
  return wholeNumbers ? Math.max(1, Math.ceil(top)) : top;
}

const pct = (value: number, top: number) => `${Number(((100 * value) / top).toFixed(2))}%`;

function tickText(value: number, unit: string | undefined): string {
  const text = value.toLocaleString('en-US', { maximumFractionDigits: 2 });
  if (unit === '$') return `$${text}`;
  return unit ? `${text}${unit}` : text;
}

function Legend({ names }: { names: string[] }) {
  if (names.length < 2) return null;
  return (
    <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 pb-2 text-xs text-slate-600">
      {names.map((name, i) => (
        <li key={name} className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm" style={{ backgroundColor: COLORS[i % COLORS.length] }} />
          {name}
        </li>
      ))}
    </ul>
  );
}

/** Bars of one or more of the figure's columns (by index), one group per row; `horizontal` for long labels. */
export function BarsChart({
  figure,
  columns,
  height = 260,
  horizontal = false,
  unit,
}: {
  figure: Figure;
  columns: number[];
  height?: number;
  horizontal?: boolean;
  /** Said on the value axis ('%', '$'). */
  unit?: string;
}) {
  const values = valuesOf(figure, columns);
  const names = columns.map((c) => figure.columns[c]!);
  const top = axisTop(Math.max(0, ...values.flat()), unit !== '$');
  const ticks = Number.isInteger(top / 2) || unit === '$' ? [top, top / 2, 0] : [top, 0];
  const labels = figure.rows.map((row) => row[0]!);
  const axisLabels =
    labels.length > MAX_LABELS ? [labels[0]!, labels[labels.length >> 1]!, labels.at(-1)!] : labels;
  const bar = (value: number, row: number, series: number) =>
    value > 0 ? (
      <span
        key={series}
        data-bar
        title={`${labels[row]}, ${names[series]}: ${tickText(value, unit)}`}
        className={horizontal ? 'h-3 rounded-r-sm' : 'w-full max-w-10 rounded-t-sm'}
        style={{
          ...(horizontal ? { width: pct(value, top) } : { height: pct(value, top) }),
          backgroundColor: COLORS[series % COLORS.length],
        }}
      />
    ) : null;

  return (
    <div
      role="img"
      aria-label={`${figure.title}: chart (the table view lists the numbers)`}
      className="flex flex-col text-xs text-slate-600"
      style={{ height }}
    >
      <Legend names={names} />
      {horizontal ? (
        <div className="flex min-h-0 flex-1 flex-col justify-around gap-1">
          {values.map((row, r) => (
            <div key={r} className="flex items-center gap-2">
              <span className="w-[170px] shrink-0 truncate text-right">{labels[r]}</span>
              <div className="flex flex-1 flex-col gap-px border-l border-slate-300">
                {row.map((value, s) => bar(value, r, s))}
              </div>
              <span className="w-14 shrink-0">{row.map((value) => tickText(value, unit)).join(' / ')}</span>
            </div>
          ))}
        </div>
      ) : (
        <>
          <div className="flex min-h-0 flex-1">
            <div className="relative w-12 shrink-0">
              {ticks.map((tick) => (
                <span
                  key={tick}
                  className="absolute right-2 translate-y-1/2"
                  style={{ bottom: pct(tick, top) }}
                >
                  {tickText(tick, unit)}
                </span>
              ))}
            </div>
            <div className="relative flex-1 border-b border-l border-slate-300">
              {ticks.map((tick) => (
                <span
                  key={tick}
                  className="absolute inset-x-0 border-t border-dashed border-slate-200"
                  style={{ bottom: pct(tick, top) }}
                />
              ))}
              <div className="absolute inset-0 flex items-end gap-px px-1">
                {values.map((row, r) => (
                  <div key={r} className="flex h-full min-w-0 flex-1 items-end justify-center gap-px">
                    {row.map((value, s) => bar(value, r, s))}
                  </div>
                ))}
              </div>
            </div>
          </div>
          <div className={`ml-12 flex px-1 pt-1 ${axisLabels === labels ? '' : 'justify-between'}`}>
            {axisLabels.map((label, r) => (
              <span key={r} className={axisLabels === labels ? 'min-w-0 flex-1 truncate text-center' : ''}>
                {label}
              </span>
            ))}
          </div>
        </>
      )}
    </div>
  );
}

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
