import {
  BellRing,
  CalendarCheck,
  CalendarClock,
  ClipboardList,
  FileText,
  HeartPulse,
  MessageSquareText,
  PhoneOutgoing,
  PillBottle,
  ShieldCheck,
  Siren,
  Smile,
  Stethoscope,
  Syringe,
  UserPlus,
  Dog,
} from 'lucide-react';
import type { CallPreviewProps } from '../components/call-preview';
import type { FeatureItem } from '../components/feature-card';
import type { ScheduleEntry } from '../components/schedule-preview';
import type { TestimonialContent } from '../components/testimonial';

export interface IndustryContent {
  path: '/dental-practices' | '/medical-clinics' | '/veterinary-clinics';
  eyebrow: string;
  intro: string;
  call: CallPreviewProps;
  capabilitiesTitle: string;
  capabilitiesDescription: string;
  capabilities: readonly FeatureItem[];
  scheduling: {
    title: string;
    description: string;
    points: readonly string[];
    scheduleTitle: string;
    entries: readonly ScheduleEntry[];
  };
  testimonial: TestimonialContent;
  cta: { title: string; description: string };
}

export const DENTAL_CONTENT: IndustryContent = {
  path: '/dental-practices',
  eyebrow: 'For dental practices',
  intro:
    'From new-patient calls to hygiene recall, Servc answers every call on the first ring, books straight into Dentrix, Eaglesoft, Open Dental or Curve Dental, and keeps your chairs full while your team focuses on the patient in the chair.',
  call: {
    caller: 'Existing patient · 6:15 AM',
    lines: [
      { speaker: 'assistant', text: 'Good morning, Riverside Dental. How can I help you?' },
      { speaker: 'caller', text: 'I cracked a tooth last night and it really hurts.' },
      {
        speaker: 'assistant',
        text: 'I’m sorry to hear that. Dr. Kim has an emergency slot at 8:00 AM today. Shall I book it?',
      },
      { speaker: 'caller', text: 'Yes, please!' },
    ],
    outcome: 'Emergency visit booked: today 8:00 AM',
  },
  capabilitiesTitle: 'Everything Your Dental Front Desk Handles',
  capabilitiesDescription:
    'Servc takes the routine calls off your team’s plate and handles them exactly the way you would.',
  capabilities: [
    {
      icon: UserPlus,
      title: 'New Patient Intake',
      description:
        'Welcomes new patients, collects their details and insurance information, and books their first exam and cleaning.',
    },
    {
      icon: Siren,
      title: 'Dental Emergencies',
      description:
        'Recognizes toothaches, broken teeth and swelling, offers your emergency slots first and alerts your team when needed.',
    },
    {
      icon: CalendarClock,
      title: 'Hygiene Recall',
      description:
        'Calls patients who are due or overdue for cleanings and books them before they drift away from your practice.',
    },
    {
      icon: BellRing,
      title: 'Reminders and Confirmations',
      description:
        'Sends SMS reminders and places confirmation calls so fewer appointments end up as empty chairs.',
    },
    {
      icon: MessageSquareText,
      title: 'Insurance and Billing Questions',
      description:
        'Answers common questions about accepted plans, payment options and what to bring, using your practice’s own answers.',
    },
    {
      icon: Smile,
      title: 'Treatment Follow-Ups',
      description:
        'Checks in after procedures and schedules the next visit in a treatment plan, so care is not left unfinished.',
    },
  ],
  scheduling: {
    title: 'Scheduling That Fits Your Operatories',
    description:
      'Servc books by provider, appointment type and length, following the same rules your front desk uses, so hygiene and doctor schedules stay balanced.',
    points: [
      'Books cleanings, exams, fillings, crowns and emergency visits into the right column',
      'Respects appointment lengths, provider preferences and blocked time',
      'Fills last-minute cancellations from patients who want an earlier visit',
      'Syncs with your practice management system in real time',
    ],
    scheduleTitle: 'Tuesday · Hygiene column',
    entries: [
      { time: '8:00 AM', name: 'Emily Carter', detail: 'Adult cleaning · 60 min', status: 'Confirmed' },
      { time: '9:00 AM', name: 'Noah Bennett', detail: 'New patient exam · 90 min', status: 'Booked' },
      { time: '10:30 AM', name: 'Ava Thompson', detail: 'Periodontal maintenance', status: 'Rescheduled' },
      { time: '11:30 AM', name: 'Liam Foster', detail: 'Child cleaning · 45 min', status: 'Confirmed' },
    ],
  },
  testimonial: {
    quote:
      'Our hygiene schedule used to have holes every week. Servc calls our overdue patients, books them straight into Dentrix and confirms the day before. We are busier than ever and the phones are finally quiet.',
    name: 'Dr. Sarah Kim',
    role: 'Owner',
    practice: 'Riverside Dental Care',
  },
  cta: {
    title: 'Keep Every Chair Full',
    description:
      'See how Servc answers your dental calls, books into your practice management system and runs recall for you in a personalized 5-minute demo.',
  },
};

export const MEDICAL_CONTENT: IndustryContent = {
  path: '/medical-clinics',
  eyebrow: 'For medical clinics',
  intro:
    'Servc answers patient calls around the clock, books and confirms visits with the right provider, and routes urgent needs to your staff, so patients get help faster and your team gets time back for care.',
  call: {
    caller: 'Returning patient · 12:10 PM',
    lines: [
      { speaker: 'assistant', text: 'Thank you for calling Oakview Family Medicine. How may I help?' },
      { speaker: 'caller', text: 'I need a follow-up with Dr. Nguyen about my blood pressure.' },
      { speaker: 'assistant', text: 'Dr. Nguyen is available Thursday at 10:15 AM or Friday at 3:30 PM.' },
      { speaker: 'caller', text: 'Thursday morning, please.' },
    ],
    outcome: 'Follow-up booked: Thursday 10:15 AM',
  },
  capabilitiesTitle: 'Built for the Calls Your Clinic Gets Every Day',
  capabilitiesDescription:
    'Servc handles routine requests end to end and makes sure anything clinical reaches a person quickly.',
  capabilities: [
    {
      icon: CalendarCheck,
      title: 'Appointment Booking',
      description:
        'Books sick visits, annual physicals and follow-ups with the right provider and visit type, in real time.',
    },
    {
      icon: Stethoscope,
      title: 'Urgent Call Routing',
      description:
        'Recognizes urgent symptoms and transfers the caller to your nurse line or on-call staff with the details captured.',
    },
    {
      icon: PillBottle,
      title: 'Refill and Results Requests',
      description:
        'Takes prescription refill and test result requests, records them accurately and passes them to your clinical team.',
    },
    {
      icon: BellRing,
      title: 'Reminders That Reduce No-Shows',
      description:
        'SMS reminders and confirmation calls keep patients on schedule and open up slots for others when plans change.',
    },
    {
      icon: FileText,
      title: 'Intake and Pre-Visit Questions',
      description:
        'Collects reason for visit and contact details, and answers questions about preparation, forms and insurance.',
    },
    {
      icon: ShieldCheck,
      title: 'HIPAA-Ready Handling',
      description:
        'Patient information is encrypted, access is restricted and every call is logged with a recording and transcript.',
    },
  ],
  scheduling: {
    title: 'Smart Scheduling Across Every Provider',
    description:
      'Servc knows which providers see which visit types and how long each visit takes, so your day runs on time and your providers stay fully booked.',
    points: [
      'Matches visit types to the right physician, nurse practitioner or PA',
      'Offers same-day slots for sick visits and holds time for urgent needs',
      'Reschedules and cancels in one call and backfills the freed time',
      'Keeps your practice calendar in sync in real time',
    ],
    scheduleTitle: 'Thursday · Dr. Nguyen',
    entries: [
      { time: '9:00 AM', name: 'Robert Hayes', detail: 'Annual physical · 40 min', status: 'Confirmed' },
      { time: '9:45 AM', name: 'Grace Liu', detail: 'Sick visit · 20 min', status: 'Booked' },
      { time: '10:15 AM', name: 'Daniel Ortiz', detail: 'BP follow-up · 20 min', status: 'Booked' },
      { time: '11:00 AM', name: 'Priya Shah', detail: 'Medication review', status: 'Rescheduled' },
    ],
  },
  testimonial: {
    quote:
      'Monday mornings used to mean forty voicemails and frustrated patients. Now Servc books most of those calls on its own and sends anything urgent straight to our nurses. Our no-show rate has dropped noticeably.',
    name: 'Linda Morales',
    role: 'Practice Administrator',
    practice: 'Oakview Family Medicine',
  },
  cta: {
    title: 'Give Every Patient an Answer on the First Ring',
    description:
      'See how Servc handles your clinic’s calls, from booking to urgent routing, in a personalized 5-minute demo.',
  },
};

export const VETERINARY_CONTENT: IndustryContent = {
  path: '/veterinary-clinics',
  eyebrow: 'For veterinary clinics',
  intro:
    'Pet owners call when they are worried. Servc answers every one of them with care, books exams, vaccinations and surgeries, sends reminders, and makes sure true emergencies reach your team immediately.',
  call: {
    caller: 'Pet owner · 8:05 PM',
    lines: [
      { speaker: 'assistant', text: 'Hi, you’ve reached Maple Grove Animal Hospital. How can I help?' },
      { speaker: 'caller', text: 'My dog Bailey is due for his rabies shot.' },
      {
        speaker: 'assistant',
        text: 'Happy to help! We have Saturday at 11:00 AM with Dr. Brooks. Does that work?',
      },
      { speaker: 'caller', text: 'Perfect, thank you.' },
    ],
    outcome: 'Vaccination booked: Saturday 11:00 AM',
  },
  capabilitiesTitle: 'Caring Support for Every Pet Owner Who Calls',
  capabilitiesDescription:
    'Servc takes care of the routine so your team can take care of the animals in your clinic.',
  capabilities: [
    {
      icon: CalendarCheck,
      title: 'Exam and Surgery Booking',
      description:
        'Books wellness exams, sick visits, dental cleanings and surgeries with the right veterinarian and time allowance.',
    },
    {
      icon: Syringe,
      title: 'Vaccine Reminders',
      description:
        'Reminds owners when vaccinations and preventive care are due, and books the visit in the same conversation.',
    },
    {
      icon: HeartPulse,
      title: 'Emergency Triage Routing',
      description:
        'Recognizes urgent signs such as trouble breathing or suspected poisoning and connects the owner to your team right away.',
    },
    {
      icon: Dog,
      title: 'Multi-Pet Households',
      description:
        'Handles owners with several pets, booking back-to-back visits and keeping every pet’s details straight.',
    },
    {
      icon: ClipboardList,
      title: 'Pre-Visit Instructions',
      description:
        'Explains fasting before surgery, what records to bring and drop-off times, so appointments start smoothly.',
    },
    {
      icon: PhoneOutgoing,
      title: 'Post-Visit Follow-Ups',
      description:
        'Checks in after surgeries and treatments and schedules rechecks, so owners feel supported between visits.',
    },
  ],
  scheduling: {
    title: 'Scheduling Built Around Your Veterinarians',
    description:
      'Servc knows the difference between a 15-minute vaccine visit and a morning surgery drop-off, and books each one where it belongs.',
    points: [
      'Books by veterinarian, species and appointment type',
      'Keeps surgery mornings and urgent-care slots protected',
      'Moves appointments and rebooks cancellations in a single call',
      'Updates your clinic calendar in real time',
    ],
    scheduleTitle: 'Saturday · Dr. Brooks',
    entries: [
      { time: '9:00 AM', name: 'Luna (cat)', detail: 'Annual wellness exam', status: 'Confirmed' },
      { time: '9:30 AM', name: 'Max (dog)', detail: 'Ear infection recheck', status: 'Rescheduled' },
      { time: '10:15 AM', name: 'Coco (rabbit)', detail: 'Nail trim and exam', status: 'Booked' },
      { time: '11:00 AM', name: 'Bailey (dog)', detail: 'Rabies vaccination', status: 'Booked' },
    ],
  },
  testimonial: {
    quote:
      'Our front desk was drowning in calls while checking in patients and their owners. Servc now books our vaccines and wellness visits, reminds clients when boosters are due, and never misses an emergency call.',
    name: 'Dr. Emily Brooks',
    role: 'Medical Director',
    practice: 'Maple Grove Animal Hospital',
  },
  cta: {
    title: 'Care for Every Caller, Even After Hours',
    description:
      'See how Servc answers pet owners, books visits and routes emergencies for your clinic in a personalized 5-minute demo.',
  },
};
