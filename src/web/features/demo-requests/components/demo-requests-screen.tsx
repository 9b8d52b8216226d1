import { format } from 'date-fns';
import { useState } from 'react';
import { getSolutionLabel } from '#shared/marketing';
import type { DemoRequest } from '#shared/schemas/demo-requests';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { ListStates } from '../../../components/list-states';
import { toastError } from '../../../components/mutation-toasts';
import { useDemoRequests } from '../api/get-demo-requests';
import { useMarkDemoRequestContacted } from '../api/update-demo-request';
import { PageHeader } from '../../../components/page-header';
import { messageOf } from '../../../lib/api-client';
import { CreatePracticeDialog, type PracticePrefill } from '../../practices';

const when = (iso: string) => format(new Date(iso), 'MMM d, yyyy h:mm a');

function ContactedMark({ request }: { request: DemoRequest }) {
  const mark = useMarkDemoRequestContacted();
  const contacted = mark.isPending ? mark.variables.contacted : request.contactedAt !== null;
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      <Checkbox
        checked={contacted}
        disabled={mark.isPending}
        aria-label={`Contacted: ${request.name}`}
        onCheckedChange={(checked) =>
          mark.mutate(
            { id: request.id, contacted: checked === true },
            {
              onError: (error) => toastError(messageOf(error, 'Please try again.')),
            },
          )
        }
      />
      {contacted ? (
        <Badge variant="success">
          Contacted{request.contactedAt ? ` ${format(new Date(request.contactedAt), 'MMM d')}` : ''}
        </Badge>
      ) : (
        <Badge variant="secondary">New</Badge>
      )}
    </label>
  );
}

/** The Create Practice dialog filled from the request: the person's name, their solution and e-mail. */
const prefillOf = (request: DemoRequest): PracticePrefill => ({
  name: request.name,
  practiceType: request.solution,
  adminEmail: request.email,
  demoRequestId: request.id,
});

/** The operator's screen: every demo request from the public site, newest first. */
const COLUMNS = [
  'Received',
  'Request',
  'Name',
  'Contact',
  'Solution',
  'Page',
  'Contacted',
  'Practice',
] as const;

export function DemoRequestsScreen() {
  const query = useDemoRequests();
  const requests = query.data?.demoRequests ?? [];
  const [converting, setConverting] = useState<DemoRequest>();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Demo Requests"
        description="Practices that asked for a demo or a free trial on the public site, newest first."
      />
      <ListStates
        query={query}
        isEmpty={requests.length === 0}
        empty="No demo requests yet."
        loadingLabel="Loading demo requests"
        errorPrefix="Could not load demo requests. "
      >
        {() => (
          <Card className="overflow-x-auto">
            <table className="w-full min-w-[720px] text-left text-sm">
              <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col" className="px-4 py-3 font-semibold">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {requests.map((request) => (
                  <tr key={request.id} data-testid="demo-request-row">
                    <td className="px-4 py-3 whitespace-nowrap text-slate-700">{when(request.createdAt)}</td>
                    <td className="px-4 py-3">
                      {request.kind === 'trial' ? (
                        <Badge variant="default">Free trial</Badge>
                      ) : (
                        <Badge variant="secondary">Demo</Badge>
                      )}
                    </td>
                    <td className="px-4 py-3 font-medium text-slate-900">{request.name}</td>
                    <td className="px-4 py-3">
                      <a className="block text-blue-700 hover:underline" href={`mailto:${request.email}`}>
                        {request.email}
                      </a>
                      <a className="block text-slate-700 hover:underline" href={`tel:${request.mobile}`}>
                        {request.mobile}
                      </a>
                    </td>
                    <td className="px-4 py-3 text-slate-700">{getSolutionLabel(request.solution)}</td>
                    <td className="px-4 py-3 text-slate-700">{request.sourcePage ?? '—'}</td>
                    <td className="px-4 py-3">
                      <ContactedMark request={request} />
                    </td>
                    <td className="px-4 py-3">
                      {request.convertedPracticeId ? (
                        <Badge variant="success">Practice created</Badge>
                      ) : (
                        <Button
                          variant="outline"
                          size="sm"
                          aria-label={`Create a practice from this request: ${request.name}`}
                          onClick={() => setConverting(request)}
                        >
                          Create a practice from this request
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
        )}
      </ListStates>
      <CreatePracticeDialog
        open={Boolean(converting)}
        prefill={converting && prefillOf(converting)}
        onOpenChange={(open) => !open && setConverting(undefined)}
      />
    </div>
  );
}
