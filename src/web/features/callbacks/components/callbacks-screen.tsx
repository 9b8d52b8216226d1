import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import type { Callback } from '#shared/schemas/callbacks';
import { PageHeader } from '../../../components/page-header';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { ListEmpty } from '../../../components/list-states';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { messageOf } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useFocusAfterRemoval } from '../../../lib/use-focus-after-removal';
import { CallDetailsDialog } from '../../call-logs';
import { CALLBACK_FILTERS, useCallbacks, type CallbackFilter } from '../api/get-callbacks';
import { BookFromCallback } from './book-from-callback';
import { TaskActions } from './task-actions';
import { formatPracticeTime } from '../../../lib/practice-time';

const typeLabel = (type: string) => type.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

function wanted(task: Callback): string {
  const parts = [
    task.appointmentType && typeLabel(task.appointmentType),
    task.preferredDate,
    task.preferredTime,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'An appointment';
}

const FILTER_LABEL: Record<CallbackFilter, string> = { open: 'Open', mine: 'Mine', closed: 'Closed' };
const EMPTY: Record<CallbackFilter, string> = {
  open: 'No callers are waiting for a call back.',
  mine: 'You have not taken any open callback.',
  closed: 'No callback has been closed yet.',
};

function FilterButtons({
  value,
  onChange,
}: {
  value: CallbackFilter;
  onChange(filter: CallbackFilter): void;
}) {
  return (
    <div
      role="group"
      aria-label="Show callbacks"
      className="inline-flex rounded-md border border-slate-300 p-0.5"
    >
      {CALLBACK_FILTERS.map((filter) => (
        <button
          key={filter}
          type="button"
          aria-pressed={value === filter}
          onClick={() => onChange(filter)}
          className={cn(
            'rounded px-3 py-1 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600',
            value === filter ? 'bg-blue-600 text-white' : 'text-slate-700 hover:bg-slate-100',
          )}
        >
          {FILTER_LABEL[filter]}
        </button>
      ))}
    </div>
  );
}

/**
 * Every caller who wanted something and was not booked, oldest due first, until a person closes it; the
 * Closed filter shows what was done, with the notes. Each task opens its call (summary, transcript,
 * recording) in the Call Logs dialog.
 */
export function CallbacksScreen({
  mayBook = false,
  messagesLink,
}: {
  mayBook?: boolean;
  /** The patient's texts in Messages (the task's own conversation when it came from a text). */
  messagesLink?: (phoneNumber: string | null, conversationId?: string | null) => string | null;
}) {
  const [filter, setFilter] = useState<CallbackFilter>('open');
  const { data, isLoading, error } = useCallbacks(filter);
  const [booking, setBooking] = useState<string | null>(null);
  const [openCall, setOpenCall] = useState<string | null>(null);
  const tasks = data?.callbacks ?? [];
  const timeZone = data?.timeZone;
  const keepFocus = useFocusAfterRemoval<HTMLTableSectionElement>(tasks.map((task) => task.id));
  const closed = filter === 'closed';
  const columns = closed
    ? ['Closed', 'Caller', 'Wanted', 'Taken by', 'Note']
    : ['Due', 'Caller', 'Wanted', 'Taken by', 'Actions'];
  return (
    <div className="space-y-6">
      <PageHeader
        title="Callbacks"
        description="Callers who asked for something and were not booked. Take one, call back, and close it with a note."
      />
      <FilterButtons value={filter} onChange={setFilter} />
      {isLoading ? (
        <Spinner label="Loading callbacks" />
      ) : error ? (
        <Alert variant="destructive">Could not load callbacks. {messageOf(error, 'Please try again.')}</Alert>
      ) : tasks.length === 0 ? (
        <ListEmpty>{EMPTY[filter]}</ListEmpty>
      ) : (
        // `relative`: the header's screen-reader text is positioned absolutely; it scrolls with the table.
        <Card className="relative overflow-x-auto">
          <table className="w-full min-w-[960px] text-left text-sm">
            <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col" className="px-4 py-3 font-semibold">
                    {column === 'Actions' ? <span className="sr-only">Actions</span> : column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100" {...keepFocus}>
              {tasks.map((task) => (
                <Fragment key={task.id}>
                  <tr data-testid="callback-row" data-item-id={task.id} className="align-top">
                    <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                      {formatPracticeTime(closed && task.closedAt ? task.closedAt : task.dueAt, timeZone, {
                        year: false,
                      })}
                    </td>
                    <td className="px-4 py-3">
                      <span className="block font-medium text-slate-900">
                        {task.callerName ?? 'Unknown caller'}
                      </span>
                      {task.callerNumber && (
                        <a className="block text-blue-700 hover:underline" href={`tel:${task.callerNumber}`}>
                          {task.callerNumber}
                        </a>
                      )}
                      <span className="flex flex-wrap gap-x-3">
                        {task.callId && (
                          <button
                            type="button"
                            className="text-sm whitespace-nowrap text-blue-700 hover:underline"
                            aria-label={`View the call from ${task.callerName ?? task.callerNumber ?? 'this caller'}`}
                            onClick={() => setOpenCall(task.callId)}
                          >
                            View call
                          </button>
                        )}
                        {(() => {
                          const href = messagesLink?.(task.callerNumber, task.conversationId);
                          return href ? (
                            <Link
                              to={href}
                              className="text-sm whitespace-nowrap text-blue-700 hover:underline"
                              aria-label={`Messages with ${task.callerName ?? task.callerNumber ?? 'this caller'}`}
                            >
                              Messages
                            </Link>
                          ) : null;
                        })()}
                      </span>
                    </td>
                    <td className="px-4 py-3 text-slate-700">{wanted(task)}</td>
                    <td className="px-4 py-3">
                      {task.takenBy ? <Badge variant="secondary">{task.takenBy.name}</Badge> : '—'}
                    </td>
                    <td className="px-4 py-3">
                      {closed ? (
                        <span className="whitespace-pre-wrap break-words text-slate-700">
                          {task.note ?? '—'}
                        </span>
                      ) : (
                        <TaskActions task={task} onBook={mayBook ? () => setBooking(task.id) : undefined} />
                      )}
                    </td>
                  </tr>
                  {booking === task.id && !closed && (
                    <tr data-item-id={task.id}>
                      <td colSpan={5} className="bg-slate-50 px-4 py-4">
                        <BookFromCallback task={task} onDone={() => setBooking(null)} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      <CallDetailsDialog
        callId={openCall}
        timeZone={timeZone}
        onClose={() => setOpenCall(null)}
        messagesLink={messagesLink}
      />
    </div>
  );
}
