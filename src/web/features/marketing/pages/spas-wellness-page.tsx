import { CalendarCheck, CalendarX, Clock, Flower2, MessageSquareText, Moon, Plug, Users } from 'lucide-react';
import { CallPreview } from '../components/call-preview';
import { DemoButton } from '../components/demo-button';
import { DemoCta } from '../components/demo-cta';
import { FeatureGrid, IconBadge } from '../components/feature-card';
import { IndustryHero } from '../components/industry-hero';
import { SchedulePreview } from '../components/schedule-preview';
import { Section } from '../components/section';
import { MiniFeatureList, SplitSection } from '../components/split-section';
import { TestimonialSection } from '../components/testimonial';
import { getPublicPage } from '../public-routes';

export function SpasWellnessPage() {
  const page = getPublicPage('/spas-wellness');

  return (
    <>
      <IndustryHero
        eyebrow="For spas and wellness centers"
        title={page.headline}
        description={
          <p>
            Your therapists should not have to step out of a treatment to answer the phone. Servc books
            massages, facials and classes, answers questions about services and pricing, and handles
            cancellations around the clock, with the calm, welcoming tone your guests expect.
          </p>
        }
        aside={
          <CallPreview
            caller="New guest · 9:20 PM"
            lines={[
              { speaker: 'assistant', text: 'Welcome to Serenity Day Spa. How can I help you relax?' },
              { speaker: 'caller', text: 'Do you have a 60-minute deep tissue massage on Saturday?' },
              {
                speaker: 'assistant',
                text: 'Yes! Olivia has 1:00 PM or 3:30 PM available. Which do you prefer?',
              },
              { speaker: 'caller', text: '1:00 PM, please.' },
            ]}
            outcome="Massage booked: Saturday 1:00 PM"
          />
        }
      />

      <Section
        eyebrow="Booking features"
        title="Every Booking Request, Handled Beautifully"
        description="From first-time guests to class regulars, Servc takes care of the calls that fill your schedule."
        tone="muted"
      >
        <FeatureGrid
          columns={4}
          items={[
            {
              icon: CalendarCheck,
              title: 'Scheduling',
              description:
                'Books treatments with the right therapist, room and duration, including couples and back-to-back services.',
            },
            {
              icon: MessageSquareText,
              title: 'Service Inquiries',
              description:
                'Explains your treatments, packages, pricing and policies so guests book with confidence.',
            },
            {
              icon: Users,
              title: 'Class Sign-Ups',
              description:
                'Enrolls guests in yoga, pilates and meditation classes and keeps an eye on class capacity.',
            },
            {
              icon: CalendarX,
              title: 'Cancellations',
              description:
                'Handles cancellations and reschedules by your policy, then offers the open slot to waitlisted guests.',
            },
          ]}
        />
      </Section>

      <SplitSection
        eyebrow="Tailored to wellness"
        title="A Voice That Matches Your Brand"
        description={
          <p>
            Servc is configured around your menu of services and the experience you create, so every caller
            feels the same warmth they find when they walk through your door.
          </p>
        }
        points={[
          'Greetings, tone and recommendations written around your brand',
          'Knows your treatments, add-ons, packages and memberships',
          'Suggests complementary services and gift options naturally',
          'Shares preparation tips and arrival instructions before each visit',
        ]}
        aside={
          <MiniFeatureList
            items={[
              { title: 'Massage and bodywork', description: 'Swedish, deep tissue, hot stone and prenatal.' },
              { title: 'Skin and beauty', description: 'Facials, peels, waxing and nail services.' },
              { title: 'Classes and studios', description: 'Yoga, pilates, meditation and sound baths.' },
              { title: 'Memberships', description: 'Member pricing, credits and package questions.' },
            ]}
          />
        }
      />

      <SplitSection
        tone="muted"
        reverse
        eyebrow="Real-time calendar sync"
        title="Your Calendar, Always Up to Date"
        description={
          <p>
            Every booking, change and cancellation Servc makes lands in your scheduling system the moment it
            happens, so your front desk and your therapists always see the same day.
          </p>
        }
        points={[
          'Only offers times when the therapist and room are both free',
          'Prevents double bookings across services and locations',
          'Reflects changes your staff make instantly on the next call',
        ]}
        aside={
          <SchedulePreview
            title="Saturday · Treatment rooms"
            entries={[
              {
                time: '10:00 AM',
                name: 'Hannah Lee',
                detail: 'Signature facial · 75 min',
                status: 'Confirmed',
              },
              { time: '11:30 AM', name: 'Marcus Green', detail: 'Hot stone massage', status: 'Rescheduled' },
              { time: '1:00 PM', name: 'Sophie Turner', detail: 'Deep tissue · 60 min', status: 'Booked' },
              { time: '5:30 PM', name: 'Evening yoga', detail: '12 of 14 spots filled', status: 'Booked' },
            ]}
          />
        }
      />

      <Section
        eyebrow="Always-available support"
        title="Open for Bookings Even When You Are Closed"
        description="Guests often decide to book late in the evening or on a day off. Servc is there every time they call."
      >
        <FeatureGrid
          items={[
            {
              icon: Moon,
              title: 'After-Hours Booking',
              description:
                'Captures the evening and weekend bookings that would otherwise go to voicemail or a competitor.',
            },
            {
              icon: Clock,
              title: 'No Hold Music',
              description: 'Every caller is answered immediately, even during your busiest Saturday rush.',
            },
            {
              icon: Flower2,
              title: 'Uninterrupted Treatments',
              description:
                'Your team stays with guests in the treatment room instead of running to the phone.',
            },
          ]}
        />
      </Section>

      <SplitSection
        tone="muted"
        eyebrow="Easy integration"
        title="Up and Running Without the Hassle"
        description={
          <p>
            Servc connects to the booking system you already use. Our onboarding team sets up your services,
            staff and policies for you, so you can start taking AI-answered bookings within days.
          </p>
        }
        points={[
          'No new software for your team to learn',
          'Guided setup of services, therapists and cancellation policies',
          'Ongoing support whenever your menu or hours change',
        ]}
        actions={<DemoButton />}
        aside={
          <div className="flex flex-col items-center rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
            <IconBadge icon={Plug} className="size-16" />
            <p className="mt-5 text-lg font-semibold text-slate-900">Connected in days, not months</p>
            <p className="mt-2 text-slate-600">
              We handle the integration and testing, and you approve how Servc sounds before it answers a
              single call.
            </p>
          </div>
        }
      />

      <TestimonialSection
        title="Loved by Spa and Wellness Owners"
        testimonial={{
          quote:
            'We used to lose bookings every evening after the front desk went home. With Servc, guests book their massages and classes at any hour, and my team spends their time making people feel welcome instead of on the phone.',
          name: 'Olivia Martinez',
          role: 'Founder',
          practice: 'Serenity Day Spa',
        }}
      />

      <DemoCta
        title="Let Your Schedule Fill Itself"
        description={
          <p>
            See how Servc books treatments and classes for your spa or wellness center in a quick,
            personalized 5-minute demo.
          </p>
        }
      />
    </>
  );
}
