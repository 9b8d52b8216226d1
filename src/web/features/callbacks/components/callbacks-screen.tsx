import { format } from 'date-fns';
import { Fragment, useState } from 'react';
import type { Callback } from '#shared/schemas/callbacks';
import { PageHeader } from '../../../components/page-header';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { messageOf } from '../../../lib/api-client';
import { useOpenCallbacks } from '../api/get-callbacks';
import { useUpdateCallback } from '../api/update-callback';
import { BookFromCallback } from './book-from-callback';

const typeLabel = (type: string) => type.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

function wanted(task: Callback): string {
  const parts = [
    task.appointmentType && typeLabel(task.appointmentType),
    task.preferredDate,
    task.preferredTime,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'An appointment';
}

function TaskActions({ task, onBook }: { task: Callback; onBook?: () => void }) {
  const update = useUpdateCallback();
  const [note, setNote] = useState('');
  const fail = (error: Error) =>
    toast({ variant: 'destructive', title: 'Error', description: messageOf(error, 'Please try again.') });
  return (
    <div className="flex flex-wrap items-center gap-2">
      {!task.takenBy && (
        <Button
          size="sm"
          variant="outline"
          disabled={update.isPending}
          onClick={() => update.mutate({ id: task.id, change: { take: true } }, { onError: fail })}
        >
          Take
        </Button>
      )}
      {onBook && (
        <Button size="sm" variant="outline" onClick={onBook}>
          Book
        </Button>
      )}
      <Input
        aria-label={`Note for ${task.callerName ?? task.callerNumber ?? 'caller'}`}
        placeholder="What happened on the call back"
        value={note}
        className="h-9 w-56"
        onChange={(e) => setNote(e.target.value)}
      />
      <Button
        size="sm"
        disabled={update.isPending || !note.trim()}
        onClick={() =>
          update.mutate(
            { id: task.id, change: { status: 'done', note } },
            { onSuccess: () => toast({ title: 'Callback closed' }), onError: fail },
          )
        }
      >
        Close
      </Button>
    </div>
  );
}

/** Every caller who wanted something and was not booked, oldest due first, until a person closes it. */
export function CallbacksScreen({ mayBook = false }: { mayBook?: boolean }) {
  const { data, isLoading, error } = useOpenCallbacks();
  const [booking, setBooking] = useState<string | null>(null);
  const tasks = data?.callbacks ?? [];
  return (
    <div className="space-y-6">
      <PageHeader
        title="Callbacks"
        description="Callers who asked for something and were not booked. Take one, call back, and close it with a note."
      />
      {isLoading ? (
        <Spinner label="Loading callbacks" />
      ) : error ? (
        <Alert variant="destructive">Could not load callbacks. {messageOf(error, 'Please try again.')}</Alert>
      ) : tasks.length === 0 ? (
        <Card>
          <CardContent className="p-8 text-center text-slate-600">
            No callers are waiting for a call back.
          </CardContent>
        </Card>
      ) : (
        <Card className="overflow-x-auto">
          <table className="w-full min-w-[860px] text-left text-sm">
            <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
              <tr>
                {['Due', 'Caller', 'Wanted', 'Taken by', ''].map((column, i) => (
                  <th key={i} scope="col" className="px-4 py-3 font-semibold">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {tasks.map((task) => (
                <Fragment key={task.id}>
                  <tr data-testid="callback-row">
                    <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                      {format(new Date(task.dueAt), 'MMM d, h:mm a')}
                    </td>
                    <td className="px-4 py-3">
                      <span className="block font-medium text-slate-900">
                        {task.callerName ?? 'Unknown caller'}
                      </span>
                      {task.callerNumber && (
                        <a className="text-blue-700 hover:underline" href={`tel:${task.callerNumber}`}>
                          {task.callerNumber}
                        </a>
                      )}
                    </td>
                    <td className="px-4 py-3 text-slate-700">{wanted(task)}</td>
                    <td className="px-4 py-3">
                      {task.takenBy ? <Badge variant="secondary">{task.takenBy.name}</Badge> : '—'}
                    </td>
                    <td className="px-4 py-3">
                      <TaskActions task={task} onBook={mayBook ? () => setBooking(task.id) : undefined} />
                    </td>
                  </tr>
                  {booking === task.id && (
                    <tr>
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
    </div>
  );
}
