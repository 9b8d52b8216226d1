import { CHANGES_BY_PHONE_PROMPT } from '#shared/schemas/assistants';
import type { CostBreakdown } from '#shared/schemas/calls';
import type { Random } from './random';

export const DEMO_ASSISTANTS = [
  {
    name: 'Bright Smile Receptionist',
    firstMessage: 'Thank you for calling Bright Smile Dental, this is Riley. How can I help you today?',
    systemPrompt:
      'You are Riley, the friendly receptionist of Bright Smile Dental. Help callers book, move or cancel ' +
      'appointments using the scheduling tools, answer questions about hours (Monday to Friday, 9 to 5:30) ' +
      'and insurance, and never give medical advice. For emergencies, offer the first available slot today. ' +
      CHANGES_BY_PHONE_PROMPT,
    voicemailMessage:
      'Hi, this is Bright Smile Dental returning your call. Please call us back at your convenience.',
    endCallMessage: 'Thank you for calling Bright Smile Dental. Have a wonderful day!',
    voice: { provider: 'vapi', voiceId: 'Elliot' },
    temperature: 0.5,
  },
  {
    name: 'After-Hours Assistant',
    firstMessage:
      "You've reached Bright Smile Dental after hours. I can book appointments or take a message.",
    systemPrompt:
      'You answer Bright Smile Dental calls outside office hours. Book appointments, take messages for the ' +
      'team, and for a dental emergency give the on-call number and book the first slot of the next morning. ' +
      CHANGES_BY_PHONE_PROMPT,
    voicemailMessage:
      'Hello from Bright Smile Dental. We received your call after hours and will call back soon.',
    endCallMessage: 'We will see you soon. Good night!',
    voice: { provider: 'vapi', voiceId: 'Savannah' },
    temperature: 0.4,
  },
  {
    name: 'Recall & Reminders',
    firstMessage: 'Hi, this is Riley calling from Bright Smile Dental about your upcoming visit.',
    systemPrompt:
      'You place reminder, confirmation and recall calls for Bright Smile Dental. Confirm the appointment, ' +
      'offer to reschedule with the scheduling tools if the time no longer works, and keep calls short.',
    voicemailMessage:
      'Hi, this is Bright Smile Dental with a reminder about your appointment. Call us to confirm.',
    endCallMessage: 'Thanks, we look forward to seeing you!',
    voice: { provider: 'vapi', voiceId: 'Emma' },
    temperature: 0.3,
  },
] as const;

export const DEMO_WORKFLOWS = [
  {
    name: 'New Patient Intake',
    nodes: [
      { id: 'greet', type: 'conversation', label: 'Greet caller' },
      { id: 'collect', type: 'conversation', label: 'Collect name, phone and insurance' },
      { id: 'book', type: 'tool', label: 'bookAppointment' },
      { id: 'end', type: 'end', label: 'Confirm and hang up' },
    ],
    edges: [
      { from: 'greet', to: 'collect' },
      { from: 'collect', to: 'book' },
      { from: 'book', to: 'end' },
    ],
  },
  {
    name: 'Emergency Triage',
    nodes: [
      { id: 'greet', type: 'conversation', label: 'Greet caller' },
      { id: 'assess', type: 'conversation', label: 'Ask about pain and swelling' },
      { id: 'slot', type: 'tool', label: 'checkAvailability' },
      { id: 'transfer', type: 'transfer', label: 'Transfer to on-call dentist' },
      { id: 'book', type: 'tool', label: 'bookAppointment' },
    ],
    edges: [
      { from: 'greet', to: 'assess' },
      { from: 'assess', to: 'slot' },
      { from: 'assess', to: 'transfer' },
      { from: 'slot', to: 'book' },
    ],
  },
] as const;

export const DEMO_PHONE_NUMBERS = [
  { name: 'Main Line', number: '+12125550143', monthlyCost: 2 },
  { name: 'After Hours', number: '+12125550178', monthlyCost: 2 },
  { name: 'Reminders Outbound', number: '+12125550192', monthlyCost: 2 },
] as const;

/** What the demo practice's reminder and confirmation calls use. */
export const DEMO_OUTBOUND = { assistant: 'Recall & Reminders', phoneNumber: 'Reminders Outbound' } as const;

export const FIRST_NAMES = [
  'Emma',
  'Liam',
  'Olivia',
  'Noah',
  'Ava',
  'Mason',
  'Sophia',
  'Lucas',
  'Mia',
  'Ethan',
  'Isabella',
  'James',
  'Harper',
  'Benjamin',
  'Amelia',
  'Daniel',
];
export const LAST_NAMES = [
  'Johnson',
  'Garcia',
  'Martinez',
  'Brown',
  'Davis',
  'Lopez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Moore',
  'Jackson',
  'Lee',
  'Harris',
  'Clark',
  'Lewis',
  'Walker',
];

export interface Scenario {
  summary: string;
  reason: string;
  lines: (name: string, day: string, time: string) => string[];
  success: boolean;
}

const DENTAL_SCENARIOS: Scenario[] = [
  {
    reason: 'assistant-ended-call',
    success: true,
    summary: 'Caller booked a routine cleaning.',
    lines: (name, day, time) => [
      'AI: Thank you for calling Bright Smile Dental, this is Riley. How can I help you today?',
      `User: Hi, this is ${name}. I'd like to schedule a cleaning.`,
      'AI: Of course. Could I have the phone number on your file?',
      'User: Sure, it is the number I am calling from.',
      `AI: Thank you. I have ${day} at ${time} with Dr. Patel. Does that work?`,
      'User: Yes, that works.',
      `AI: You're booked for a dental cleaning on ${day} at ${time}. You'll get a text confirmation shortly.`,
    ],
  },
  {
    reason: 'customer-ended-call',
    success: true,
    summary: 'Caller rescheduled an existing appointment.',
    lines: (name, day, time) => [
      'AI: Thank you for calling Bright Smile Dental, this is Riley. How can I help you today?',
      `User: Hi, it's ${name}. I need to move my appointment, something came up.`,
      'AI: No problem. Let me look that up for you.',
      `AI: I can offer ${day} at ${time}. Would you like that instead?`,
      'User: Perfect, thanks.',
      `AI: Done. Your appointment is now ${day} at ${time}.`,
      'User: Great, bye.',
    ],
  },
  {
    reason: 'customer-ended-call',
    success: false,
    summary: 'Caller asked about insurance coverage and will call back.',
    lines: (name) => [
      'AI: Thank you for calling Bright Smile Dental, this is Riley. How can I help you today?',
      `User: Hi, I'm ${name}. Do you take Delta Dental PPO?`,
      'AI: Yes, we are in network with Delta Dental PPO. Would you like to book a visit?',
      'User: Not yet, I need to check my schedule first.',
      'AI: Of course. Call us any time and I can book you in.',
    ],
  },
  {
    reason: 'assistant-ended-call',
    success: true,
    summary: 'Emergency call: severe toothache, booked the first available slot.',
    lines: (name, day, time) => [
      "AI: You've reached Bright Smile Dental. How can I help?",
      `User: This is ${name}, I have a really bad toothache and some swelling.`,
      "AI: I'm sorry to hear that. Is the swelling making it hard to breathe or swallow?",
      'User: No, it just hurts a lot.',
      `AI: I can get you in for an emergency visit ${day} at ${time}. Shall I book it?`,
      'User: Yes please.',
      `AI: You're booked for an emergency dental visit ${day} at ${time}. Please arrive ten minutes early.`,
    ],
  },
  {
    reason: 'silence-timed-out',
    success: false,
    summary: 'The caller did not respond.',
    lines: () => [
      'AI: Thank you for calling Bright Smile Dental, this is Riley. How can I help you today?',
      'AI: Hello? Are you still there?',
      "AI: I'm sorry, I can't hear you. Please call us back.",
    ],
  },
  {
    reason: 'voicemail',
    success: false,
    summary: 'Reminder call reached voicemail; message left.',
    lines: (name, day, time) => [
      `AI: Hi, this is Riley calling from Bright Smile Dental for ${name} about your visit ${day} at ${time}.`,
      'AI: Please call us back to confirm. Thank you!',
    ],
  },
];

/** What one practice's demo calls say, and where its callers call from. */
export interface CallScript {
  /** Five inbound scenarios (the last one: the caller stays silent). */
  inbound: readonly Scenario[];
  /** The reminder call that reaches voicemail. */
  outbound: Scenario;
  areaCodes: readonly string[];
}

export const DENTAL_CALL_SCRIPT: CallScript = {
  inbound: DENTAL_SCENARIOS.slice(0, 5),
  outbound: DENTAL_SCENARIOS[5]!,
  areaCodes: ['212', '646', '917', '718'],
};

const TIMES = ['9:00 AM', '9:30 AM', '10:30 AM', '11:00 AM', '2:00 PM', '2:30 PM', '3:30 PM', '4:00 PM'];
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

function round4(value: number) {
  return Math.round(value * 10_000) / 10_000;
}

export interface DemoCall {
  status: string;
  type: 'inboundPhoneCall' | 'outboundPhoneCall' | 'webCall';
  startedAt: Date | null;
  endedAt: Date | null;
  durationSeconds: number | null;
  endedReason: string | null;
  cost: number | null;
  costBreakdown: CostBreakdown | null;
  customerName: string;
  customerNumber: string;
  transcript: string | null;
  summary: string | null;
  messages: { timestamp: number; type: string; content: string }[] | null;
  analysis: { summary: string | null; successEvaluation: string | boolean | null };
  createdAt: Date;
  numberIndex: number;
  assistantIndex: number;
}

/** Calls spread over the last 30 days, newest ones possibly still live. */
export function demoCalls(
  random: Random,
  now: Date,
  count: number,
  script: CallScript = DENTAL_CALL_SCRIPT,
): DemoCall[] {
  const result: DemoCall[] = [];
  for (let i = 0; i < count; i++) {
    const createdAt = new Date(now.getTime() - random.int(5 * 60, 30 * 24 * 3600) * 1000);
    const name = `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
    const customerNumber = `+1${random.pick(script.areaCodes)}555${String(random.int(1000, 9999))}`;
    const outbound = random.chance(0.3);
    const live = i < 2;
    if (live) {
      result.push({
        status: i === 0 ? 'in-progress' : 'queued',
        type: 'inboundPhoneCall',
        startedAt: i === 0 ? new Date(now.getTime() - 60_000) : null,
        endedAt: null,
        durationSeconds: null,
        endedReason: null,
        cost: null,
        costBreakdown: null,
        customerName: name,
        customerNumber,
        transcript: null,
        summary: null,
        messages: null,
        analysis: { summary: null, successEvaluation: null },
        createdAt: new Date(now.getTime() - (i + 1) * 60_000),
        numberIndex: 0,
        assistantIndex: 0,
      });
      continue;
    }
    const scenario = outbound ? script.outbound : random.pick(script.inbound);
    const lines = scenario.lines(name, random.pick(DAYS), random.pick(TIMES));
    const durationSeconds = random.int(20, 40) * lines.length;
    const startedAt = createdAt;
    const endedAt = new Date(startedAt.getTime() + durationSeconds * 1000);
    const minutes = durationSeconds / 60;
    const transport = round4(minutes * 0.01);
    const stt = round4(minutes * 0.01);
    const llm = round4(minutes * 0.02 + random.next() * 0.01);
    const tts = round4(minutes * 0.036);
    const vapi = round4(minutes * 0.05);
    const analysisCost = round4(0.001 + random.next() * 0.002);
    const total = round4(transport + stt + llm + tts + vapi + analysisCost);
    const messages = lines.map((line, index) => ({
      timestamp: startedAt.getTime() + index * Math.floor((durationSeconds * 1000) / lines.length),
      type: line.startsWith('AI:') ? 'bot' : 'user',
      content: line.replace(/^(AI|User): /, ''),
    }));
    result.push({
      status: 'ended',
      type: outbound ? 'outboundPhoneCall' : random.chance(0.1) ? 'webCall' : 'inboundPhoneCall',
      startedAt,
      endedAt,
      durationSeconds,
      endedReason: scenario.reason,
      cost: total,
      costBreakdown: {
        transport,
        stt,
        llm,
        tts,
        vapi,
        total,
        llmPromptTokens: random.int(800, 4000),
        llmCompletionTokens: random.int(80, 600),
        ttsCharacters: lines.join(' ').length,
        analysisCostBreakdown: { summary: analysisCost },
      },
      customerName: name,
      customerNumber,
      transcript: lines.join('\n'),
      summary: scenario.summary,
      messages,
      analysis: {
        summary: scenario.summary,
        successEvaluation: random.chance(0.5) ? String(scenario.success) : scenario.success,
      },
      createdAt,
      numberIndex: outbound ? 2 : random.chance(0.7) ? 0 : 1,
      assistantIndex: outbound ? 2 : random.chance(0.75) ? 0 : 1,
    });
  }
  return result;
}
