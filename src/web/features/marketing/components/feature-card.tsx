import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

export interface FeatureItem {
  icon: LucideIcon;
  title: string;
  description: string;
}

export function IconBadge({ icon: Icon, className }: { icon: LucideIcon; className?: string }) {
  return (
    <span
      className={cn(
        'flex size-12 shrink-0 items-center justify-center rounded-xl bg-blue-50 text-blue-700',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-6" />
    </span>
  );
}

export function FeatureCard({ icon, title, description, children }: FeatureItem & { children?: ReactNode }) {
  return (
    <div className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <IconBadge icon={icon} />
      <h3 className="mt-5 text-lg font-semibold text-slate-900">{title}</h3>
      <p className="mt-2 leading-7 text-slate-600">{description}</p>
      {children}
    </div>
  );
}

export function FeatureGrid({ items, columns = 3 }: { items: readonly FeatureItem[]; columns?: 2 | 3 | 4 }) {
  return (
    <ul
      className={cn(
        'grid gap-6 sm:grid-cols-2',
        columns === 3 && 'lg:grid-cols-3',
        columns === 4 && 'lg:grid-cols-4',
      )}
    >
      {items.map((item) => (
        <li key={item.title}>
          <FeatureCard {...item} />
        </li>
      ))}
    </ul>
  );
}
