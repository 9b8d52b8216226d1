import { Component, lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
import type * as Charts from './charts';
import { FigureTable } from './figure-panel';

/**
 * recharts (with its redux, immer and d3 parts) is too large for the screen's budget, so charts.tsx is a chunk of
 * its own with a budget of its own (ADR 059): the screen's figures, tables and CSV never wait for it.
 */
let charts: Promise<typeof Charts> | undefined;
const loadCharts = () => (charts ??= import('./charts'));

/** Starts fetching the charts' chunk (the screen calls it on mount, alongside its API request). */
export function preloadCharts() {
  loadCharts().catch(() => undefined);
}

const BarsChart = lazy(async () => ({ default: (await loadCharts()).BarsChart }));

export const CHART_TEXTS = {
  loading: 'Loading the chart…',
  failed: 'The chart could not be loaded (reload the page to try again). Its numbers:',
} as const;

/** Renders its fallback instead of children that threw (here: the charts' chunk failed to load). */
class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * charts.tsx's BarsChart, once its chunk is there: until then a placeholder of the chart's height (nothing moves
 * when it comes), and if it cannot load, the chart's numbers as a table.
 */
export function LazyBarsChart({ height = 260, ...props }: ComponentProps<typeof BarsChart>) {
  const failed = (
    <div className="grid gap-2" data-chart-failed>
      <p className="text-sm text-slate-700">{CHART_TEXTS.failed}</p>
      <FigureTable figure={props.figure} />
    </div>
  );
  const placeholder = (
    <div
      role="status"
      aria-busy="true"
      className="rounded-md bg-slate-100 motion-safe:animate-pulse"
      style={{ height }}
      data-chart-loading
    >
      <span className="sr-only">{CHART_TEXTS.loading}</span>
    </div>
  );
  return (
    <ChartBoundary fallback={failed}>
      <Suspense fallback={placeholder}>
        <BarsChart height={height} {...props} />
      </Suspense>
    </ChartBoundary>
  );
}
