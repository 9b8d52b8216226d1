import { useEffect } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/cn';
import { useSlots, type SlotRequest } from '../api/get-slots';
import { FALLBACK_SLOTS, timeLabel } from '../lib/booking';

/**
 * The open times for a date and doctor. The fallback list shows only when the request fails, never for a
 * full day (ADR 020).
 */
export function TimeSlots({
  request,
  value,
  onChange,
}: {
  request: SlotRequest;
  value: string;
  onChange: (time: string) => void;
}) {
  const query = useSlots(request);
  const count = query.data?.slots.length ?? 0;

  useEffect(() => {
    if (query.isError)
      toast({
        title: 'Service Unavailable',
        description:
          'Open times could not be loaded. The usual practice hours are shown; a time may already be taken.',
        variant: 'destructive',
      });
  }, [query.isError, query.errorUpdatedAt]);

  useEffect(() => {
    if (query.isSuccess && count > 0 && !query.isFetching)
      toast({ title: 'Availability Found', description: `${count} open times on ${request.date}.` });
  }, [query.isSuccess, query.isFetching, query.dataUpdatedAt, count, request.date]);

  if (!request.date || !request.provider)
    return <p className="text-sm text-slate-600">Choose a date and a doctor to see the open times.</p>;
  if (query.isPending || (query.isFetching && !query.isError))
    return <Spinner label="Loading available times" />;

  // One button per time: 'first available' lists each time once, whoever is free then.
  const times = query.isError ? FALLBACK_SLOTS : [...new Set(query.data?.slots.map((s) => s.time))];
  return (
    <div role="group" aria-label="Available Times" className="grid gap-2">
      <p className="text-sm font-medium text-slate-900">Available Times</p>
      {times.length === 0 ? (
        <p className="text-sm text-slate-600">No available times on this date</p>
      ) : (
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {times.map((time) => (
            <button
              key={time}
              type="button"
              aria-pressed={value === time}
              onClick={() => onChange(time)}
              className={cn(
                'rounded-md border px-2 py-1.5 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600',
                value === time
                  ? 'border-blue-600 bg-blue-600 text-white'
                  : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-100',
              )}
            >
              {timeLabel(time)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
