import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { timeLabel } from '../lib/booking';
import { useAuth } from '../../../lib/auth';
import { removeFromOutbox, useOutbox } from '../lib/outbox';

/** Requests not yet confirmed by the server, so a reference never silently disappears. */
export function OutboxList() {
  const entries = useOutbox(useAuth().user?.id);
  if (entries.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Requests waiting for the server</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2">
          {entries.map((entry) => (
            <li
              key={entry.reference}
              className="flex flex-wrap items-center gap-3 rounded-md border border-slate-200 px-3 py-2 text-sm"
            >
              <span className="font-mono">{entry.reference}</span>
              <span>
                {entry.params.patient_info.name} · {entry.params.date} {timeLabel(entry.params.time)}
              </span>
              {entry.state === 'waiting' ? (
                <span className="text-slate-600">Waiting to send</span>
              ) : (
                <>
                  <span className="text-red-700">Failed: {entry.error}</span>
                  <Button
                    variant="outline"
                    size="sm"
                    className="ml-auto"
                    onClick={() => removeFromOutbox(entry.reference)}
                  >
                    Dismiss
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
