import { cn } from '../../../lib/cn';
import { callStatusClass, callStatusLabel } from '../lib/call-format';

/** A call's status in words ("In Progress", "Ended"), coloured by status: the same wherever calls are listed. */
export function CallStatusBadge({ status }: { status: string }) {
  return (
    <span
      className={cn(
        'whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold',
        callStatusClass(status),
      )}
    >
      {callStatusLabel(status)}
    </span>
  );
}
