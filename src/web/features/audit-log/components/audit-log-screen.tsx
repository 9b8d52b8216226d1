import { Download } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { AUDIT_ACTIONS, type AuditEvent, type AuditFilter } from '#shared/schemas/audit';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { ListStates } from '../../../components/list-states';
import { toastError } from '../../../components/mutation-toasts';
import { messageOf } from '../../../lib/api-client';
import { useExportAuditEvents } from '../api/export-audit-events';
import { useAuditEvents } from '../api/get-audit-events';
import { PageHeader } from '../../../components/page-header';
import { formatPracticeTime, practiceDayStart } from '../../../lib/practice-time';

export interface UserOption {
  id: string;
  label: string;
}

const OUTCOME_VARIANT = { allowed: 'success', denied: 'destructive', failed: 'secondary' } as const;

/** Who acted: the user's name; a user id with no name is a user since deleted (the id stays in the CSV). */
function Actor({ event }: { event: AuditEvent }) {
  if (event.actorName) return <>{event.actorName}</>;
  if (event.actorUserId) return <span title={event.actorUserId}>Deleted user</span>;
  return <>—</>;
}

function Filter({ label, children }: { label: string; children(id: string): ReactNode }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children(id)}
    </div>
  );
}

const selectClass =
  'h-10 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600';

export function AuditLogScreen({ users }: { users: UserOption[] }) {
  const [userId, setUserId] = useState('');
  const [action, setAction] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  // The practice's zone, from the last list: the day filters are the practice's days, as the times shown are.
  const [timeZone, setTimeZone] = useState<string>();
  const filter: AuditFilter = {
    userId: userId || undefined,
    action: action || undefined,
    from: practiceDayStart(from, timeZone),
    to: practiceDayStart(to, timeZone, true),
  };
  const query = useAuditEvents(filter);
  const exporter = useExportAuditEvents();
  const events = query.data?.pages.flatMap((page) => page.events) ?? [];
  const zone = query.data?.pages[0]?.timeZone;
  if (zone && zone !== timeZone) setTimeZone(zone);

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Audit Log"
        description="Sign-ins, changes to users and connectors, and refused requests."
        action={
          <Button
            variant="outline"
            pending={exporter.isPending}
            onClick={() =>
              exporter.mutate(filter, {
                onError: (e) =>
                  toastError(`Failed to export audit log: ${messageOf(e, 'please try again.')}`),
              })
            }
          >
            <Download aria-hidden="true" />
            Export CSV
          </Button>
        }
      />

      <Card>
        <CardContent className="grid gap-4 p-6 sm:grid-cols-2 lg:grid-cols-4">
          <Filter label="User">
            {(id) => (
              <select
                id={id}
                className={selectClass}
                value={userId}
                onChange={(e) => setUserId(e.target.value)}
              >
                <option value="">All users</option>
                {users.map((user) => (
                  <option key={user.id} value={user.id}>
                    {user.label}
                  </option>
                ))}
              </select>
            )}
          </Filter>
          <Filter label="Action">
            {(id) => (
              <select
                id={id}
                className={selectClass}
                value={action}
                onChange={(e) => setAction(e.target.value)}
              >
                <option value="">All actions</option>
                {AUDIT_ACTIONS.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            )}
          </Filter>
          <Filter label="From">
            {(id) => <Input id={id} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />}
          </Filter>
          <Filter label="To">
            {(id) => <Input id={id} type="date" value={to} onChange={(e) => setTo(e.target.value)} />}
          </Filter>
        </CardContent>
      </Card>

      <ListStates query={query} isEmpty={events.length === 0} empty="No audit events match these filters.">
        {() => (
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
                <tr>
                  <th className="px-4 py-2 font-medium">Time</th>
                  <th className="px-4 py-2 font-medium">User</th>
                  <th className="px-4 py-2 font-medium">Action</th>
                  <th className="px-4 py-2 font-medium">Resource</th>
                  <th className="px-4 py-2 font-medium">Outcome</th>
                  <th className="px-4 py-2 font-medium">Details</th>
                  <th className="px-4 py-2 font-medium">Client</th>
                </tr>
              </thead>
              <tbody>
                {events.map((event) => (
                  <tr key={event.id} className="border-b border-slate-100 last:border-0">
                    <td className="whitespace-nowrap px-4 py-2">{formatPracticeTime(event.at, timeZone)}</td>
                    <td className="px-4 py-2">
                      <Actor event={event} />
                      {event.actorRole && (
                        <span className="ml-1 text-xs text-slate-500">({event.actorRole})</span>
                      )}
                    </td>
                    <td className="px-4 py-2 font-mono text-xs">{event.action}</td>
                    <td className="px-4 py-2 text-xs">
                      {event.resourceType
                        ? `${event.resourceType}${event.resourceId ? ` ${event.resourceId}` : ''}`
                        : '—'}
                    </td>
                    <td className="px-4 py-2">
                      <Badge variant={OUTCOME_VARIANT[event.outcome]}>{event.outcome}</Badge>
                    </td>
                    <td className="px-4 py-2 text-xs">
                      {[event.route, event.detail].filter(Boolean).join(' · ')}
                    </td>
                    <td className="px-4 py-2 text-xs">{event.clientAddress}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListStates>
      {query.hasNextPage && (
        <Button
          variant="outline"
          className="justify-self-center"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          Load more
        </Button>
      )}
    </div>
  );
}
