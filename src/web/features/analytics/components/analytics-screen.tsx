import { Download, FileSpreadsheet, Tags } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { keptRate } from '#shared/analytics';
import type { Analytics, AnalyticsFilter, MoneyRow } from '#shared/schemas/analytics';
import { formatDuration } from '#shared/format';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { toastError } from '../../../components/mutation-toasts';
import { PageHeader } from '../../../components/page-header';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { Input } from '../../../components/ui/input';
import { messageOf } from '../../../lib/api-client';
import { isChosenDate } from '../../../lib/typed-date';
import { useExportCalls } from '../api/export-calls';
import { useAnalytics } from '../api/get-analytics';
import { figuresCsv, figuresOf, type Figures } from '../lib/figures';
import { count, money, percent, perHundred } from '../lib/format';
import {
  filterFromUrl,
  PRESETS,
  presetOf,
  presetRange,
  rangeLabel,
  urlOf,
  type PresetId,
} from '../lib/range';
import { saveFile } from '../lib/save-file';
import { FigurePanel } from './figure-panel';
import { HourHeatmap } from './hour-heatmap';
import { LazyBarsChart, preloadCharts } from './lazy-bars-chart';
import { ValuesDialog } from './values-dialog';
import { practiceToday } from '../../../lib/practice-time';

export const ANALYTICS_TEXTS = {
  title: 'Analytics',
  description: 'From every call to the visit that was kept, and what it cost.',
  empty: 'Nothing happened in these dates: no calls, bookings or callbacks.',
  exportFailed: 'Could not download the calls.',
  noValues: 'Set visit values to see it',
} as const;

/** The filter lives in the URL (?from=&to=&assistant=&number=), so a view can be shared and survives a reload. */
function useAnalyticsFilter(today: Date): [AnalyticsFilter, (filter: AnalyticsFilter) => void] {
  const [params, setParams] = useSearchParams();
  const filter = filterFromUrl(params, today);
  const update = useCallback(
    (next: AnalyticsFilter) => setParams(urlOf(next), { replace: true }),
    [setParams],
  );
  return [filter, update];
}

type Choices = { assistants: Map<string, string>; numbers: Map<string, string> };

function withRows(map: Map<string, string>, rows: MoneyRow[]): Map<string, string> {
  const next = new Map(map);
  for (const row of rows) if (row.id) next.set(row.id, row.name);
  return next;
}

/**
 * Assistants and numbers seen in the answers so far (the filters' choices), by id: a filtered answer names only
 * its own, and the others must stay to choose from.
 */
function useChoices(data: Analytics | undefined): Choices {
  const [state, setState] = useState<{ from?: Analytics; choices: Choices }>({
    choices: { assistants: new Map(), numbers: new Map() },
  });
  if (data && data !== state.from) {
    setState({
      from: data,
      choices: {
        assistants: withRows(state.choices.assistants, data.money.byAssistant),
        numbers: withRows(state.choices.numbers, data.money.byNumber),
      },
    });
  }
  return state.choices;
}

/**
 * The browser's date field, left to keep what is typed: typing 11012026 reports 0002-11-01, 0020-11-01, … on the
 * way, and a value fed back into a half-typed field jumps it to another day. A whole day (typed, or picked from the
 * calendar) is handed over at once; a day set elsewhere (a preset, the URL) is shown unless the field is being
 * typed in; leaving it (or Enter) shows the day the filter holds again.
 */
function DateField({
  id,
  value,
  min,
  max,
  onPick,
}: {
  id: string;
  value: string;
  min?: string;
  max?: string;
  onPick(day: string): void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const input = ref.current;
    if (input && input.value !== value && input !== document.activeElement) input.value = value;
  }, [value]);
  const settle = (input: HTMLInputElement) => {
    if (input.value !== value) input.value = value;
  };
  return (
    <Input
      ref={ref}
      id={id}
      type="date"
      defaultValue={value}
      min={min}
      max={max}
      onChange={(event) => {
        const day = event.target.value;
        if (isChosenDate(day) && day !== value) onPick(day);
      }}
      onBlur={(event) => settle(event.currentTarget)}
      onKeyDown={(event) => event.key === 'Enter' && settle(event.currentTarget)}
    />
  );
}

function Filters({
  filter,
  onChange,
  today,
  choices,
}: {
  filter: AnalyticsFilter;
  onChange(filter: AnalyticsFilter): void;
  today: Date;
  choices: Choices;
}) {
  const id = useId();
  const preset = presetOf(filter, today);
  const select = (
    label: string,
    key: 'assistantId' | 'phoneNumberId',
    all: string,
    options: Map<string, string>,
  ) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-${key}`}>{label}</Label>
      <NativeSelect
        id={`${id}-${key}`}
        value={filter[key] ?? ''}
        onChange={(event) => onChange({ ...filter, [key]: event.target.value || undefined })}
      >
        <option value="">{all}</option>
        {[...options].map(([value, name]) => (
          <option key={value} value={value}>
            {name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
  return (
    <Card>
      <CardContent className="grid gap-4 p-4 sm:grid-cols-2 lg:grid-cols-5">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-range`}>Dates</Label>
          <NativeSelect
            id={`${id}-range`}
            value={preset ?? 'custom'}
            onChange={(event) => {
              if (event.target.value !== 'custom')
                onChange({ ...filter, ...presetRange(event.target.value as PresetId, today) });
            }}
          >
            {PRESETS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
            <option value="custom">Custom</option>
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-from`}>From</Label>
          <DateField
            id={`${id}-from`}
            value={filter.from}
            max={filter.to}
            onPick={(from) => onChange({ ...filter, from })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-to`}>To</Label>
          <DateField
            id={`${id}-to`}
            value={filter.to}
            min={filter.from}
            onPick={(to) => onChange({ ...filter, to })}
          />
        </div>
        {select('Assistant', 'assistantId', 'All assistants', choices.assistants)}
        {select('Number', 'phoneNumberId', 'All numbers', choices.numbers)}
      </CardContent>
    </Card>
  );
}

function Tile({ label, value, hint }: { label: string; value: string; hint?: ReactNode }) {
  return (
    <Card>
      <CardContent className="p-4">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <p className="text-2xl font-bold text-slate-900" data-testid={`figure-${label}`}>
          {value}
        </p>
        {hint && <p className="text-xs text-slate-600">{hint}</p>}
      </CardContent>
    </Card>
  );
}

function Tiles({ data, onValues }: { data: Analytics; onValues?: () => void }) {
  const { calls, bookings, outcomes, callbacks, money: m } = data;
  return (
    <section aria-label="Headline figures" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <Tile
        label="Calls"
        value={count(calls.total)}
        hint={`${count(calls.answeredAfterHours)} answered after hours · average ${formatDuration(calls.averageDurationSeconds)}`}
      />
      <Tile
        label="Bookings"
        value={count(bookings.total)}
        hint={`${perHundred(bookings.conversion)} per 100 calls · ${count(bookings.newPatients)} new, ${count(bookings.returningPatients)} returning`}
      />
      <Tile
        label="Kept rate"
        value={percent(keptRate(outcomes))}
        hint={`${count(outcomes.kept)} kept, ${count(outcomes.noShow)} no-show, ${count(outcomes.cancelled)} cancelled`}
      />
      <Tile
        label="Callbacks"
        value={count(callbacks.opened)}
        hint={`${count(callbacks.closedInTime)} of them closed by their due time`}
      />
      <Tile label="Total cost" value={money(m.totalCost)} hint={`${money(m.costPerCall)} per call`} />
      <Tile
        label="Cost per booked visit"
        value={money(m.costPerBookedVisit)}
        hint="Visits the receptionist booked"
      />
      <Tile label="Cost per kept visit" value={money(m.costPerKeptVisit)} hint="Of those, the visits kept" />
      <Tile
        label="Estimated value"
        value={money(m.estimatedValue)}
        hint={
          m.estimatedValue === null ? (
            onValues ? (
              <Button variant="link" className="h-auto p-0 text-xs" onClick={onValues}>
                {ANALYTICS_TEXTS.noValues}
              </Button>
            ) : (
              'No visit values set yet'
            )
          ) : (
            'Estimated: visits the receptionist booked, not lost'
          )
        }
      />
    </section>
  );
}

function Panels({ figures }: { figures: Figures }) {
  const outcomeChart = {
    ...figures.outcomes,
    rows: figures.outcomes.rows.filter((_, i) => i !== 3 && i < 6),
  };
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <FigurePanel
        figure={figures.callsByDay}
        description="Calls that came in or went out each day, in the practice's time zone."
        chart={<LazyBarsChart figure={figures.callsByDay} columns={[1]} />}
        className="lg:col-span-2"
      />
      <FigurePanel
        figure={figures.callsByHour}
        description="When calls happen: darker is busier."
        chart={<HourHeatmap figure={figures.callsByHour} />}
        className="lg:col-span-2"
      />
      <FigurePanel
        figure={figures.endedReasons}
        description="The voice platform's reason each call ended."
        chart={<LazyBarsChart figure={figures.endedReasons} columns={[1]} horizontal />}
      />
      <FigurePanel
        figure={figures.bookingsBySource}
        description="Where the bookings of these dates came from, and per call for the sources that are calls."
        chart={<LazyBarsChart figure={figures.bookingsBySource} columns={[1]} horizontal />}
      />
      <FigurePanel
        figure={figures.outcomes}
        description="Visits booked in these dates: kept, missed, cancelled, or still to settle."
        chart={<LazyBarsChart figure={outcomeChart} columns={[1, 2]} horizontal />}
      />
      <FigurePanel
        figure={figures.reminders}
        description="Visits that got a reminder or confirmation call or text before their start, against the others."
        chart={<LazyBarsChart figure={figures.reminders} columns={[3]} unit="%" />}
      />
      <FigurePanel
        figure={figures.byAssistant}
        description="What each assistant's calls cost and produced; the chart: cost per booked and per kept visit."
        chart={<LazyBarsChart figure={figures.byAssistant} columns={[5, 6]} unit="$" horizontal />}
      />
      <FigurePanel
        figure={figures.byNumber}
        description="What the calls on each number cost and produced; the chart: cost per booked and per kept visit."
        chart={<LazyBarsChart figure={figures.byNumber} columns={[5, 6]} unit="$" horizontal />}
      />
    </div>
  );
}

/**
 * The Analytics screen (issue 25): `canEditValues` for admins. The presets count back from the practice's today
 * (its time zone comes with the first answer); `today` fixes it (tests).
 */
export function AnalyticsScreen({
  canEditValues,
  today: fixedToday,
}: {
  canEditValues: boolean;
  today?: Date;
}) {
  const [timeZone, setTimeZone] = useState<string>();
  const today = useMemo(() => fixedToday ?? practiceToday(timeZone), [fixedToday, timeZone]);
  const [filter, setFilter] = useAnalyticsFilter(today);
  const query = useAnalytics(filter);
  useEffect(preloadCharts, []);
  const zone = query.data?.range.timeZone;
  // Kept once learned, as the calendar does: another range's request must not bring the browser's today back.
  if (zone && zone !== timeZone) setTimeZone(zone);
  const choices = useChoices(query.data);
  const [valuesOpen, setValuesOpen] = useState(false);
  const exportCalls = useExportCalls();
  const data = query.data;
  const figures = useMemo(() => (data ? figuresOf(data) : undefined), [data]);
  const empty = data && data.calls.total === 0 && data.bookings.total === 0 && data.callbacks.opened === 0;

  return (
    <div className="grid gap-6">
      <PageHeader
        title={ANALYTICS_TEXTS.title}
        description={ANALYTICS_TEXTS.description}
        action={
          <div className="flex flex-wrap gap-2">
            {canEditValues && (
              <Button variant="outline" onClick={() => setValuesOpen(true)}>
                <Tags aria-hidden="true" />
                Visit values
              </Button>
            )}
            <Button
              variant="outline"
              disabled={!data || !figures}
              onClick={() =>
                data &&
                figures &&
                saveFile(
                  new Blob([figuresCsv(data, figures)], { type: 'text/csv;charset=utf-8' }),
                  `analytics-${data.range.from}-to-${data.range.to}.csv`,
                )
              }
            >
              <FileSpreadsheet aria-hidden="true" />
              Export CSV
            </Button>
            <Button
              variant="outline"
              pending={exportCalls.isPending}
              onClick={() =>
                exportCalls.mutate(filter, {
                  onError: (error) => toastError(messageOf(error, ANALYTICS_TEXTS.exportFailed)),
                })
              }
            >
              <Download aria-hidden="true" />
              Download calls (CSV)
            </Button>
          </div>
        }
      />
      <Filters filter={filter} onChange={setFilter} today={today} choices={choices} />
      <p className="text-sm text-slate-600" aria-live="polite">
        {rangeLabel(filter)}
        {data && ` · ${data.range.timeZone}`}
        {query.isFetching && data && ' · updating…'}
      </p>
      {query.isLoading && <ListLoading label="Loading analytics" />}
      {query.error && !data && <ListError error={query.error} onRetry={query.refetch} />}
      {empty && <ListEmpty>{ANALYTICS_TEXTS.empty}</ListEmpty>}
      {data && figures && !empty && (
        <>
          <Tiles data={data} onValues={canEditValues ? () => setValuesOpen(true) : undefined} />
          <Panels figures={figures} />
        </>
      )}
      {canEditValues && <ValuesDialog open={valuesOpen} onOpenChange={setValuesOpen} />}
    </div>
  );
}
