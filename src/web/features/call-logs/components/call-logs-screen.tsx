import { PhoneCall } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { CALL_STATUSES, type CallFilter, type CallStatus } from '#shared/schemas/calls';
import { formatDuration } from '#shared/format';
import { PageHeader } from '../../../components/page-header';
import { SearchField } from '../../../components/search-field';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { Spinner } from '../../../components/ui/spinner';
import { useCallStats } from '../api/get-call-stats';
import { useCalls } from '../api/get-calls';
import {
  callStatusLabel,
  callTypeLabel,
  endedReasonLabel,
  formatCost,
  formatTotalDuration,
  shortId,
  successEvaluationLabel,
} from '../lib/call-format';
import { CallDetailsDialog } from './call-details-dialog';
import { CallStatusBadge } from './call-status-badge';
import { SimulateCallDialog, type SimulatorNumber } from './simulate-call-dialog';
import { formatPracticeTime } from '../../../lib/practice-time';

export const SEARCH_DEBOUNCE_MS = 300;

function StatCard({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Card>
      <CardContent className="p-4">
        <p className="text-sm text-slate-600">{label}</p>
        <p className="text-2xl font-bold text-slate-900">{value}</p>
      </CardContent>
    </Card>
  );
}

/** The filter lives in the URL (?q=&status=) so a filtered view can be shared and survives a reload. */
function useCallFilter(): [CallFilter, (patch: CallFilter) => void] {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const filter: CallFilter = {
    q: params.get('q')?.trim() || undefined,
    status: (CALL_STATUSES as readonly string[]).includes(status ?? '') ? (status as CallStatus) : undefined,
  };
  const update = useCallback(
    (patch: CallFilter) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const key of ['q', 'status'] as const) {
            if (!(key in patch)) continue;
            const value = patch[key];
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [filter, update];
}

export function CallLogsScreen({
  simulator,
  messagesLink,
}: {
  simulator?: { phoneNumbers: SimulatorNumber[] };
  /** The caller's texts in Messages, for viewers who may use Messages. */
  messagesLink?: (phoneNumber: string | null) => string | null;
}) {
  const [filter, setFilter] = useCallFilter();
  const [text, setText] = useState(filter.q ?? '');
  const [openCall, setOpenCall] = useState<string | null>(null);
  const [simulating, setSimulating] = useState(false);
  const statusId = useId();

  // Debounced: the server searches once typing pauses. Only while the text differs from the URL: a timer set
  // for nothing would hold the URL of its render and could undo a status chosen meanwhile.
  const searched = filter.q;
  useEffect(() => {
    const q = text.trim() || undefined;
    if (q === searched) return;
    const timer = setTimeout(() => setFilter({ q }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, searched, setFilter]);

  const stats = useCallStats(filter);
  const query = useCalls(filter);
  const calls = query.data?.pages.flatMap((page) => page.calls) ?? [];
  // Start times read in the practice's zone, whoever looks (an older server sends none: the browser's own).
  const timeZone = query.data?.pages[0]?.timeZone;
  const filtered = Boolean(filter.q || filter.status);

  // More rows as the user scrolls: the sentinel below the table loads the next page when it comes into view.
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && hasNextPage && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Call Logs"
        description="Every call your assistants handled, with transcript, recording, analysis and cost."
        action={
          simulator ? (
            <Button onClick={() => setSimulating(true)}>
              <PhoneCall className="mr-2 h-4 w-4" aria-hidden="true" />
              Simulate a call
            </Button>
          ) : undefined
        }
      />

      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4" aria-label="Call statistics">
        <StatCard label="Total Calls" value={stats.data ? stats.data.total : '–'} />
        <StatCard label="Completed" value={stats.data ? stats.data.completed : '–'} />
        <StatCard
          label="Total Duration"
          value={stats.data ? formatTotalDuration(stats.data.totalDurationSeconds) : '–'}
        />
        <StatCard label="Total Cost" value={stats.data ? formatCost(stats.data.totalCost) : '–'} />
      </div>

      <div className="flex flex-wrap items-end gap-4">
        <SearchField
          className="min-w-64"
          label="Search"
          placeholder="Search by phone number (or its last 4 digits), customer name or call ID"
          value={text}
          onChange={setText}
        />
        <div className="grid gap-1.5">
          <Label htmlFor={statusId}>Status</Label>
          <NativeSelect
            id={statusId}
            className="w-44"
            value={filter.status ?? ''}
            onChange={(e) =>
              setFilter({ ...filter, status: (e.target.value || undefined) as CallStatus | undefined })
            }
          >
            <option value="">All</option>
            {(['ended', 'in-progress', 'ringing', 'queued', 'forwarding'] as const).map((s) => (
              <option key={s} value={s}>
                {callStatusLabel(s)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <Alert variant="destructive">The calls could not be loaded. Please try again.</Alert>
      ) : calls.length === 0 ? (
        <div className="py-16 text-center">
          <h2 className="text-lg font-semibold text-slate-900">No calls found</h2>
          <p className="text-slate-600">
            {filtered ? 'No calls match your current filters' : 'No calls have been made yet'}
          </p>
        </div>
      ) : (
        <Card>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  <th className="px-4 py-3 font-medium">Call ID</th>
                  <th className="px-4 py-3 font-medium">Assistant</th>
                  <th className="px-4 py-3 font-medium">Assistant Phone</th>
                  <th className="px-4 py-3 font-medium">Customer Phone</th>
                  <th className="px-4 py-3 font-medium">Type</th>
                  <th className="px-4 py-3 font-medium">Ended Reason</th>
                  <th className="px-4 py-3 font-medium">Success Evaluation</th>
                  <th className="px-4 py-3 font-medium">Start</th>
                  <th className="px-4 py-3 font-medium">Duration</th>
                  <th className="px-4 py-3 font-medium">Status</th>
                </tr>
              </thead>
              <tbody>
                {calls.map((call) => (
                  <tr
                    key={call.id}
                    tabIndex={0}
                    aria-label={`Open call ${shortId(call.id)}`}
                    className="cursor-pointer border-b border-slate-100 hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-blue-600"
                    onClick={() => setOpenCall(call.id)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' || e.key === ' ') {
                        e.preventDefault();
                        setOpenCall(call.id);
                      }
                    }}
                  >
                    <td className="px-4 py-3 font-mono">{shortId(call.id)}</td>
                    <td className="px-4 py-3">
                      {call.assistant.name ?? '–'}
                      <span className="block font-mono text-xs text-slate-500">
                        {shortId(call.assistant.id)}
                      </span>
                    </td>
                    <td className="px-4 py-3">{call.phoneNumber.number ?? '–'}</td>
                    <td className="px-4 py-3">
                      {call.customer.number ?? '–'}
                      {call.customer.name && (
                        <span className="block text-xs text-slate-500">{call.customer.name}</span>
                      )}
                    </td>
                    <td className="px-4 py-3">{callTypeLabel(call.type)}</td>
                    <td className="px-4 py-3">{endedReasonLabel(call.endedReason)}</td>
                    <td className="px-4 py-3">{successEvaluationLabel(call.analysis.successEvaluation)}</td>
                    <td className="whitespace-nowrap px-4 py-3">
                      {formatPracticeTime(call.startedAt ?? call.createdAt, timeZone)}
                    </td>
                    <td className="px-4 py-3">
                      {call.duration === null ? '–' : formatDuration(call.duration)}
                    </td>
                    <td className="px-4 py-3">
                      <CallStatusBadge status={call.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div ref={sentinel} className="flex justify-center p-4">
            {query.hasNextPage ? (
              <Button
                variant="outline"
                onClick={() => void query.fetchNextPage()}
                disabled={query.isFetchingNextPage}
              >
                {query.isFetchingNextPage ? 'Loading…' : 'Load more calls'}
              </Button>
            ) : (
              <span className="text-sm text-slate-500">All {calls.length} calls shown</span>
            )}
          </div>
        </Card>
      )}

      <CallDetailsDialog
        callId={openCall}
        timeZone={timeZone}
        onClose={() => setOpenCall(null)}
        messagesLink={messagesLink}
      />
      {simulator && (
        <SimulateCallDialog
          open={simulating}
          onOpenChange={setSimulating}
          phoneNumbers={simulator.phoneNumbers}
          onSimulated={(call) => setOpenCall(call.id)}
        />
      )}
    </div>
  );
}
