import { useState } from 'react';
import type { Callback, CallbackUpdate } from '#shared/schemas/callbacks';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { toast } from '../../../components/ui/use-toast';
import { messageOf } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useAssignees } from '../api/get-assignees';
import { useUpdateCallback } from '../api/update-callback';

/**
 * Take a free task; release or hand on one you hold (an admin: any); book; close with a note. Two lines that
 * never wrap: the buttons, then the note and Close.
 */
export function TaskActions({ task, onBook }: { task: Callback; onBook?: () => void }) {
  const { user } = useAuth();
  const update = useUpdateCallback();
  const [note, setNote] = useState('');
  const caller = task.callerName ?? task.callerNumber ?? 'caller';
  const mine = task.takenBy?.id === user?.id;
  const mayHandOn = !task.takenBy || mine || user?.role === 'admin';
  const assignees = useAssignees(task.id, mayHandOn);
  // The select only chooses (an arrow key on a closed select changes it); the Hand to button hands the task on.
  const [handTo, setHandTo] = useState('');
  const colleagues = assignees.data?.assignees.filter((assignee) => assignee.id !== task.takenBy?.id);
  const chosen = colleagues?.find((assignee) => assignee.id === handTo);
  const fail = (error: unknown) =>
    toast({ variant: 'destructive', title: 'Error', description: messageOf(error, 'Please try again.') });
  // The outcome follows the promise: the list read again on settle may drop this task (closed, handed on)
  // and unmount these actions first, and TanStack drops `mutate`'s own callbacks then, the toast with them.
  const change = (body: CallbackUpdate, done?: string, then?: () => void) =>
    update.mutateAsync({ id: task.id, change: body }).then(() => {
      then?.();
      if (done) toast({ title: done });
    }, fail);

  return (
    <div className="grid gap-2" data-testid="callback-actions">
      <div className="flex flex-nowrap items-center gap-2">
        {/* One button for Take and Release, so that the focus stays on it when one becomes the other. */}
        {(!task.takenBy || mayHandOn) && (
          <Button
            size="sm"
            variant="outline"
            pending={update.isPending}
            onClick={() =>
              task.takenBy ? change({ take: false }, 'Callback released') : change({ take: true })
            }
          >
            {task.takenBy ? 'Release' : 'Take'}
          </Button>
        )}
        {mayHandOn && (
          <>
            <NativeSelect
              aria-label={`Hand the callback for ${caller} to`}
              className="h-9 w-40 shrink-0"
              value={chosen ? handTo : ''}
              disabled={update.isPending || !assignees.data}
              title={
                assignees.error ? messageOf(assignees.error, 'Could not load your colleagues.') : undefined
              }
              onChange={(event) => setHandTo(event.target.value)}
            >
              <option value="">Hand to…</option>
              {colleagues?.map((assignee) => (
                <option key={assignee.id} value={assignee.id}>
                  {assignee.name}
                </option>
              ))}
            </NativeSelect>
            <Button
              size="sm"
              variant="outline"
              disabled={!chosen}
              pending={update.isPending}
              onClick={() =>
                chosen && change({ assignTo: chosen.id }, `Handed to ${chosen.name}`, () => setHandTo(''))
              }
            >
              Hand to
            </Button>
          </>
        )}
        {onBook && (
          <Button size="sm" variant="outline" onClick={onBook}>
            Book
          </Button>
        )}
      </div>
      <div className="flex flex-nowrap items-center gap-2">
        <Input
          aria-label={`Note for ${caller}`}
          placeholder="What happened?"
          value={note}
          className="h-9 w-64"
          onChange={(e) => setNote(e.target.value)}
        />
        <Button
          size="sm"
          disabled={!note.trim()}
          pending={update.isPending}
          onClick={() => change({ status: 'done', note }, 'Callback closed')}
        >
          Close
        </Button>
      </div>
    </div>
  );
}
