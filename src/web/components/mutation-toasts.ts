import { messageOf } from '../lib/api-client';
import { toast } from './ui/use-toast';

/** The toast a finished change shows: the title 'Success' and what was done. */
export function toastSuccess(message: string): void {
  toast({ title: 'Success', description: message });
}

/** The toast a failed change shows: the title 'Error' and the message only (never a body or a stack). */
export function toastError(message: string): void {
  toast({ title: 'Error', description: message, variant: 'destructive' });
}

/** A delete's callbacks: its own title when done; on failure its failure title and the server's words. */
export function deleteToasts(titles: { deleted: string; deleteFailed: string }, settled: () => void) {
  return {
    onSuccess: () => toast({ title: titles.deleted }),
    onError: (error: unknown) =>
      toast({
        title: titles.deleteFailed,
        description: messageOf(error, 'Please try again.'),
        variant: 'destructive',
      }),
    onSettled: settled,
  };
}
