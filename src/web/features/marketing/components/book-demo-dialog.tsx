import * as Dialog from '@radix-ui/react-dialog';
import { Loader2, X } from 'lucide-react';
import { lazy, Suspense, useCallback, useState, type ReactElement } from 'react';
import type { DemoRequestKind } from '#shared/schemas/demo-requests';
import { DIALOG_TITLES } from './demo-request-titles';

// The form (and zod with it) loads when a visitor reaches for a demo button, not with every public page.
const loadForm = () => import('./demo-request-form');
const DemoRequestForm = lazy(loadForm);

export interface BookDemoDialogProps {
  /** The trigger element; it must forward its ref and props (a <button>, for example). */
  children: ReactElement;
  /** The page the request comes from; defaults to the current location path at submit time. */
  sourcePage?: string;
  /** 'trial' for the Start Free Trial button: titled and stored as a trial request. */
  kind?: DemoRequestKind;
}

export function BookDemoDialog({ children, sourcePage, kind = 'demo' }: BookDemoDialogProps) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild onPointerEnter={loadForm} onFocus={loadForm}>
        {children}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-[500px] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl focus:outline-none sm:p-8">
          <Suspense
            fallback={
              <div role="status" className="flex min-h-64 items-center justify-center">
                <Dialog.Title className="sr-only">{DIALOG_TITLES[kind].title}</Dialog.Title>
                <Loader2 aria-hidden="true" className="size-8 animate-spin text-blue-600" />
              </div>
            }
          >
            <DemoRequestForm sourcePage={sourcePage} kind={kind} onDone={close} />
          </Suspense>
          <Dialog.Close
            className="absolute top-4 right-4 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600"
            aria-label="Close"
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
