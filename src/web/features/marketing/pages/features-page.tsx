import { ArrowDown, ChartColumn, Plug } from 'lucide-react';
import { DENTAL_PMS_INTEGRATIONS } from '#shared/marketing';
import { buttonClasses } from '../components/button-styles';
import { DemoCta } from '../components/demo-cta';
import { DemoButton } from '../components/demo-button';
import { IconBadge } from '../components/feature-card';
import { PageHero } from '../components/page-hero';
import { MiniFeatureList, SplitSection } from '../components/split-section';
import { getPublicPage } from '../public-routes';

const STATS = [
  { value: '24/7', label: 'Every call answered, including nights and weekends' },
  { value: '60%', label: 'Up to 60% less administrative workload' },
  { value: '70%', label: '70% less back-and-forth with patients' },
] as const;

export function FeaturesPage() {
  const page = getPublicPage('/features');

  return (
    <>
      <PageHero
        eyebrow="Features"
        title={page.headline}
        description={
          <p>
            Servc combines natural voice conversations, real-time scheduling, proactive patient outreach and
            clear reporting in one AI receptionist that plugs into the systems your practice already runs on.
          </p>
        }
        actions={
          <>
            <DemoButton label="Book Your Demo" />
            <a href="#integrations" className={buttonClasses({ variant: 'outline', size: 'lg' })}>
              See Integrations
              <ArrowDown aria-hidden="true" className="size-5" />
            </a>
          </>
        }
      />

      <section aria-label="Results at a glance" className="border-y border-slate-200 bg-white">
        <dl className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3 sm:px-6 lg:px-8">
          {STATS.map((stat) => (
            <div key={stat.value} className="flex flex-col-reverse text-center">
              <dt className="mt-2 text-sm text-slate-600">{stat.label}</dt>
              <dd className="text-4xl font-bold text-blue-700">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <SplitSection
        eyebrow="Intelligent conversations"
        title="Conversations That Sound Like Your Best Receptionist"
        description={
          <p>
            Callers speak naturally and Servc understands them. It follows your scripts, knows your services,
            hours and policies, and handles the unexpected with the warmth your patients expect.
          </p>
        }
        points={[
          'Natural, human-sounding voice that greets callers with your practice name',
          'Understands intent, not keywords, even when callers change their minds mid-call',
          'Answers FAQs about hours, location, insurance, services and preparation',
          'Routes urgent calls and special requests to the right person on your team',
        ]}
        aside={
          <MiniFeatureList
            items={[
              {
                title: 'Custom call scripts',
                description: 'Set the greeting, tone and questions so every call reflects your brand.',
              },
              {
                title: 'Smart call routing',
                description: 'Transfers emergencies and complex questions to staff with full context.',
              },
              {
                title: 'Instant answers',
                description: 'Responds to common questions immediately, without putting anyone on hold.',
              },
              {
                title: 'Unlimited patience',
                description:
                  'Every caller gets the same calm, friendly service, on the 1st call or the 100th.',
              },
            ]}
          />
        }
      />

      <SplitSection
        tone="muted"
        reverse
        eyebrow="Appointment management"
        title="Booking, Rescheduling and Cancellations, Handled"
        description={
          <p>
            Servc checks real availability and manages the schedule while the caller is on the line, following
            the rules your front desk already uses.
          </p>
        }
        points={[
          'Books new and existing patients into the right provider and appointment type',
          'Reschedules and cancels in seconds, then offers the freed slot to someone else',
          'Respects buffers, provider preferences and appointment lengths',
          'Captures caller details and visit notes straight into the appointment',
        ]}
        aside={
          <MiniFeatureList
            items={[
              {
                title: 'Real-time availability',
                description: 'Only offers times that are genuinely open in your schedule.',
              },
              {
                title: 'No double bookings',
                description: 'Every booking is checked against your calendar before it is confirmed.',
              },
              {
                title: 'After-hours booking',
                description: 'Patients book at 10 PM on a Sunday and it is in your schedule on Monday.',
              },
              {
                title: 'Waitlist friendly',
                description: 'Cancellations become openings for patients who want an earlier visit.',
              },
            ]}
          />
        }
      />

      <SplitSection
        eyebrow="Patient engagement"
        title="Reminders and Outreach That Keep Patients Coming Back"
        description={
          <p>
            Servc does not just wait for the phone to ring. It reaches out to patients before, after and
            between visits, so your schedule stays full and no-shows stay rare.
          </p>
        }
        points={[
          'SMS confirmations the moment an appointment is booked',
          'Automated reminder and confirmation calls ahead of each visit',
          'Follow-up calls after treatment and recall calls for overdue patients',
          'Every outreach is logged so your team can see who was contacted and when',
        ]}
        aside={
          <MiniFeatureList
            items={[
              {
                title: 'Reminder calls',
                description: 'Friendly calls that remind patients of upcoming appointments.',
              },
              {
                title: 'Confirmation calls',
                description: 'Patients confirm or reschedule with a quick conversation.',
              },
              {
                title: 'Follow-ups',
                description: 'Checks in after a visit and books the next step of care.',
              },
              {
                title: 'SMS reminders',
                description: 'Text reminders and confirmations patients actually read.',
              },
            ]}
          />
        }
      />

      <SplitSection
        id="integrations"
        tone="muted"
        reverse
        eyebrow="Integrations"
        title="Connected to the Systems You Already Use"
        description={
          <p>
            Servc reads and writes appointments directly in your practice management system, so there is no
            second calendar to maintain and no double entry for your team.
          </p>
        }
        points={[
          'Two-way sync with your schedule, providers and appointment types',
          'Changes made by your staff are reflected instantly in what callers hear',
          'Secure connections with encrypted data in transit and at rest',
        ]}
        aside={
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <div className="flex items-center gap-4">
              <IconBadge icon={Plug} />
              <h3 className="text-lg font-semibold text-slate-900">Supported dental systems</h3>
            </div>
            <ul className="mt-6 grid gap-3 sm:grid-cols-2">
              {DENTAL_PMS_INTEGRATIONS.map((system) => (
                <li
                  key={system.name}
                  className="flex items-center justify-between rounded-xl bg-slate-50 px-4 py-3"
                >
                  <span className="font-medium text-slate-900">{system.name}</span>
                  <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800">
                    {system.status}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        }
      />

      <SplitSection
        eyebrow="Analytics"
        title="See Every Call, Booking and Outcome"
        description={
          <p>
            Know exactly what is happening on your phones. Servc records and transcribes every call and turns
            your call activity into clear, practical reporting.
          </p>
        }
        points={[
          'Call logs with recordings and full transcripts',
          'Dashboard of call volume, bookings and call outcomes',
          'Outbound call tracking for reminders, confirmations and recalls',
          'Performance reports that show where Servc is saving your team time',
        ]}
        aside={
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <div className="flex items-center gap-4">
              <IconBadge icon={ChartColumn} />
              <h3 className="text-lg font-semibold text-slate-900">This week at a glance</h3>
            </div>
            <dl className="mt-6 grid grid-cols-2 gap-4">
              {[
                { label: 'Calls answered', value: '412' },
                { label: 'Appointments booked', value: '138' },
                { label: 'After-hours calls', value: '96' },
                { label: 'Reminders sent', value: '305' },
              ].map((metric) => (
                <div key={metric.label} className="rounded-xl bg-slate-50 p-4">
                  <dt className="text-sm text-slate-600">{metric.label}</dt>
                  <dd className="mt-1 text-2xl font-bold text-slate-900">{metric.value}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-4 text-xs text-slate-600">Illustrative figures for a busy practice.</p>
          </div>
        }
      />

      <DemoCta
        title="Ready to Give Your Front Desk a Break?"
        description={
          <p>
            See every feature working on a real call in a personalized 5-minute demo, tailored to your
            practice and the systems you use.
          </p>
        }
      />
    </>
  );
}
