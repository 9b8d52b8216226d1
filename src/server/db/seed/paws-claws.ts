import { CHANGES_BY_PHONE_PROMPT } from '#shared/schemas/assistants';
import type { DemoScheduleData } from './demo-schedule';
import type { CallScript } from './voice-data';

/**
 * The second demo practice (issue 22): a veterinary clinic in another time zone, so isolation and per-practice
 * wall times show. Its patients are pets (the owner's family name, the owner's phone). Providers keep the
 * kinds the schema allows: veterinarians are 'dentist', the veterinary technician 'hygienist'.
 */
export const PAWS_CLAWS_PRACTICE = {
  name: 'Paws & Claws Veterinary',
  practiceType: 'veterinary-clinics',
  timeZone: 'America/Chicago',
} as const;

const WEEKDAY_BLOCKS = [
  { start: 8 * 60, end: 12 * 60 },
  { start: 13 * 60, end: 18 * 60 },
] as const;

export const PAWS_CLAWS_SCHEDULE: DemoScheduleData = {
  providers: [
    { name: 'Hannah Brooks', displayName: 'Dr. Hannah Brooks, DVM', kind: 'dentist' },
    { name: 'Omar Haddad', displayName: 'Dr. Omar Haddad, DVM', kind: 'dentist' },
    { name: 'Marco Diaz', displayName: 'Marco Diaz, CVT', kind: 'hygienist' },
  ],
  rooms: [
    { name: 'EX1', displayName: 'Exam Room 1' },
    { name: 'EX2', displayName: 'Exam Room 2' },
    { name: 'SURG', displayName: 'Surgery Suite' },
  ],
  hours: {
    1: WEEKDAY_BLOCKS,
    2: WEEKDAY_BLOCKS,
    3: WEEKDAY_BLOCKS,
    4: WEEKDAY_BLOCKS,
    5: WEEKDAY_BLOCKS,
    6: [{ start: 9 * 60, end: 13 * 60 }],
  },
  patientCount: 40,
  appointmentTarget: 70,
  types: {
    dentist: [
      'dental_examination',
      'dental_examination',
      'dental_checkup',
      'emergency_dental',
      'oral_surgery',
    ],
    hygienist: ['dental_cleaning', 'dental_cleaning', 'dental_checkup'],
  },
  givenNames: ['Biscuit', 'Luna', 'Milo', 'Bella', 'Pepper', 'Oliver', 'Daisy', 'Rocky', 'Nala', 'Ziggy'],
  familyNames: ['Kowalski', 'Novak', 'Schmidt', 'Jensen', 'Reyes', 'Washington', 'Murphy', 'Olsen', 'Greene'],
  areaCodes: ['312', '773', '872'],
  visitNotes: [
    '',
    '',
    'Dog, 6 years: annual vaccines due.',
    'Cat, nervous in the carrier; use the quiet room.',
    'Dog, limping on the left hind leg since the weekend.',
    'Rabbit: dental check, overgrown incisors last visit.',
    'Owner asked for a reminder call the day before.',
    'Follow-up after the dental cleaning.',
  ],
};

export const PAWS_CLAWS_USERS = {
  admin: { name: 'Dr. Hannah Brooks', username: 'pawsclaws-admin' },
  frontDesk: { name: 'Casey Morgan', username: 'pawsclaws-reception' },
} as const;

export const PAWS_CLAWS_ASSISTANTS = [
  {
    name: 'Paws & Claws Receptionist',
    firstMessage:
      'Thank you for calling Paws & Claws Veterinary, this is Sage. How can I help you and your pet?',
    systemPrompt:
      'You are Sage, the receptionist of Paws & Claws Veterinary. Help pet owners book, move or cancel visits ' +
      'with the scheduling tools, answer questions about hours (Monday to Friday 8 to 6, Saturday 9 to 1), and ' +
      'never give medical advice. For an emergency, offer the first slot today or the emergency hospital. ' +
      CHANGES_BY_PHONE_PROMPT,
    voicemailMessage:
      'Hi, this is Paws & Claws Veterinary returning your call. Please call us back at your convenience.',
    endCallMessage: 'Thank you for calling Paws & Claws. Give your pet a hug from us!',
    voice: { provider: 'vapi', voiceId: 'Clara' },
    temperature: 0.5,
  },
  {
    name: 'Vaccination Reminders',
    firstMessage: 'Hi, this is Sage calling from Paws & Claws Veterinary about your pet’s upcoming visit.',
    systemPrompt:
      'You place reminder and confirmation calls for Paws & Claws Veterinary. Confirm the visit, offer to ' +
      'reschedule with the scheduling tools if the time no longer works, and keep calls short.',
    voicemailMessage:
      'Hi, this is Paws & Claws Veterinary with a reminder about your pet’s visit. Call us to confirm.',
    endCallMessage: 'Thanks, see you and your pet soon!',
    voice: { provider: 'vapi', voiceId: 'Layla' },
    temperature: 0.3,
  },
] as const;

export const PAWS_CLAWS_WORKFLOWS = [
  {
    name: 'New Client Intake',
    nodes: [
      { id: 'greet', type: 'conversation', label: 'Greet caller' },
      { id: 'collect', type: 'conversation', label: "Collect owner's name, phone and the pet's name" },
      { id: 'book', type: 'tool', label: 'bookAppointment' },
      { id: 'end', type: 'end', label: 'Confirm and hang up' },
    ],
    edges: [
      { from: 'greet', to: 'collect' },
      { from: 'collect', to: 'book' },
      { from: 'book', to: 'end' },
    ],
  },
] as const;

/** Chicago numbers, none shared with Bright Smile Dental: a number routes calls to one practice. */
export const PAWS_CLAWS_PHONE_NUMBERS = [
  { name: 'Clinic Line', number: '+13125550161', monthlyCost: 2 },
  { name: 'Reminders Outbound', number: '+13125550187', monthlyCost: 2 },
] as const;

export const PAWS_CLAWS_OUTBOUND = {
  assistant: 'Vaccination Reminders',
  phoneNumber: 'Reminders Outbound',
} as const;

/** Callers who ask for a person are put through to the front desk during opening hours. */
export const PAWS_CLAWS_TRANSFER = {
  phoneNumber: '+13125550100',
  days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
  startTime: '08:00',
  endTime: '18:00',
} as const;

const GREETING =
  'AI: Thank you for calling Paws & Claws Veterinary, this is Sage. How can I help you and your pet?';

export const PAWS_CLAWS_CALL_SCRIPT: CallScript = {
  areaCodes: ['312', '773', '872'],
  inbound: [
    {
      reason: 'assistant-ended-call',
      success: true,
      summary: 'Owner booked annual vaccinations for their dog.',
      lines: (name, day, time) => [
        GREETING,
        `User: Hi, this is ${name}. My dog is due for his yearly shots.`,
        'AI: Happy to help. Could I have the phone number on your file?',
        'User: It is the number I am calling from.',
        `AI: Thank you. I have ${day} at ${time} with Dr. Brooks. Does that work?`,
        'User: Yes, perfect.',
        `AI: You're booked for ${day} at ${time}. Please bring his vaccination record.`,
      ],
    },
    {
      reason: 'customer-ended-call',
      success: true,
      summary: "Owner moved their cat's check-up.",
      lines: (name, day, time) => [
        GREETING,
        `User: Hi, it's ${name}. I need to move my cat's check-up.`,
        'AI: No problem. Let me look that up for you.',
        `AI: I can offer ${day} at ${time}. Would you like that instead?`,
        'User: Yes, thanks.',
        `AI: Done. The visit is now ${day} at ${time}.`,
      ],
    },
    {
      reason: 'customer-ended-call',
      success: false,
      summary: 'Owner asked about pet insurance and will call back.',
      lines: (name) => [
        GREETING,
        `User: Hi, I'm ${name}. Do you work with Trupanion?`,
        'AI: Yes, we can send claims to Trupanion for you. Would you like to book a visit?',
        'User: Not yet, I need to check with my partner first.',
        'AI: Of course. Call us any time and I can book you in.',
      ],
    },
    {
      reason: 'assistant-ended-call',
      success: true,
      summary: 'Urgent call: a cat that has stopped eating, booked the first slot today.',
      lines: (name, day, time) => [
        GREETING,
        `User: This is ${name}. My cat hasn't eaten for two days and keeps hiding.`,
        "AI: I'm sorry to hear that. Is she breathing normally and able to stand?",
        'User: Yes, she is just very quiet.',
        `AI: I can get her seen ${day} at ${time}. Shall I book it?`,
        'User: Yes please.',
        `AI: She's booked for ${day} at ${time}. If she gets worse, go to the emergency hospital right away.`,
      ],
    },
    {
      reason: 'silence-timed-out',
      success: false,
      summary: 'The caller did not respond.',
      lines: () => [
        GREETING,
        'AI: Hello? Are you still there?',
        "AI: I'm sorry, I can't hear you. Please call back.",
      ],
    },
  ],
  outbound: {
    reason: 'voicemail',
    success: false,
    summary: 'Reminder call reached voicemail; message left.',
    lines: (name, day, time) => [
      `AI: Hi, this is Sage calling from Paws & Claws Veterinary for ${name} about your pet's visit ${day} at ${time}.`,
      'AI: Please call us back to confirm. Thank you!',
    ],
  },
};
