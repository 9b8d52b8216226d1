import { format } from 'date-fns';
import { Download } from 'lucide-react';
import { ListStates } from '../../../components/list-states';
import { toastError } from '../../../components/mutation-toasts';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { messageOf } from '../../../lib/api-client';
import { formatNational } from '../../phone-numbers';
import { useDownloadOptOuts } from '../api/download-opt-outs';
import { useOptOuts } from '../api/get-opt-outs';

/** The opt-out ledger: who replied STOP (or another stop word), and when; downloadable as CSV. */
export function OptOutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const query = useOptOuts(open);
  const download = useDownloadOptOuts();
  const optOuts = query.data?.optOuts ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Opt-outs</DialogTitle>
          <DialogDescription>
            Numbers that replied STOP. Nothing is texted to them, by a campaign or by a person, until they
            reply START.
          </DialogDescription>
        </DialogHeader>
        <div>
          <Button
            variant="outline"
            pending={download.isPending}
            onClick={() =>
              download.mutate(undefined, {
                onError: (error) => toastError(messageOf(error, 'Could not download the opt-outs.')),
              })
            }
          >
            <Download className="mr-2 h-4 w-4" aria-hidden="true" />
            Download CSV
          </Button>
        </div>
        <ListStates
          query={query}
          isEmpty={optOuts.length === 0}
          empty="No patient has opted out."
          loadingLabel="Loading opt-outs"
          errorPrefix="Could not load the opt-outs. "
        >
          {() => (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="border-b border-slate-200 text-slate-700">
                  <tr>
                    <th scope="col" className="px-2 py-2 font-semibold">
                      Number
                    </th>
                    <th scope="col" className="px-2 py-2 font-semibold">
                      Keyword
                    </th>
                    <th scope="col" className="px-2 py-2 font-semibold">
                      When
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {optOuts.map((optOut) => (
                    <tr key={`${optOut.phoneNumber}-${optOut.at}`}>
                      <td className="px-2 py-2 whitespace-nowrap">{formatNational(optOut.phoneNumber)}</td>
                      <td className="px-2 py-2">{optOut.keyword}</td>
                      <td className="px-2 py-2 whitespace-nowrap">
                        {format(new Date(optOut.at), 'MMM d, yyyy h:mm a')}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </ListStates>
      </DialogContent>
    </Dialog>
  );
}
