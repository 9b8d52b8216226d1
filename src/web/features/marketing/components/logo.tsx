import { AudioLines } from 'lucide-react';
import { PRODUCT_FULL_NAME, PRODUCT_NAME } from '#shared/marketing';
import { cn } from '../../../lib/cn';

export function Logo({ tone = 'light', className }: { tone?: 'light' | 'dark'; className?: string }) {
  return (
    <a
      href="/"
      aria-label={`${PRODUCT_FULL_NAME} home`}
      className={cn(
        'inline-flex items-center gap-2 rounded-md text-xl font-bold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-4',
        tone === 'light'
          ? 'text-slate-900 focus-visible:outline-blue-600'
          : 'text-white focus-visible:outline-white',
        className,
      )}
    >
      <span className="flex size-9 items-center justify-center rounded-lg bg-blue-600 text-white">
        <AudioLines aria-hidden="true" className="size-5" />
      </span>
      {PRODUCT_NAME}
    </a>
  );
}
