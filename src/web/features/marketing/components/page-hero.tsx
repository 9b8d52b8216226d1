import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { Container } from './container';

export interface PageHeroProps {
  eyebrow?: string;
  title: string;
  description: ReactNode;
  actions?: ReactNode;
  aside?: ReactNode;
}

export function PageHero({ eyebrow, title, description, actions, aside }: PageHeroProps) {
  return (
    <section className="relative overflow-hidden bg-linear-to-b from-blue-50 via-white to-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 left-1/2 size-[36rem] -translate-x-1/2 rounded-full bg-blue-100/60 blur-3xl"
      />
      <Container
        className={cn('relative py-16 sm:py-20 lg:py-24', aside && 'grid items-center gap-12 lg:grid-cols-2')}
      >
        <div className={cn('min-w-0', !aside && 'mx-auto max-w-3xl text-center')}>
          {eyebrow ? (
            <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase">{eyebrow}</p>
          ) : null}
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
            {title}
          </h1>
          <div className="mt-6 text-lg leading-8 text-pretty text-slate-600">{description}</div>
          {actions ? (
            <div className={cn('mt-8 flex flex-col gap-3 sm:flex-row', !aside && 'sm:justify-center')}>
              {actions}
            </div>
          ) : null}
        </div>
        {aside}
      </Container>
    </section>
  );
}
