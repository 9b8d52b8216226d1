import { parseISO } from 'date-fns';
import { CalendarDays } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { isChosenDate } from '../../../lib/typed-date';

/** 'Go to Date': a single-date picker that hands over the chosen date and closes. */
export function GoToDate({ onPick }: { onPick: (date: Date) => void }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };

  return (
    <div className="relative">
      <Button
        ref={trigger}
        variant="outline"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen(!open)}
      >
        <CalendarDays aria-hidden="true" />
        Go to Date
      </Button>
      {open && (
        <div
          id={`${id}-panel`}
          role="dialog"
          aria-label="Go to Date"
          className="absolute right-0 z-20 mt-2 grid w-60 gap-1.5 rounded-md border border-slate-200 bg-white p-3 shadow-lg"
          onKeyDown={(event) => event.key === 'Escape' && close()}
        >
          <Label htmlFor={`${id}-date`}>Date</Label>
          <Input
            id={`${id}-date`}
            type="date"
            autoFocus
            onChange={(event) => {
              if (!isChosenDate(event.target.value)) return;
              onPick(parseISO(event.target.value));
              close();
            }}
          />
        </div>
      )}
    </div>
  );
}
