import {
  CalendarCheck,
  ChartColumn,
  Clock,
  PhoneCall,
  PhoneOutgoing,
  Plug,
  ShieldCheck,
  ArrowRight,
  BellRing,
  CircleDollarSign,
  ClipboardList,
  PhoneMissed,
} from 'lucide-react';
import { MARKETING_CLAIMS, SOLUTIONS } from '#shared/marketing';
import { buttonClasses } from '../components/button-styles';
import { CallPreview } from '../components/call-preview';
import { DemoCta } from '../components/demo-cta';
import { FeatureGrid, IconBadge, type FeatureItem } from '../components/feature-card';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { SOLUTION_ICONS } from '../components/solution-icons';
import { TestimonialSection } from '../components/testimonial';
import { getPublicPage } from '../public-routes';

const PAIN_POINTS: readonly FeatureItem[] = [
  {
    icon: PhoneMissed,
    title: 'Is your front desk overwhelmed by calls?',
    description:
      'Phones ring while patients wait at the counter, callers sit on hold, and your team is forced to choose between the person in front of them and the one on the line.',
  },
  {
    icon: CircleDollarSign,
    title: 'Are you losing revenue to unanswered calls and no-shows?',
    description:
      'Every call that goes to voicemail is a new patient who may book elsewhere, and every forgotten appointment is an empty chair you still pay for.',
  },
  {
    icon: ClipboardList,
    title: 'Is your staff spending hours on repetitive admin?',
    description:
      'Confirming appointments, answering the same questions and juggling reschedules eats hours each day that your team could spend caring for patients.',
  },
];

const FLOW_STEPS = [
  {
    icon: PhoneCall,
    title: 'Answer',
    description:
      'Servc picks up on the first ring, day or night, greets callers by your practice name and understands what they need in natural conversation.',
  },
  {
    icon: CalendarCheck,
    title: 'Schedule',
    description:
      'It checks live availability in your practice management system and books, reschedules or cancels the appointment while the caller is still on the line.',
  },
  {
    icon: BellRing,
    title: 'Confirm',
    description:
      'Patients get an instant SMS confirmation and timely reminders, and Servc calls ahead to confirm, so fewer appointments end up as no-shows.',
  },
] as const;

const FEATURES: readonly FeatureItem[] = [
  {
    icon: Clock,
    title: '24/7 Availability',
    description:
      'Nights, weekends, holidays and lunch breaks are covered. Every caller reaches a friendly, knowledgeable receptionist, never a voicemail box.',
  },
  {
    icon: CalendarCheck,
    title: 'Automated Scheduling',
    description:
      'Books, reschedules and cancels appointments in real time according to your providers, appointment types and scheduling rules.',
  },
  {
    icon: PhoneOutgoing,
    title: 'Proactive Outbound Calls',
    description:
      'Places reminder, confirmation, follow-up and recall calls automatically, filling gaps in your schedule before they cost you.',
  },
  {
    icon: Plug,
    title: 'Seamless Practice System Integration',
    description:
      'Connects directly to the practice management system you already use, so appointments land in your schedule with no double entry.',
  },
  {
    icon: ChartColumn,
    title: 'Detailed Analytics',
    description:
      'Searchable call logs with recordings and transcripts, plus a dashboard showing call volume, bookings and outcomes at a glance.',
  },
  {
    icon: ShieldCheck,
    title: 'HIPAA-Ready',
    description:
      'Built for healthcare from the ground up, with encrypted data, strict access controls and audit-ready call records.',
  },
];

const HERO_CALL = {
  caller: 'New patient · 7:42 PM',
  lines: [
    { speaker: 'assistant', text: 'Thanks for calling Bright Smile Dental! How can I help you tonight?' },
    { speaker: 'caller', text: 'Hi, I’d like to book a cleaning. Do you have anything next week?' },
    { speaker: 'assistant', text: 'Of course! Dr. Patel has Tuesday at 9:30 AM or Thursday at 2:00 PM.' },
    { speaker: 'caller', text: 'Tuesday works great.' },
  ],
  outcome: 'Booked: Tuesday 9:30 AM · SMS confirmation sent',
} as const;

export function HomePage() {
  const page = getPublicPage('/');

  return (
    <>
      <PageHero
        eyebrow="HIPAA-ready AI voice receptionist"
        title={page.headline}
        description={
          <p>
            Servc answers every call around the clock, books appointments straight into your practice
            management system and sends reminders that keep patients showing up. Give your team{' '}
            {MARKETING_CLAIMS.adminWorkloadReduction.toLowerCase()} and your callers an answer on the first
            ring.
          </p>
        }
        actions={
          <a href="/solutions" className={buttonClasses({ size: 'lg' })}>
            Explore Our Solutions
            <ArrowRight aria-hidden="true" className="size-5" />
          </a>
        }
        aside={<CallPreview {...HERO_CALL} />}
      />

      <Section
        eyebrow="The problem"
        title="Does This Sound Like Your Practice?"
        description="Busy practices lose time, revenue and patient goodwill at the front desk every day."
        tone="muted"
      >
        <FeatureGrid items={PAIN_POINTS} />
      </Section>

      <Section
        eyebrow="The solution"
        title="Answer, Schedule, Confirm. Automatically."
        description={`Servc handles the full journey of a call from hello to confirmed appointment, with ${MARKETING_CLAIMS.backAndForthReduction.toLowerCase()} for your staff.`}
      >
        <ol className="grid gap-6 md:grid-cols-3">
          {FLOW_STEPS.map((step, index) => (
            <li
              key={step.title}
              className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <div className="flex items-center gap-4">
                <IconBadge icon={step.icon} className="bg-blue-600 text-white" />
                <p className="text-sm font-semibold text-blue-700">Step {index + 1}</p>
              </div>
              <h3 className="mt-5 text-xl font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 leading-7 text-slate-600">{step.description}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section
        eyebrow="Features"
        title="Everything Your Front Desk Needs"
        description="One AI receptionist that covers every call, every booking and every reminder."
        tone="muted"
      >
        <FeatureGrid items={FEATURES} />
      </Section>

      <Section
        eyebrow="Industries"
        title="Built for Your Kind of Practice"
        description="Servc speaks the language of your patients and clients, with workflows tailored to your specialty."
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {SOLUTIONS.map((solution) => (
            <li
              key={solution.value}
              className="relative flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-blue-600 hover:shadow-md"
            >
              <IconBadge icon={SOLUTION_ICONS[solution.value]} />
              <h3 className="mt-5 text-lg font-semibold text-slate-900">
                <a
                  href={solution.path}
                  className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none"
                >
                  {solution.label}
                </a>
              </h3>
              <p className="mt-2 flex-1 leading-7 text-slate-600">{solution.headline}.</p>
              <p
                aria-hidden="true"
                className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-blue-700"
              >
                Learn more <ArrowRight className="size-4" />
              </p>
            </li>
          ))}
        </ul>
      </Section>

      <TestimonialSection
        title="What Practice Owners Say"
        testimonial={{
          quote:
            'Before Servc we were missing a third of our calls during lunch and after hours. Now every call is answered, our schedule fills itself, and my front desk team finally has time to focus on the patients in the office.',
          name: 'Dr. Maria Alvarez',
          role: 'Owner',
          practice: 'Lakeside Family Dental',
        }}
      />

      <DemoCta
        title="See Servc Answer Your Calls"
        description={
          <p>
            Book a quick 5-minute demo and hear how Servc would greet your callers, book into your schedule
            and confirm appointments, all without adding a single task to your team.
          </p>
        }
      />
    </>
  );
}
