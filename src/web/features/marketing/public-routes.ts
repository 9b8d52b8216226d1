export interface PublicPageMeta {
  path: string;
  /** Document <title>. */
  title: string;
  /** Meta description, 120-160 characters. */
  description: string;
  /** The page's single <h1>. */
  headline: string;
}

export const publicPages = [
  {
    path: '/',
    title: 'Servc AI Receptionist | 24/7 AI Voice Receptionist for Practices',
    description:
      'Servc is a HIPAA-ready AI voice receptionist for dental, medical, veterinary and spa practices that answers every call and books appointments around the clock.',
    headline: 'Never Miss Another Patient Call',
  },
  {
    path: '/features',
    title: 'Features | Servc AI Receptionist',
    description:
      'Natural phone conversations, automated booking, reminders, practice-system integrations and call analytics: see everything Servc does for your front desk.',
    headline: 'Everything Your Front Desk Does, Around the Clock',
  },
  {
    path: '/solutions',
    title: 'Solutions | Servc AI Receptionist',
    description:
      'AI voice reception built for dental practices, medical clinics, veterinary clinics and spas. Find the Servc solution tailored to the way your practice works.',
    headline: 'AI Reception Solutions for Every Kind of Practice',
  },
  {
    path: '/pricing',
    title: 'Pricing | Servc AI Receptionist',
    description:
      'Plans from $199 a month, or save 20% with annual billing. Every Servc plan includes a 24/7 AI receptionist, scheduling, SMS reminders and HIPAA compliance.',
    headline: 'Simple, Transparent Pricing',
  },
  {
    path: '/integration',
    title: 'Integrations | Servc AI Receptionist',
    description:
      'Servc connects to Dentrix, Eaglesoft, Open Dental and Curve Dental to book, reschedule and cancel appointments in real time, securely and HIPAA-compliant.',
    headline: 'Works With the Practice Management System You Already Use',
  },
  {
    path: '/privacy-policy',
    title: 'Privacy Policy | Servc AI Receptionist',
    description:
      'How Servc collects, uses, protects and shares personal information, including call and appointment data, and the choices and rights you have over your data.',
    headline: 'Privacy Policy',
  },
  {
    path: '/terms-conditions',
    title: 'Terms and Conditions | Servc AI Receptionist',
    description:
      'The terms that govern your use of Servc AI Receptionist, covering subscriptions and billing, acceptable use, integrations, data, liability and termination.',
    headline: 'Terms and Conditions',
  },
  {
    path: '/cookies-policy',
    title: 'Cookies Policy | Servc AI Receptionist',
    description:
      'Learn which cookies Servc uses on its website and console, why we use them, the types of cookies involved, and how you can manage your cookie preferences.',
    headline: 'Cookies Policy',
  },
  {
    path: '/dental-practices',
    title: 'AI Receptionist for Dental Practices | Servc',
    description:
      'Servc answers every dental call, books cleanings and emergencies straight into your PMS, and runs hygiene recall so your chairs stay full and your team calm.',
    headline: 'The AI Receptionist Built for Dental Practices',
  },
  {
    path: '/medical-clinics',
    title: 'AI Receptionist for Medical Clinics | Servc',
    description:
      'Servc answers patient calls 24/7, books and confirms visits, routes urgent needs to your staff and cuts no-shows with automated reminders. HIPAA-ready.',
    headline: 'The AI Receptionist Built for Medical Clinics',
  },
  {
    path: '/veterinary-clinics',
    title: 'AI Receptionist for Veterinary Clinics | Servc',
    description:
      'Servc books wellness exams and vaccinations, sends reminders and flags pet emergencies to your team, so every pet owner who calls gets a fast, caring answer.',
    headline: 'The AI Receptionist Built for Veterinary Clinics',
  },
  {
    path: '/spas-wellness',
    title: 'AI Receptionist for Spas and Wellness Centers | Servc',
    description:
      'Servc books treatments and classes, answers service questions and handles cancellations around the clock, so your spa or studio never misses a booking.',
    headline: 'The AI Receptionist Built for Spas and Wellness Centers',
  },
] as const satisfies readonly PublicPageMeta[];

export type PublicPagePath = (typeof publicPages)[number]['path'];

export function getPublicPage(path: PublicPagePath): PublicPageMeta {
  const page = publicPages.find((candidate) => candidate.path === path);
  if (!page) throw new Error(`Unknown public page: ${path}`);
  return page;
}
