export const PRODUCT_NAME = 'Servc';
export const PRODUCT_FULL_NAME = 'Servc AI Receptionist';

export const CONTACT = {
  email: 'hello@servc.example',
  phoneDisplay: '+1 (555) 014-2870',
  phoneHref: 'tel:+15550142870',
} as const;

export const COPYRIGHT_YEAR = 2025;

export const MARKETING_CLAIMS = {
  adminWorkloadReduction: 'Up to 60% less administrative workload',
  backAndForthReduction: '70% less back-and-forth',
} as const;

export const SOLUTION_VALUES = [
  'dental-practices',
  'medical-clinics',
  'veterinary-clinics',
  'spas-wellness',
] as const;

export type SolutionValue = (typeof SOLUTION_VALUES)[number];

export interface Solution {
  value: SolutionValue;
  label: string;
  path: `/${SolutionValue}`;
  headline: string;
  description: string;
  ctaText: string;
}

export const SOLUTIONS: readonly Solution[] = [
  {
    value: 'dental-practices',
    label: 'Dental Practices',
    path: '/dental-practices',
    headline: 'Keep every chair full',
    description:
      'Answers new-patient calls, books cleanings and emergencies straight into your practice management system, and runs hygiene recall so no patient slips through the cracks.',
    ctaText: 'Explore dental solutions',
  },
  {
    value: 'medical-clinics',
    label: 'Medical Clinics',
    path: '/medical-clinics',
    headline: 'Give patients an answer on the first ring',
    description:
      'Handles appointment requests, refill and results questions, and provider routing around the clock, so your staff can focus on the patients in front of them.',
    ctaText: 'Explore medical solutions',
  },
  {
    value: 'veterinary-clinics',
    label: 'Veterinary Clinics',
    path: '/veterinary-clinics',
    headline: 'Care for every pet owner who calls',
    description:
      'Books wellness exams, vaccinations and surgeries, sends vaccine reminders, and recognizes urgent situations so they reach your team right away.',
    ctaText: 'Explore veterinary solutions',
  },
  {
    value: 'spas-wellness',
    label: 'Spas & Wellness',
    path: '/spas-wellness',
    headline: 'Fill your schedule while you deliver calm',
    description:
      'Books treatments and classes, answers service and pricing questions, and manages cancellations and waitlists without interrupting a single session.',
    ctaText: 'Explore spa and wellness solutions',
  },
];

export function getSolutionLabel(value: SolutionValue): string {
  return SOLUTIONS.find((solution) => solution.value === value)?.label ?? value;
}

export interface Plan {
  id: 'essential' | 'professional' | 'premium';
  name: string;
  monthlyPrice: number;
  annualMonthlyPrice: number;
  description: string;
  popular: boolean;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'essential',
    name: 'Essential',
    monthlyPrice: 199,
    annualMonthlyPrice: 159,
    description: 'For single-location practices that want every call answered and every appointment booked.',
    popular: false,
  },
  {
    id: 'professional',
    name: 'Professional',
    monthlyPrice: 299,
    annualMonthlyPrice: 239,
    description:
      'For growing practices that run reminders, confirmations and recalls at higher call volumes.',
    popular: true,
  },
  {
    id: 'premium',
    name: 'Premium',
    monthlyPrice: 499,
    annualMonthlyPrice: 399,
    description:
      'For multi-provider and multi-location practices that need the highest capacity and hands-on support.',
    popular: false,
  },
];

export const POPULAR_PLAN_LABEL = 'Most Popular';
export const ANNUAL_SAVINGS_LABEL = 'Save 20%';

export const ALL_PLANS_FEATURES: readonly string[] = [
  '24/7 AI voice receptionist',
  'Appointment scheduling and rescheduling',
  'FAQ handling and call routing',
  'Integration with scheduling or EMR systems',
  'Custom call scripts',
  'Call logs and performance reports',
  'SMS reminders and follow-ups',
  'HIPAA compliance for healthcare use',
];

export const ENTERPRISE_EXTRAS: readonly string[] = [
  'Multi-language support',
  'CRM sync',
  'Outbound campaigns',
];

export interface BillingComparisonRow {
  feature: string;
  monthly: boolean;
  annual: boolean;
}

export const BILLING_COMPARISON: readonly BillingComparisonRow[] = [
  { feature: 'All core receptionist features', monthly: true, annual: true },
  { feature: 'Cancel anytime', monthly: true, annual: false },
  { feature: 'Switch plans anytime', monthly: true, annual: true },
  { feature: 'Discounted rate (save 20%)', monthly: false, annual: true },
  { feature: 'Priority onboarding', monthly: false, annual: true },
  { feature: 'Bonus usage credits', monthly: false, annual: true },
];

export interface PracticeManagementSystem {
  name: string;
  description: string;
  status: 'Available';
}

export const DENTAL_PMS_INTEGRATIONS: readonly PracticeManagementSystem[] = [
  {
    name: 'Dentrix',
    description:
      'Books, reschedules and cancels appointments directly in your Dentrix schedule, matched to the right provider and operatory.',
    status: 'Available',
  },
  {
    name: 'Eaglesoft',
    description:
      'Reads live availability from Eaglesoft and writes new appointments back with patient details and visit notes.',
    status: 'Available',
  },
  {
    name: 'Open Dental',
    description:
      'Syncs providers, appointment types and open slots from Open Dental so callers only hear times that are truly free.',
    status: 'Available',
  },
  {
    name: 'Curve Dental',
    description:
      'Connects to your cloud-based Curve Dental schedule for real-time booking from any location you run.',
    status: 'Available',
  },
];

export const PRIVACY_POLICY_EFFECTIVE_DATE = 'September 11, 2025';
export const TERMS_MINIMUM_AGE = 18;
export const DEMO_AUTO_CLOSE_MS = 3000;
export const DEMO_MOBILE_MIN_LENGTH = 10;
