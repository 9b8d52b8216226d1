import { useId, useState, type ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Switch } from '../../../components/ui/switch';
import { FEW_POINTS, type Figure } from '../lib/figures';

/** A figure's rows as a table: what "view as table" shows (and the CSV holds). */
export function FigureTable({ figure }: { figure: Figure }) {
  return (
    <div className="max-h-96 overflow-auto">
      <table className="w-full text-left text-sm" data-figure-table={figure.id}>
        <caption className="sr-only">{figure.title}</caption>
        <thead className="sticky top-0 bg-white">
          <tr>
            {figure.columns.map((column) => (
              <th
                key={column}
                scope="col"
                className="border-b border-slate-200 px-2 py-1 font-medium text-slate-600"
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {figure.rows.map((row, r) => (
            <tr key={r} className="border-b border-slate-100">
              {row.map((value, c) =>
                c === 0 ? (
                  <th key={c} scope="row" className="px-2 py-1 font-normal text-slate-900">
                    {value}
                  </th>
                ) : (
                  <td key={c} className="px-2 py-1 tabular-nums text-slate-900">
                    {value}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * One figure: its chart, or its numbers in words when fewer than 10 things would be drawn (a chart of three calls
 * misleads), and a "View as table" switch, the accessible way to every number. The switch's name also says
 * which figure ("View as table: Calls per day"): eight panels, eight switches a screen reader tells apart; the
 * visible words come first in it, so a voice command saying them still finds it.
 */
export function FigurePanel({
  figure,
  description,
  chart,
  className,
}: {
  figure: Figure;
  description: string;
  chart: ReactNode;
  className?: string;
}) {
  const [asTable, setAsTable] = useState(false);
  const switchId = useId();
  const few = figure.points < FEW_POINTS;
  return (
    <Card className={className} data-figure={figure.id}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div>
          <CardTitle className="text-lg">{figure.title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        <div className="flex items-center gap-2">
          <Switch
            id={switchId}
            checked={asTable}
            onCheckedChange={setAsTable}
            aria-label={`View as table: ${figure.title}`}
          />
          <label htmlFor={switchId} className="text-sm text-slate-700">
            View as table
          </label>
        </div>
      </CardHeader>
      <CardContent>
        {asTable ? (
          <FigureTable figure={figure} />
        ) : few ? (
          <p className="text-sm text-slate-700" data-figure-words={figure.id}>
            {figure.words}
          </p>
        ) : (
          chart
        )}
      </CardContent>
    </Card>
  );
}
