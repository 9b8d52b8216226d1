import { z } from 'zod';
import { fitsOneSegment } from '../sms';

/**
 * Text messages (issue 23): the API contract of the messaging settings, conversations, opt-outs and the
 * sandbox's "reply as the patient", and the template rules the server enforces and the editor shows live.
 */

export const TEMPLATE_KINDS = ['reminder', 'confirmation', 'booking', 'followup', 'recall'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

/** Why a text was sent: a template's kind, `manual` (staff wrote it) or `auto` (the product's answer to a reply). */
export const MESSAGE_KINDS = [...TEMPLATE_KINDS, 'manual', 'auto'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** Kinds that must fit one GSM-7 segment and carry the practice's name and the opt-out text. */
export const ONE_SEGMENT_KINDS: readonly TemplateKind[] = ['reminder', 'confirmation'];

export const PLACEHOLDERS = [
  'firstName',
  'day',
  'time',
  'practiceName',
  'practicePhone',
  'confirmationNumber',
] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export type TemplateValues = Partial<Record<Placeholder, string>>;

/** The opt-out text every reminder and confirmation carries. */
export const OPT_OUT_TEXT = 'Reply STOP to opt out.';
/** Longer first names are cut to this many characters in a text. */
export const FIRST_NAME_MAX = 12;

/**
 * Values as long as they get, for the length rule: a 12-letter first name, the longest day and time we write.
 * The practice's own name and phone are measured as they are.
 */
export const LONGEST_VALUES: TemplateValues = {
  firstName: 'Christabelle',
  day: 'Wednesday, Sep 30',
  time: '12:30 PM',
  confirmationNumber: 'ABCDEF',
};

/**
 * Words that would tell a reader more than first name, day and time (PHI): appointment types and provider
 * specialties. The practice's own appointment type names are refused as well.
 */
export const PHI_WORDS = [
  'cleaning',
  'checkup',
  'check-up',
  'exam',
  'x-ray',
  'root canal',
  'crown',
  'filling',
  'extraction',
  'implant',
  'whitening',
  'denture',
  'hygienist',
  'orthodont',
  'periodont',
  'endodont',
  'oral surgeon',
  'surgery',
  'vaccination',
  'diagnos',
  'treatment',
] as const;

export const DEFAULT_TEMPLATES: Record<TemplateKind, string> = {
  reminder:
    'Hi {firstName}, {practiceName} reminds you of your visit on {day} at {time}. Reply C to confirm, R to reschedule. Reply STOP to opt out.',
  confirmation:
    '{practiceName}: {firstName}, confirm your visit {day} at {time}? Reply C to confirm, N to cancel, R to reschedule. Reply STOP to opt out.',
  booking:
    'Hi {firstName}, your visit at {practiceName} on {day} at {time} is booked. Confirmation number {confirmationNumber}. Questions? Call {practicePhone}. Reply STOP to opt out.',
  followup:
    'Hi {firstName}, thank you for visiting {practiceName}. Questions? Call us at {practicePhone} or reply here. Reply STOP to opt out.',
  // Issue 24: a patient due for their routine visit. No visit type (PHI): only that it is time to come back.
  recall:
    'Hi {firstName}, it is time for your next visit at {practiceName}. Call {practicePhone} or reply here to book. Reply STOP to opt out.',
};

export const MESSAGING_MESSAGES = {
  unknownPlaceholder: (name: string) =>
    `{${name}} is not a placeholder: use ${PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}`,
  confirmationNumberOnlyInBooking: '{confirmationNumber} can only be used in the booking confirmation',
  strayBrace: 'Braces are only for placeholders: close each one, as in {firstName}, or remove the brace',
  tooLong: (kind: string) =>
    `The ${kind} text must fit one text message: 160 characters without special characters, with the longest first name, day and time filled in`,
  needsPracticeName: (kind: string) => `The ${kind} text must name the practice: include {practiceName}`,
  needsOptOut: (kind: string) => `The ${kind} text must say how to opt out: include "${OPT_OUT_TEXT}"`,
  phi: (kind: string, word: string) =>
    `The ${kind} text must not say more than first name, day and time: remove "${word}"`,
  empty: 'A text cannot be empty',
  bodyTooLong: 'A text can have at most 1,600 characters',
  unknownSender: 'The sender number must be one of the practice\u2019s phone numbers',
  noSender: 'Choose the practice\u2019s sender number in the Messages settings first',
  optedOut: 'This number replied STOP, so no text can be sent to it until the patient replies START.',
  sandboxOnly: 'Replies can be simulated only while texts go to the built-in sandbox.',
  invalidPhone: 'Enter a phone number',
  conversationNotFound: 'Conversation not found',
} as const;
const M = MESSAGING_MESSAGES;

/** Fills `{placeholder}`s; an unknown one is left as written (the rules refuse it on save). */
export function renderTemplate(template: string, values: TemplateValues): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!(PLACEHOLDERS as readonly string[]).includes(name)) return whole;
    const value = values[name as Placeholder] ?? '';
    return name === 'firstName' ? value.slice(0, FIRST_NAME_MAX) : value;
  });
}

export interface TemplateContext {
  practiceName: string;
  practicePhone: string;
  /** The practice's appointment type names, refused like the PHI words. */
  appointmentTypes?: readonly string[];
}

/** The rules a template breaks, in words (empty: none). */
export function templateProblems(kind: TemplateKind, template: string, context: TemplateContext): string[] {
  const problems: string[] = [];
  if (!template.trim()) return [M.empty];
  for (const [, name] of template.matchAll(/\{([^{}]*)\}/g)) {
    if (!(PLACEHOLDERS as readonly string[]).includes(name ?? ''))
      problems.push(M.unknownPlaceholder(name ?? ''));
    else if (name === 'confirmationNumber' && kind !== 'booking')
      problems.push(M.confirmationNumberOnlyInBooking);
  }
  // A brace left open or closed alone would reach the patient as it is.
  if (/[{}]/.test(template.replace(/\{[^{}]*\}/g, ''))) problems.push(M.strayBrace);
  const lower = template.toLowerCase();
  const words = [...PHI_WORDS, ...(context.appointmentTypes ?? []).map((t) => t.toLowerCase())];
  const phi = words.find((word) => word.trim() && lower.includes(word));
  if (phi) problems.push(M.phi(kind, phi));
  if (ONE_SEGMENT_KINDS.includes(kind)) {
    if (!template.includes('{practiceName}')) problems.push(M.needsPracticeName(kind));
    if (!lower.includes(OPT_OUT_TEXT.toLowerCase())) problems.push(M.needsOptOut(kind));
    const longest = renderTemplate(template, {
      ...LONGEST_VALUES,
      practiceName: context.practiceName,
      practicePhone: context.practicePhone,
    });
    if (!fitsOneSegment(longest)) problems.push(M.tooLong(kind));
  }
  return problems;
}

const templateField = z.string().trim().min(1, M.empty).max(1600, M.bodyTooLong);

export const MessagingTemplatesSchema = z.object({
  reminder: z.string(),
  confirmation: z.string(),
  booking: z.string(),
  followup: z.string(),
  recall: z.string(),
});
export type MessagingTemplates = z.infer<typeof MessagingTemplatesSchema>;

/** GET /api/messaging-settings */
export const MessagingSettingsSchema = z.object({
  /** E.164, one of the practice's phone numbers; null until chosen (nothing is sent). */
  senderNumber: z.string().nullable(),
  templates: MessagingTemplatesSchema,
  /** Text the patient a booking confirmation after a booking by phone or by staff. */
  bookingConfirmation: z.boolean(),
  /** A reply R also places a call with the receptionist to reschedule (a callback task is always opened). */
  callOnReschedule: z.boolean(),
  /** `sandbox`: texts stay in the built-in sandbox (no Twilio account configured on this server). */
  mode: z.enum(['sandbox', 'twilio']),
  /** What the template rules measure with (the editor shows the same problems live). */
  practiceName: z.string(),
  practicePhone: z.string(),
  appointmentTypes: z.array(z.string()),
});
export type MessagingSettings = z.infer<typeof MessagingSettingsSchema>;

/** PUT /api/messaging-settings: every part optional; a template breaking a rule → 400 naming the rule. */
export const UpdateMessagingSettingsInputSchema = z.object({
  senderNumber: z.string().trim().max(40).nullable().optional(),
  templates: z
    .object({
      reminder: templateField,
      confirmation: templateField,
      booking: templateField,
      followup: templateField,
      recall: templateField,
    })
    .partial()
    .optional(),
  bookingConfirmation: z.boolean().optional(),
  callOnReschedule: z.boolean().optional(),
});
export type UpdateMessagingSettingsInput = z.input<typeof UpdateMessagingSettingsInputSchema>;

export const INTENTS = ['confirm', 'cancel', 'reschedule', 'question'] as const;
export const IntentSchema = z.enum(INTENTS, { error: 'Choose confirm, cancel, reschedule or question' });
export type Intent = z.infer<typeof IntentSchema>;

export const ConversationSchema = z.object({
  id: z.string(),
  patientName: z.string().nullable(),
  /** E.164 */
  phoneNumber: z.string(),
  unread: z.number().int(),
  /** ISO instant */
  lastMessageAt: z.string(),
  optedOut: z.boolean(),
  /** The last message's text, for the list. */
  lastMessage: z.string().nullable(),
  /** What the product guessed the patient's last free-text reply wants; staff accept it with one click. */
  suggestedIntent: IntentSchema.nullable(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

export const ConversationListResponseSchema = z.object({ conversations: z.array(ConversationSchema) });
export type ConversationListResponse = z.infer<typeof ConversationListResponseSchema>;

export const ConversationListQuerySchema = z.object({ q: z.string().trim().max(100).optional() });

/**
 * Where a text is on its way, as the vendor reports it. `canceled` is Twilio's own status for a message called
 * off before it left; delivered, undelivered, failed and canceled are final.
 */
export const DELIVERY_STATUSES = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  'canceled',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** A stored text: `pending` waits for the sender (pace, retries); `received` is the patient's. */
export const MESSAGE_STATUSES = ['pending', ...DELIVERY_STATUSES, 'received'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const MessageSchema = z.object({
  id: z.string(),
  direction: z.enum(['inbound', 'outbound']),
  body: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  /** ISO instant */
  createdAt: z.string(),
  kind: z.enum([...MESSAGE_KINDS, 'reply']),
  /** Why a text was not delivered, in words; null otherwise. */
  failure: z.string().nullable(),
});
export type Message = z.infer<typeof MessageSchema>;

export const MessageListResponseSchema = z.object({ messages: z.array(MessageSchema) });
export type MessageListResponse = z.infer<typeof MessageListResponseSchema>;

/** POST /api/conversations/{id}/messages → 201 `{ message }`, or 409 with the reason (opted out). */
export const SendMessageInputSchema = z.object({ body: templateField });
export const SendMessageResponseSchema = z.object({ message: MessageSchema });

/** POST /api/conversations/{id}/intent: staff accept (or choose) what the patient's reply wants. */
export const AcceptIntentInputSchema = z.object({ intent: IntentSchema });
export const AcceptIntentResponseSchema = z.object({ outcome: z.string() });

/** POST /api/messaging/sandbox/inbound (admins, sandbox only): a reply as the patient. */
export const SandboxInboundInputSchema = z.object({
  from: z.string({ error: M.invalidPhone }).trim().min(1, M.invalidPhone).max(40, M.invalidPhone),
  body: templateField,
});
export const SandboxInboundResponseSchema = z.object({ conversationId: z.string() });

export const OptOutSchema = z.object({
  phoneNumber: z.string(),
  keyword: z.string(),
  /** ISO instant */
  at: z.string(),
});
export const OptOutListResponseSchema = z.object({ optOuts: z.array(OptOutSchema) });
export const OptOutListQuerySchema = z.object({ format: z.enum(['json', 'csv']).optional() });

/** GET /api/messaging/unread: the Overview's figure. */
export const UnreadResponseSchema = z.object({ unread: z.number().int() });
