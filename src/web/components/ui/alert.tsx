import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export function Alert({
  className,
  variant = 'default',
  ...props
}: ComponentProps<'div'> & { variant?: 'default' | 'destructive' }) {
  return (
    <div
      role="alert"
      className={cn(
        'rounded-md border px-4 py-3 text-sm',
        variant === 'destructive'
          ? 'border-red-300 bg-red-50 text-red-800'
          : 'border-slate-200 bg-slate-50 text-slate-800',
        className,
      )}
      {...props}
    />
  );
}
