import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Figure } from '../lib/figures';

/**
 * The screen's charts, drawn from the same rows as the tables with recharts: a chunk of its own, loaded only
 * through lazy-bars-chart.tsx (ADR 059). Each is an image to assistive technology, named by its figure; the
 * table view holds the numbers.
 */

const COLORS = ['#2563eb', '#16a34a', '#dc2626', '#d97706', '#7c3aed', '#0891b2', '#64748b'];

/** The figure's rows as objects: the first column is the label, the others numbers (money and % parsed). */
function dataOf(figure: Figure, columns: number[]) {
  return figure.rows.map((row) => ({
    label: row[0]!,
    ...Object.fromEntries(
      columns.map((c) => [figure.columns[c]!, Number(row[c]!.replace(/[$,%]/g, '')) || 0]),
    ),
  }));
}

/** A value axis's tick: money as "$12" or "$0.75", a share as "40%". */
const valueTick = (unit: string | undefined) => (value: number) =>
  unit === '$' ? `$${Number.isInteger(value) ? value : value.toFixed(2)}` : `${value}${unit ?? ''}`;

/**
 * A few categories name every bar (charts whose labels are long draw them `horizontal`, a label a row); a day
 * per bar (a month or more) keeps the ticks that fit.
 */
const MAX_EVERY_LABEL = 12;

/** Vertical bars of one or more of the figure's columns (by index), one group per row. */
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
  const data = dataOf(figure, columns);
  const labels = data.length <= MAX_EVERY_LABEL ? { interval: 0 as const, tick: { fontSize: 12 } } : {};
  return (
    <div
      role="img"
      aria-label={`${figure.title}: chart (the table view lists the numbers)`}
      style={{ height }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout={horizontal ? 'vertical' : 'horizontal'} margin={{ left: 8, right: 16 }}>
          <CartesianGrid strokeDasharray="3 3" />
          {horizontal ? (
            <>
              <XAxis type="number" allowDecimals={false} tickFormatter={valueTick(unit)} />
              <YAxis type="category" dataKey="label" width={170} {...labels} />
            </>
          ) : (
            <>
              <XAxis dataKey="label" {...labels} />
              <YAxis allowDecimals={unit === '$'} tickFormatter={valueTick(unit)} />
            </>
          )}
          <Tooltip />
          {columns.length > 1 && <Legend />}
          {columns.map((c, i) => (
            <Bar
              key={c}
              dataKey={figure.columns[c]!}
              fill={COLORS[i % COLORS.length]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
