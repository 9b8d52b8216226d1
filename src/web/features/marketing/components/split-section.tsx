import { useId, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { CheckList } from './check-list';
import { Container } from './container';

export interface SplitSectionProps {
  id?: string;
  eyebrow?: string;
  title: string;
  description: ReactNode;
  points?: readonly ReactNode[];
  tone?: 'white' | 'muted';
  reverse?: boolean;
  actions?: ReactNode;
  aside: ReactNode;
}

export function SplitSection({
  id,
  eyebrow,
  title,
  description,
  points,
  tone = 'white',
  reverse = false,
  actions,
  aside,
}: SplitSectionProps) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn('scroll-mt-20 py-16 sm:py-20', tone === 'muted' ? 'bg-slate-50' : 'bg-white')}
    >
      <Container className="grid items-center gap-12 lg:grid-cols-2 lg:gap-16">
        <div className={cn('min-w-0', reverse && 'lg:order-2')}>
          {eyebrow ? (
            <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase">{eyebrow}</p>
          ) : null}
          <h2
            id={headingId}
            className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl"
          >
            {title}
          </h2>
          <div className="mt-4 text-lg leading-8 text-pretty text-slate-600">{description}</div>
          {points && points.length > 0 ? <CheckList items={points} className="mt-8" /> : null}
          {actions ? <div className="mt-8 flex flex-col gap-3 sm:flex-row">{actions}</div> : null}
        </div>
        <div className={cn('min-w-0', reverse && 'lg:order-1')}>{aside}</div>
      </Container>
    </section>
  );
}

export function MiniFeatureList({ items }: { items: readonly { title: string; description: string }[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {items.map((item) => (
        <li key={item.title} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <h3 className="font-semibold text-slate-900">{item.title}</h3>
          <p className="mt-2 text-sm leading-6 text-slate-600">{item.description}</p>
        </li>
      ))}
    </ul>
  );
}
