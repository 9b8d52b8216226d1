import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** An accessible on/off switch: a button with role="switch" and aria-checked. */
export function Switch({
  checked,
  onCheckedChange,
  pending,
  className,
  ...props
}: Omit<ComponentProps<'button'>, 'onChange' | 'role'> & {
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  /** The change is being saved: presses are ignored, and the switch keeps the focus (as `Button`'s). */
  pending?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      onClick={() => pending || onCheckedChange(!checked)}
      className={cn(
        'inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 aria-busy:cursor-wait aria-busy:opacity-50',
        checked ? 'bg-blue-600' : 'bg-slate-300',
        className,
      )}
      {...props}
      {...(pending && { 'aria-disabled': true, 'aria-busy': true })}
    >
      <span
        aria-hidden="true"
        className={cn(
          'block h-5 w-5 rounded-full bg-white shadow transition-transform',
          checked ? 'translate-x-5' : 'translate-x-0',
        )}
      />
    </button>
  );
}
