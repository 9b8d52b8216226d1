import { ListStates } from '../../../components/list-states';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatNational } from '../../phone-numbers';
import { useOutboundCalls } from '../api/get-outbound-calls';
import {
  callTypeLabel,
  outboundStatus,
  shortCallId,
  STATUS_BADGE,
  StatusIcon,
  statusLabel,
} from '../lib/call-status';
import { OUTBOUND_MESSAGES as M } from '#shared/schemas/outbound-calls';
import { formatPracticeTime } from '../../../lib/practice-time';

/** A call outside the calling window or between retries is not placed before this instant. */
const waitsUntil = (notBefore: string | null | undefined) =>
  Boolean(notBefore && new Date(notBefore).getTime() > Date.now());

/** Recent Call History: newest first, polled every 10 s, 650 px tall (spec part 1 sections 2 and 9). */
export function CallHistory() {
  const query = useOutboundCalls();
  const calls = query.data?.calls ?? [];
  const timeZone = query.data?.timeZone;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Call History</CardTitle>
        <CardDescription>Updates every 10 seconds.</CardDescription>
      </CardHeader>
      <CardContent>
        <ListStates
          query={query}
          isEmpty={calls.length === 0}
          empty={M.noCalls}
          loadingLabel="Loading calls"
          errorPrefix="Could not load the call history. "
        >
          {() => (
            <ul className="grid h-[650px] content-start gap-2 overflow-y-auto pr-1" aria-label="Recent calls">
              {calls.map((call) => {
                const status = outboundStatus(call.status);
                return (
                  <li key={call.id} className="grid gap-1 rounded-md border border-slate-200 p-3 text-sm">
                    <div className="flex items-center justify-between gap-2">
                      <span className="font-medium text-slate-900">{call.patient_name}</span>
                      <span className="flex items-center gap-1.5">
                        <StatusIcon status={status} />
                        <Badge variant={STATUS_BADGE[status]}>{statusLabel(status)}</Badge>
                      </span>
                    </div>
                    <div className="flex flex-wrap justify-between gap-x-4 text-slate-600">
                      <span>{formatNational(call.phone_number)}</span>
                      <span>{callTypeLabel(call.call_type)}</span>
                      <time dateTime={call.created_at}>
                        {formatPracticeTime(call.created_at, timeZone, { year: false })}
                      </time>
                      <span title={call.vapi_call_id ?? undefined}>
                        Call ID: <code>{shortCallId(call.vapi_call_id)}</code>
                      </span>
                    </div>
                    {status === 'pending' && waitsUntil(call.not_before) && (
                      <p className="text-slate-600">
                        Waiting until {formatPracticeTime(call.not_before, timeZone, { year: false })}
                      </p>
                    )}
                    {call.last_error && (status === 'failed' || status === 'pending') && (
                      <p className={status === 'failed' ? 'text-red-700' : 'text-slate-600'}>
                        {call.last_error}
                      </p>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </ListStates>
      </CardContent>
    </Card>
  );
}
