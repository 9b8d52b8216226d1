import type { ReactNode } from 'react';
import { messageOf } from '../lib/api-client';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { Card, CardContent } from './ui/card';
import { Spinner } from './ui/spinner';

export function ListLoading({ label }: { label?: string }) {
  return <Spinner label={label} />;
}

/** A list that failed to load: the message and a button that asks again. */
export function ListError({
  error,
  prefix = '',
  onRetry,
}: {
  error: Error;
  /** Words before the server's message (without its status prefix), e.g. 'Could not load demo requests. '. */
  prefix?: string;
  onRetry: () => unknown;
}) {
  return (
    <Alert variant="destructive" className="flex flex-wrap items-center justify-between gap-3">
      <span>
        {prefix}
        {messageOf(error, 'Please try again.')}
      </span>
      <Button variant="outline" size="sm" onClick={() => void onRetry()}>
        Try again
      </Button>
    </Alert>
  );
}

/** `tabIndex` -1: the focus lands here when the last item is removed (`useFocusAfterRemoval`). */
export function ListEmpty({ children }: { children: ReactNode }) {
  return (
    <Card>
      <CardContent
        data-list-empty
        tabIndex={-1}
        className="p-10 text-center text-slate-600 focus:outline-none"
      >
        {children}
      </CardContent>
    </Card>
  );
}

/** The part of a query a list screen needs to choose its state. */
export interface ListQuery {
  isLoading: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/**
 * Loading, error with retry, empty, or the list itself: one shape for every console list.
 * `children` renders only once the data is there and not empty.
 */
export function ListStates({
  query,
  isEmpty,
  empty,
  loadingLabel,
  errorPrefix,
  children,
}: {
  query: ListQuery;
  isEmpty: boolean;
  empty: ReactNode;
  loadingLabel?: string;
  errorPrefix?: string;
  children: () => ReactNode;
}) {
  if (query.isLoading) return <ListLoading label={loadingLabel} />;
  if (query.error) return <ListError error={query.error} prefix={errorPrefix} onRetry={query.refetch} />;
  if (isEmpty) return <ListEmpty>{empty}</ListEmpty>;
  return children();
}
