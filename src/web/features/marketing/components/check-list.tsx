import { CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

export function CheckList({
  items,
  tone = 'light',
  className,
}: {
  items: readonly ReactNode[];
  tone?: 'light' | 'dark';
  className?: string;
}) {
  return (
    <ul className={cn('space-y-3', className)}>
      {items.map((item, index) => (
        <li key={index} className="flex gap-3">
          <CircleCheck
            aria-hidden="true"
            className={cn('mt-0.5 size-5 shrink-0', tone === 'light' ? 'text-blue-600' : 'text-blue-300')}
          />
          <span className={tone === 'light' ? 'text-slate-700' : 'text-slate-200'}>{item}</span>
        </li>
      ))}
    </ul>
  );
}
