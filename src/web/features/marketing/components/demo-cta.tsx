import { useId, type ReactNode } from 'react';
import { Container } from './container';
import { DemoButton } from './demo-button';

export interface DemoCtaProps {
  title: string;
  description: ReactNode;
  actions?: ReactNode;
}

export function DemoCta({ title, description, actions }: DemoCtaProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="bg-white py-16 sm:py-20">
      <Container>
        <div className="relative overflow-hidden rounded-3xl bg-blue-700 px-6 py-14 text-center shadow-xl sm:px-12">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-blue-500/40 blur-2xl"
          />
          <h2
            id={headingId}
            className="relative text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl"
          >
            {title}
          </h2>
          <div className="relative mx-auto mt-4 max-w-2xl text-lg leading-8 text-blue-50">{description}</div>
          <div className="relative mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            {actions ?? <DemoButton variant="inverse" />}
          </div>
        </div>
      </Container>
    </section>
  );
}
