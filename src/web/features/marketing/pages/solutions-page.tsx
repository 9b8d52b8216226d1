import { ArrowDown, ArrowLeft, ArrowRight } from 'lucide-react';
import { SOLUTIONS } from '#shared/marketing';
import { buttonClasses } from '../components/button-styles';
import { DemoCta } from '../components/demo-cta';
import { IconBadge } from '../components/feature-card';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { SOLUTION_ICONS } from '../components/solution-icons';
import { getPublicPage } from '../public-routes';

export function SolutionsPage() {
  const page = getPublicPage('/solutions');

  return (
    <>
      <PageHero
        eyebrow="Solutions"
        title={page.headline}
        description={
          <p>
            Every practice runs differently. Servc comes ready with the vocabulary, workflows and scheduling
            rules of your specialty, so it sounds like part of your team from the very first call.
          </p>
        }
        actions={
          <>
            <a href="#specialized-solutions" className={buttonClasses({ size: 'lg' })}>
              View Specialized Solutions
              <ArrowDown aria-hidden="true" className="size-5" />
            </a>
            <a href="/" className={buttonClasses({ variant: 'outline', size: 'lg' })}>
              <ArrowLeft aria-hidden="true" className="size-5" />
              Back to Home
            </a>
          </>
        }
      />

      <Section
        id="specialized-solutions"
        eyebrow="Specialized solutions"
        title="Choose Your Practice Type"
        description="Each solution is tuned to the calls your team handles every day."
        tone="muted"
      >
        <ul className="grid gap-6 md:grid-cols-2">
          {SOLUTIONS.map((solution) => (
            <li
              key={solution.value}
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-8 shadow-sm"
            >
              <div className="flex items-center gap-4">
                <IconBadge icon={SOLUTION_ICONS[solution.value]} />
                <h3 className="text-xl font-semibold text-slate-900">{solution.label}</h3>
              </div>
              <p className="mt-5 text-lg font-semibold text-blue-700">{solution.headline}</p>
              <p className="mt-2 flex-1 leading-7 text-slate-600">{solution.description}</p>
              <a
                href={solution.path}
                className="mt-6 inline-flex items-center gap-2 self-start rounded-md font-semibold text-blue-700 hover:text-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
              >
                {solution.ctaText}
                <ArrowRight aria-hidden="true" className="size-4" />
              </a>
            </li>
          ))}
        </ul>
      </Section>

      <DemoCta
        title="Not Sure Which Solution Fits?"
        description={
          <p>
            Tell us about your practice and we will walk you through the right setup in a quick 5-minute demo.
          </p>
        }
      />
    </>
  );
}
