import { BadgeCheck, CalendarSync, Database, MessagesSquare, ShieldCheck } from 'lucide-react';
import { DENTAL_PMS_INTEGRATIONS } from '#shared/marketing';
import { DemoButton } from '../components/demo-button';
import { DemoCta } from '../components/demo-cta';
import { FeatureGrid, IconBadge } from '../components/feature-card';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { SplitSection } from '../components/split-section';
import { TestimonialSection } from '../components/testimonial';
import { getPublicPage } from '../public-routes';

const SETUP_STEPS = [
  {
    title: 'Connect',
    description: 'Our team links Servc to your practice management system with secure credentials.',
  },
  {
    title: 'Configure',
    description: 'We map your providers, appointment types, hours and scheduling rules.',
  },
  {
    title: 'Test',
    description: 'You hear Servc handle real scenarios and we fine-tune scripts with you.',
  },
  {
    title: 'Go live',
    description: 'Forward your line and Servc starts answering, usually within days.',
  },
] as const;

export function IntegrationPage() {
  const page = getPublicPage('/integration');

  return (
    <>
      <PageHero
        eyebrow="Integrations"
        title={page.headline}
        description={
          <p>
            Servc connects directly to leading dental practice management systems, so every appointment it
            books, moves or cancels shows up in your schedule instantly, with no double entry and no extra
            logins for your team.
          </p>
        }
      />

      <Section
        title="Supported Practice Management Systems"
        description="Two-way, real-time integrations with the systems dental teams rely on every day."
        tone="muted"
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {DENTAL_PMS_INTEGRATIONS.map((system) => (
            <li
              key={system.name}
              className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <div className="flex items-start justify-between gap-3">
                <IconBadge icon={Database} />
                <p className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2.5 py-1 text-xs font-semibold text-green-800">
                  <BadgeCheck aria-hidden="true" className="size-4" />
                  {system.status}
                </p>
              </div>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{system.name}</h3>
              <p className="mt-2 leading-7 text-slate-600">{system.description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        title="Why Practices Integrate With Servc"
        description="A connected receptionist is a smarter receptionist."
      >
        <FeatureGrid
          items={[
            {
              icon: CalendarSync,
              title: 'Real-Time Calendar Integration',
              description:
                'Servc reads live availability and writes appointments straight into your schedule, so callers only hear times that are truly open and your team always sees the latest bookings.',
            },
            {
              icon: MessagesSquare,
              title: 'Smarter Patient Interactions',
              description:
                'With access to appointment history, Servc recognizes existing patients, confirms upcoming visits and reschedules in one short conversation instead of three phone calls.',
            },
            {
              icon: ShieldCheck,
              title: 'Secure and HIPAA-Compliant',
              description:
                'Connections are encrypted in transit and at rest, access is limited to what scheduling requires, and every action is logged for a complete audit trail.',
            },
          ]}
        />
      </Section>

      <SplitSection
        tone="muted"
        eyebrow="Setup support"
        title="We Handle the Setup for You"
        description={
          <p>
            You do not need an IT department to get started. Our onboarding specialists configure the
            integration, test it with you and stay on hand after launch.
          </p>
        }
        points={[
          'Dedicated onboarding specialist from kickoff to go-live',
          'No software to install on your office computers',
          'Ongoing support by e-mail and phone whenever you need a change',
        ]}
        aside={
          <ol className="space-y-4">
            {SETUP_STEPS.map((step, index) => (
              <li
                key={step.title}
                className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
              >
                <span
                  aria-hidden="true"
                  className="flex size-10 shrink-0 items-center justify-center rounded-full bg-blue-600 font-semibold text-white"
                >
                  {index + 1}
                </span>
                <div>
                  <h3 className="font-semibold text-slate-900">{step.title}</h3>
                  <p className="mt-1 text-sm leading-6 text-slate-600">{step.description}</p>
                </div>
              </li>
            ))}
          </ol>
        }
      />

      <TestimonialSection
        testimonial={{
          quote:
            'We were live on Open Dental within a week. Appointments Servc books appear in our schedule before the caller has even hung up, and my team has not had to re-enter a single one.',
          name: 'Jason Reed',
          role: 'Office Manager',
          practice: 'Northgate Dental Group',
        }}
      />

      <DemoCta
        title="See the Integration With Your Own Schedule"
        description={
          <p>
            We will show you exactly how Servc books into your practice management system in a quick,
            personalized demo.
          </p>
        }
        actions={<DemoButton label="Schedule a Demo" variant="inverse" />}
      />
    </>
  );
}
