import { Check, Minus, RefreshCw } from 'lucide-react';
import {
  ALL_PLANS_FEATURES,
  ANNUAL_SAVINGS_LABEL,
  BILLING_COMPARISON,
  ENTERPRISE_EXTRAS,
  PLANS,
  POPULAR_PLAN_LABEL,
  type Plan,
} from '#shared/marketing';
import { cn } from '../../../lib/cn';
import { CheckList } from '../components/check-list';
import { DemoButton } from '../components/demo-button';
import { DemoCta } from '../components/demo-cta';
import { IconBadge } from '../components/feature-card';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { getPublicPage } from '../public-routes';

function formatPrice(amount: number): string {
  return `$${amount}`;
}

function formatList(items: readonly string[]): string {
  const [first = '', ...rest] = items;
  const lowered = rest.map((item) =>
    /^[A-Z]{2}/.test(item) ? item : item.charAt(0).toLowerCase() + item.slice(1),
  );
  return new Intl.ListFormat('en', { type: 'conjunction' }).format([first, ...lowered]);
}

function PlanCard({ plan }: { plan: Plan }) {
  return (
    <div
      className={cn(
        'relative flex h-full flex-col rounded-2xl bg-white p-8',
        plan.popular ? 'border-2 border-blue-600 shadow-xl' : 'border border-slate-200 shadow-sm',
      )}
    >
      {plan.popular ? (
        <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-blue-600 px-4 py-1 text-sm font-semibold whitespace-nowrap text-white">
          {POPULAR_PLAN_LABEL}
        </p>
      ) : null}
      <h3 className="text-xl font-semibold text-slate-900">{plan.name}</h3>
      <p className="mt-2 min-h-18 leading-6 text-slate-600">{plan.description}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-5xl font-bold tracking-tight text-slate-900">
          {formatPrice(plan.monthlyPrice)}
        </span>
        <span className="text-slate-600">/month</span>
      </p>
      <p className="mt-2 text-sm text-slate-600">
        or <span className="font-semibold text-slate-900">{formatPrice(plan.annualMonthlyPrice)}/month</span>{' '}
        billed annually
      </p>
      <DemoButton
        label="Get Started"
        srSuffix={`with ${plan.name}`}
        variant={plan.popular ? 'primary' : 'outline'}
        size="lg"
        className="mt-8 w-full"
      />
    </div>
  );
}

function Availability({ available }: { available: boolean }) {
  return available ? (
    <span className="inline-flex items-center gap-2 font-medium text-green-800">
      <Check aria-hidden="true" className="size-5 text-green-600" />
      Yes
    </span>
  ) : (
    <span className="inline-flex items-center gap-2 text-slate-600">
      <Minus aria-hidden="true" className="size-5 text-slate-500" />
      No
    </span>
  );
}

export function PricingPage() {
  const page = getPublicPage('/pricing');

  return (
    <>
      <PageHero
        eyebrow="Pricing"
        title={page.headline}
        description={
          <>
            <p>
              One predictable monthly price for a receptionist that never takes a day off. No setup surprises,
              no per-call fees on your core plan.
            </p>
            <p className="mt-6 inline-flex flex-wrap items-center justify-center gap-2 text-base">
              <span className="rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-800">
                {ANNUAL_SAVINGS_LABEL}
              </span>
              <span className="text-slate-700">with annual billing</span>
            </p>
          </>
        }
      />

      <Section
        title="Choose Your Plan"
        description="Every plan includes the full AI receptionist. Pick the capacity and support that fit your practice."
      >
        <ul className="grid items-stretch gap-8 lg:grid-cols-3">
          {PLANS.map((plan) => (
            <li key={plan.id}>
              <PlanCard plan={plan} />
            </li>
          ))}
        </ul>
      </Section>

      <Section
        tone="muted"
        title="All Plans Include"
        description="No feature gates on the essentials. Every Servc plan comes with:"
      >
        <div className="mx-auto max-w-4xl rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
          <CheckList items={ALL_PLANS_FEATURES} className="grid gap-x-8 space-y-0 gap-y-4 sm:grid-cols-2" />
          <p className="mt-8 border-t border-slate-200 pt-6 text-slate-600">
            <span className="font-semibold text-slate-900">Enterprise extras:</span>{' '}
            {formatList(ENTERPRISE_EXTRAS)}. Ask us about adding them to any plan.
          </p>
        </div>
      </Section>

      <Section
        title="Monthly vs. Annual Billing"
        description="Annual plans bring a discounted rate, priority onboarding and bonus usage credits. Monthly plans can be cancelled anytime."
      >
        <div
          role="region"
          aria-label="Monthly and annual billing comparison"
          tabIndex={0}
          className="mx-auto max-w-4xl overflow-x-auto rounded-2xl border border-slate-200 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        >
          <table className="w-full text-left">
            <caption className="sr-only">What is available with monthly and annual billing</caption>
            <thead className="bg-slate-50 text-sm text-slate-900">
              <tr>
                <th scope="col" className="px-3 py-4 sm:px-6 font-semibold">
                  Feature
                </th>
                <th scope="col" className="px-3 py-4 sm:px-6 font-semibold">
                  Available monthly
                </th>
                <th scope="col" className="px-3 py-4 sm:px-6 font-semibold">
                  Available annual
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 bg-white">
              {BILLING_COMPARISON.map((row) => (
                <tr key={row.feature}>
                  <th scope="row" className="px-3 py-4 sm:px-6 font-medium text-slate-900">
                    {row.feature}
                  </th>
                  <td className="px-3 py-4 sm:px-6">
                    <Availability available={row.monthly} />
                  </td>
                  <td className="px-3 py-4 sm:px-6">
                    <Availability available={row.annual} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <aside
          aria-label="Upgrading your plan"
          className="mx-auto mt-8 flex max-w-4xl gap-4 rounded-2xl bg-blue-50 p-6"
        >
          <IconBadge icon={RefreshCw} className="bg-white" />
          <div>
            <p className="font-semibold text-slate-900">Upgrade or switch plans anytime</p>
            <p className="mt-1 leading-7 text-slate-700">
              Start with the plan that fits today and move up as your call volume grows. You can switch plans
              or change between monthly and annual billing at any time from your dashboard or by contacting
              our support team.
            </p>
          </div>
        </aside>
      </Section>

      <DemoCta
        title="See Servc in Action Before You Decide"
        description={
          <p>
            Schedule a personalized 5-minute demo, or start a free trial and hear Servc answer calls for your
            practice.
          </p>
        }
        actions={
          <>
            <DemoButton label="Schedule a Demo" variant="inverse" />
            <DemoButton label="Start Free Trial" variant="inverse-outline" kind="trial" />
          </>
        }
      />
    </>
  );
}
