import type { ReactNode } from 'react';
import { Container } from './container';

export interface LegalSection {
  id: string;
  title: string;
  content: ReactNode;
}

export interface LegalDocumentProps {
  title: string;
  meta?: ReactNode;
  intro: ReactNode;
  sections: readonly LegalSection[];
}

const proseClasses =
  'text-slate-700 leading-7 [&_a]:font-medium [&_a]:text-blue-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-blue-800 [&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:mt-2 [&_p]:mt-4 [&_strong]:text-slate-900 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6';

export function LegalDocument({ title, meta, intro, sections }: LegalDocumentProps) {
  return (
    <>
      <div className="border-b border-slate-200 bg-slate-50">
        <Container className="py-14 sm:py-16">
          <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{title}</h1>
          {meta ? <p className="mt-4 text-slate-600">{meta}</p> : null}
        </Container>
      </div>
      <Container className="grid gap-12 py-12 lg:grid-cols-[16rem_1fr] lg:py-16">
        <nav aria-label="On this page" className="lg:sticky lg:top-24 lg:self-start">
          <p className="text-sm font-semibold tracking-wide text-slate-900 uppercase">On this page</p>
          <ol className="mt-4 space-y-2 text-sm">
            {sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="rounded-sm text-slate-600 hover:text-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="max-w-3xl">
          <div className={proseClasses}>{intro}</div>
          {sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="mt-10 scroll-mt-24"
            >
              <h2 id={`${section.id}-heading`} className="text-2xl font-bold text-slate-900">
                {section.title}
              </h2>
              <div className={proseClasses}>{section.content}</div>
            </section>
          ))}
          <p className="mt-12 border-t border-slate-200 pt-6 text-sm text-slate-600">
            Related documents:{' '}
            <a
              className="font-medium text-blue-700 underline underline-offset-2 hover:text-blue-800"
              href="/privacy-policy"
            >
              Privacy Policy
            </a>
            ,{' '}
            <a
              className="font-medium text-blue-700 underline underline-offset-2 hover:text-blue-800"
              href="/terms-conditions"
            >
              Terms &amp; Conditions
            </a>{' '}
            and{' '}
            <a
              className="font-medium text-blue-700 underline underline-offset-2 hover:text-blue-800"
              href="/cookies-policy"
            >
              Cookies Policy
            </a>
            .
          </p>
        </article>
      </Container>
    </>
  );
}
