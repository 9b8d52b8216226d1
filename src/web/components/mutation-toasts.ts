import { toast } from './ui/use-toast';

/** The toast a finished change shows: the title 'Success' and what was done. */
export function toastSuccess(message: string): void {
  toast({ title: 'Success', description: message });
}

/** The toast a failed change shows: the title 'Error' and the message only (never a body or a stack). */
export function toastError(message: string): void {
  toast({ title: 'Error', description: message, variant: 'destructive' });
}
