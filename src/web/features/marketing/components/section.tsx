import { useId, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { Container } from './container';

export type SectionTone = 'white' | 'muted' | 'dark';

export interface SectionProps {
  id?: string;
  eyebrow?: string;
  title: string;
  description?: ReactNode;
  tone?: SectionTone;
  align?: 'center' | 'left';
  children?: ReactNode;
}

const toneClasses: Record<SectionTone, { section: string; eyebrow: string; title: string; body: string }> = {
  white: {
    section: 'bg-white',
    eyebrow: 'text-blue-700',
    title: 'text-slate-900',
    body: 'text-slate-600',
  },
  muted: {
    section: 'bg-slate-50',
    eyebrow: 'text-blue-700',
    title: 'text-slate-900',
    body: 'text-slate-600',
  },
  dark: {
    section: 'bg-slate-900',
    eyebrow: 'text-blue-300',
    title: 'text-white',
    body: 'text-slate-300',
  },
};

export function Section({
  id,
  eyebrow,
  title,
  description,
  tone = 'white',
  align = 'center',
  children,
}: SectionProps) {
  const headingId = useId();
  const styles = toneClasses[tone];

  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn('scroll-mt-20 py-16 sm:py-20', styles.section)}
    >
      <Container>
        <div className={cn('max-w-3xl', align === 'center' && 'mx-auto text-center')}>
          {eyebrow ? (
            <p className={cn('text-sm font-semibold tracking-wide uppercase', styles.eyebrow)}>{eyebrow}</p>
          ) : null}
          <h2
            id={headingId}
            className={cn('mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl', styles.title)}
          >
            {title}
          </h2>
          {description ? (
            <div className={cn('mt-4 text-lg leading-8 text-pretty', styles.body)}>{description}</div>
          ) : null}
        </div>
        {children ? <div className="mt-12">{children}</div> : null}
      </Container>
    </section>
  );
}
