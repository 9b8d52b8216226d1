import { randomUUID } from 'node:crypto';
import {
  DEFAULT_TEMPLATES,
  MESSAGING_MESSAGES,
  renderTemplate,
  TEMPLATE_KINDS,
  templateProblems,
  type Conversation,
  type Intent,
  type Message,
  type MessagingSettings,
  type TemplateKind,
  type TemplateValues,
  type UpdateMessagingSettingsInputSchema,
} from '#shared/schemas/messaging';
import { smsLength } from '#shared/sms';
import { RECALL_REPEAT_DAYS } from '#shared/schemas/recall';
import { formatVisitDay, formatVisitTime } from '#shared/visit-time';
import type { z } from 'zod';
import { KEY_REUSED_MESSAGE } from '../../db/idempotency';
import { AppError, badRequest, conflict, idempotencyKeyReused, notFound } from '../../errors';
import {
  advanceStatus,
  DELIVERY_STATUSES,
  type DeliveryStatus,
  type Messaging,
} from '../../integrations/messaging/index';
import { createKeyedTurns } from '../../lib/keyed-turns';
import { formatPhone, toE164 } from '../../lib/phone';
import { instantFromWall, wallFromInstant } from '../../lib/wall-time';
import type { Viewer } from '../../plugins/auth';
import type { PracticeContext } from '../../practice';
import type { PhoneNumbersService } from '../phone-numbers/phone-numbers.service';
import type { Practice, ScheduleService } from '../schedule/schedule.service';
import type { Appointment } from '../../integrations/practice-management/port';
import { assignedPhoneNumbers } from '../scope';
import type { ConversationRow, MessageRow, MessagingRepo, NewOutbound, SettingsRow } from './messaging.repo';
import { guessIntent, parseReply } from './replies';

/**
 * The contract other modules use to text patients (issue 23). The implementation (createMessagingService)
 * is written in this file; outbound-calls (campaigns, start with a channel) codes against `TextQueue` only.
 */

/** One text to queue, rendered from the practice's template of `kind`. */
export interface TextToQueue {
  /** The patient's number, E.164. */
  to: string;
  kind: TemplateKind;
  /** firstName, day, time (and confirmationNumber for `booking`); practiceName and practicePhone are filled in. */
  values: TemplateValues;
  patientId?: string;
  patientName?: string;
  /** The practice system's appointment id, when the text is about one (a reply C/N/R acts on it). */
  appointmentRef?: string;
  /** The appointment in the practice's wall time: date YYYY-MM-DD, time HH:MM. */
  appointment?: { date: string; time: string };
  /** Unique per practice: the same key queues once (`campaign:reminder:<appointmentRef>`, `booking:<ref>`). */
  idempotencyKey: string;
}

export type TextSkipReason =
  | 'opted_out'
  | 'no_sender'
  | 'daily_limit'
  | 'weekly_limit'
  | 'duplicate'
  /** A kind sent at most once in a while (`ONCE_IN_DAYS`) went to this number within that time. */
  | 'recent';

export interface QueueTextsResult {
  /** Ids of the messages queued. */
  queued: string[];
  skipped: { to: string; idempotencyKey: string; reason: TextSkipReason }[];
}

export interface TextQueue {
  /**
   * Queues texts for the sender (which honours the vendor's throughput); campaign kinds (reminder,
   * confirmation, followup) respect at most one text per patient per day and three per week.
   */
  queueTexts(practice: PracticeContext, texts: readonly TextToQueue[]): Promise<QueueTextsResult>;
  /**
   * The text queued under `idempotencyKey` and whether the patient wrote back after it (any inbound message
   * on that number since it was created); undefined when there is none. For `sms_then_call` escalation.
   */
  textState(
    practiceId: string,
    idempotencyKey: string,
  ): Promise<{ createdAt: Date; status: string; answered: boolean } | undefined>;
}

const M = MESSAGING_MESSAGES;
const CAMPAIGN_KINDS: readonly TemplateKind[] = ['reminder', 'confirmation', 'followup', 'recall'];
/** Kinds a number gets at most once in this many days (issue 24: a recall text, not more than monthly). */
const ONCE_IN_DAYS: Partial<Record<TemplateKind, number>> = { recall: RECALL_REPEAT_DAYS };
const DAY_MS = 24 * 3600_000;
/** A second N cancels within this long of the first. */
const CANCEL_WINDOW_MS = DAY_MS;
/** Measures a template's length when the practice has no sender number yet. */
const SAMPLE_PHONE = '(555) 555-0100';

/** Why a text was not delivered, in words (Twilio's error codes; the sandbox and our own refusals use them). */
export const FAILURE_TEXTS: Record<number, string> = {
  21211: 'Not a valid phone number',
  21610: 'The patient replied STOP',
  30003: 'The phone was unreachable',
  30005: 'Unknown or inactive number',
  30006: 'Landline or unreachable carrier',
  30007: 'Blocked by the carrier as spam',
  30008: 'The carrier could not deliver it',
};
export const OPTED_OUT_CODE = 21610;
export const INVALID_NUMBER_CODE = 21211;

export const AUTO_REPLIES = {
  confirmed: (day: string, time: string) => `Thank you, your visit on ${day} at ${time} is confirmed.`,
  askCancel: (day: string, time: string) => `Reply N again to cancel your visit on ${day} at ${time}.`,
  cancelled: (day: string, time: string) =>
    `Your visit on ${day} at ${time} is cancelled. Reply R if you would like a new time.`,
  reschedule: 'We will call you to find a new time.',
  help: (practice: string, phone: string) => `${practice}: for help call ${phone}. Reply STOP to opt out.`,
} as const;

type Shown = { day: string; time: string };
type LiveVisit = { live: true; schedule: Practice; appointment: Appointment; shown: Shown };
type GoneVisit = { live: false; gone: 'missing' } | { live: false; gone: 'cancelled' | 'over'; shown: Shown };
type VisitNow = LiveVisit | GoneVisit;

/** Why staff cannot confirm or cancel the visit a conversation is about. */
function notLiveMessage(visit: GoneVisit): string {
  if (visit.gone === 'missing')
    return 'The visit this conversation is about is no longer in the practice system.';
  const { day, time } = visit.shown;
  return visit.gone === 'cancelled'
    ? `The visit on ${day} at ${time} is already cancelled.`
    : `The visit on ${day} at ${time} is over.`;
}

type UpdateInput = z.output<typeof UpdateMessagingSettingsInputSchema>;

function failureOf(row: MessageRow): string | null {
  if (row.status !== 'failed' && row.status !== 'undelivered') return null;
  if (row.errorCode !== null) return FAILURE_TEXTS[row.errorCode] ?? `Not delivered (error ${row.errorCode})`;
  return 'The text service could not be reached';
}

export const toMessage = (row: MessageRow): Message => ({
  id: row.id,
  direction: row.direction,
  body: row.body,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  kind: row.kind,
  failure: failureOf(row),
});

const toConversation = (row: ConversationRow, optedOut: boolean): Conversation => ({
  id: row.id,
  patientName: row.patientName,
  phoneNumber: row.phoneNumber,
  unread: row.unread,
  lastMessageAt: row.lastMessageAt.toISOString(),
  optedOut,
  lastMessage: row.lastMessage,
  suggestedIntent: row.suggestedIntent ?? null,
});

const asDelivery = (status: string): DeliveryStatus =>
  (DELIVERY_STATUSES as readonly string[]).includes(status) ? (status as DeliveryStatus) : 'queued';

/** An inbound text as the webhook hands it over (Twilio's form fields). */
export interface InboundText {
  messageSid: string;
  from: string;
  to: string;
  body: string;
  /**
   * Twilio's `OptOutType` (Advanced Opt-Out: STOP, START or HELP when the text matched one of the account's
   * keywords, its own custom ones included): STOP and START move our ledger whatever the words were.
   */
  optOutType?: string;
}

export interface TextCallbacks {
  openForText(
    practice: PracticeContext,
    text: {
      conversationId: string;
      /** Our number the text came in on (phone_numbers.id), for sub users' scope. */
      phoneNumberId: string | null;
      callerName: string | null;
      callerNumber: string;
      note: string;
    },
  ): Promise<{ id: string; created: boolean }>;
}

export interface MessagingServiceDeps {
  repo: MessagingRepo;
  messaging: Messaging;
  schedule: Pick<
    ScheduleService,
    'forPractice' | 'practice' | 'appointmentTypeLabels' | 'appointment' | 'confirm' | 'cancel'
  >;
  phoneNumbers: Pick<PhoneNumbersService, 'routeForCall'>;
  /** The callback inbox (processor's callbacks service): a task for a text asking for a new time. */
  callbacks: TextCallbacks;
  /** Wakes the sender once texts are queued (the job; its cron catches up on a lost wake). */
  wake(practiceId: string): Promise<void>;
  /**
   * Places a call with the receptionist to find a new time (a reply R, when the practice chose it); late-bound
   * because outbound calls are built after messaging.
   */
  rescheduleCall?: () =>
    | ((
        practice: PracticeContext,
        patient: { phoneNumber: string; patientId: string | null; patientName: string | null },
      ) => Promise<unknown>)
    | undefined;
  /** Names and codes only: never a number or a text (PHI). */
  warn(detail: object, message: string): void;
  now?: () => Date;
}

/** The settings as stored, without what the template rules measure with. */
type StoredSettings = Omit<MessagingSettings, 'practiceName' | 'practicePhone' | 'appointmentTypes'>;

export function createMessagingService(deps: MessagingServiceDeps) {
  const { repo, messaging, now = () => new Date() } = deps;
  const replyTurns = createKeyedTurns();

  function settingsOf(row: SettingsRow | undefined): StoredSettings {
    return {
      senderNumber: row?.senderNumber ?? null,
      templates: { ...DEFAULT_TEMPLATES, ...row?.templates },
      bookingConfirmation: row?.bookingConfirmation ?? true,
      callOnReschedule: row?.callOnReschedule ?? false,
      mode: messaging.kind,
    };
  }
  const settings = async (practiceId: string) => settingsOf(await repo.settings(practiceId));

  /** The practice's name, phone and appointment types: what the template rules measure with. */
  async function templateContext(practice: PracticeContext, senderNumber: string | null) {
    return {
      practiceName: practice.name,
      practicePhone: senderNumber ? formatPhone(senderNumber) : SAMPLE_PHONE,
      appointmentTypes: await deps.schedule.appointmentTypeLabels(),
    };
  }
  const settingsFor = async (practice: PracticeContext): Promise<MessagingSettings> => {
    const stored = await settings(practice.id);
    return { ...stored, ...(await templateContext(practice, stored.senderNumber)) };
  };

  /** Our number's id (phone_numbers.id) in this practice, or undefined when the practice does not hold it. */
  async function ownNumber(practiceId: string, e164: string): Promise<string | undefined> {
    const route = await deps.phoneNumbers.routeForCall({ number: e164 });
    return route?.practice.id === practiceId ? route.phoneNumber.id : undefined;
  }

  /** Practice-local midnight today, as an instant. */
  function dayStart(practice: PracticeContext, at: Date): Date {
    return instantFromWall(
      `${wallFromInstant(at, practice.timeZone).slice(0, 10)}T00:00:00`,
      practice.timeZone,
    );
  }

  interface Outgoing extends Omit<NewOutbound, 'conversationId' | 'fromNumber' | 'segments'> {
    patientId?: string | null;
    patientName?: string | null;
  }

  /**
   * Stores texts `pending` for the sender, each once per idempotency key, never to an opted-out number; the
   * sender's number must be set. Campaign kinds are held to one per patient per practice-local day and three
   * per 7 days. Returns what was queued and what was skipped, and why.
   */
  async function enqueue(practice: PracticeContext, items: readonly Outgoing[]): Promise<QueueTextsResult> {
    const result: QueueTextsResult = { queued: [], skipped: [] };
    if (!items.length) return result;
    const config = await settings(practice.id);
    const skip = (item: Outgoing, reason: TextSkipReason) =>
      result.skipped.push({ to: item.toNumber, idempotencyKey: item.idempotencyKey, reason });
    const sender = config.senderNumber;
    const senderId = sender ? await ownNumber(practice.id, sender) : undefined;
    if (!sender || !senderId) {
      for (const item of items) skip(item, 'no_sender');
      return result;
    }
    const at = now();
    const optedOut = await repo.optedOut(practice.id, [...new Set(items.map((item) => item.toNumber))]);
    const counted = new Map<string, { today: number; week: number }>();
    const since = { day: dayStart(practice, at), week: new Date(at.getTime() - 7 * DAY_MS) };
    const accepted: Outgoing[] = [];
    const keys = new Set<string>();
    for (const item of items) {
      if (keys.has(item.idempotencyKey)) {
        skip(item, 'duplicate');
        continue;
      }
      keys.add(item.idempotencyKey);
      if (optedOut.has(item.toNumber)) {
        skip(item, 'opted_out');
        continue;
      }
      if ((CAMPAIGN_KINDS as readonly string[]).includes(item.kind)) {
        if ((await repo.byKey(practice.id, item.idempotencyKey)) !== undefined) {
          skip(item, 'duplicate');
          continue;
        }
        const days = ONCE_IN_DAYS[item.kind as TemplateKind];
        if (
          days &&
          (await repo.sentSince(
            practice.id,
            item.toNumber,
            item.kind,
            new Date(at.getTime() - days * DAY_MS),
          ))
        ) {
          skip(item, 'recent');
          continue;
        }
        const counts =
          counted.get(item.toNumber) ??
          (await repo.campaignCounts(practice.id, item.toNumber, since.day, since.week));
        if (counts.today >= 1) {
          skip(item, 'daily_limit');
          continue;
        }
        if (counts.week >= 3) {
          skip(item, 'weekly_limit');
          continue;
        }
        counted.set(item.toNumber, { today: counts.today + 1, week: counts.week + 1 });
      }
      accepted.push(item);
    }
    if (!accepted.length) return result;
    const inserted = await repo.transaction(async (tx) => {
      const rows: NewOutbound[] = [];
      const threads = new Map<string, ConversationRow>();
      for (const item of accepted) {
        const thread =
          threads.get(item.toNumber) ??
          (await repo.ensureConversation(
            practice.id,
            {
              phoneNumber: item.toNumber,
              phoneNumberId: senderId,
              patientId: item.patientId ?? null,
              patientName: item.patientName ?? null,
            },
            tx,
          ));
        threads.set(item.toNumber, thread);
        const { patientId: _id, patientName: _name, ...text } = item;
        rows.push({
          ...text,
          conversationId: thread.id,
          fromNumber: sender,
          segments: smsLength(item.body).segments,
        });
      }
      const stored = await repo.insertOutbound(tx, practice.id, rows, at);
      for (const row of stored)
        await repo.updateConversation(
          practice.id,
          row.conversationId,
          { lastMessage: row.body, lastMessageAt: at },
          tx,
        );
      return stored;
    });
    const stored = new Set(inserted.map((row) => row.idempotencyKey));
    for (const item of accepted) if (!stored.has(item.idempotencyKey)) skip(item, 'duplicate');
    result.queued.push(...inserted.map((row) => row.id));
    if (inserted.length) await deps.wake(practice.id);
    return result;
  }

  async function templateValues(practiceId: string, values: TemplateValues): Promise<TemplateValues> {
    const config = await settings(practiceId);
    return {
      ...values,
      practicePhone: config.senderNumber ? formatPhone(config.senderNumber) : '',
    };
  }

  const queue: TextQueue = {
    async queueTexts(practice, texts) {
      const config = await settings(practice.id);
      const base = await templateValues(practice.id, { practiceName: practice.name });
      return enqueue(
        practice,
        texts.map((text) => ({
          toNumber: toE164(text.to) ?? text.to,
          kind: text.kind,
          body: renderTemplate(config.templates[text.kind], {
            ...base,
            ...text.values,
            practiceName: practice.name,
          }),
          idempotencyKey: text.idempotencyKey,
          appointmentRef: text.appointmentRef ?? null,
          appointment: text.appointment ?? null,
          patientId: text.patientId ?? null,
          patientName: text.patientName ?? null,
        })),
      );
    },

    async textState(practiceId, idempotencyKey) {
      const row = await repo.byKey(practiceId, idempotencyKey);
      if (!row) return undefined;
      return {
        createdAt: row.createdAt,
        status: row.status,
        answered: await repo.answeredSince(practiceId, row.conversationId, row.createdAt),
      };
    },
  };

  /** An answer of ours to the patient's text, through the outbox (recorded, paced, opt-outs obeyed). */
  async function autoReply(
    practice: PracticeContext,
    inbound: MessageRow,
    thread: ConversationRow,
    body: string,
  ) {
    await enqueue(practice, [
      {
        toNumber: thread.phoneNumber,
        kind: 'auto',
        body,
        idempotencyKey: `auto:${inbound.id}`,
      },
    ]);
  }

  const visit = (appointment: { date: string; time: string }) => ({
    day: formatVisitDay(appointment.date),
    time: formatVisitTime(appointment.time),
  });

  /** Marks a free text for staff: one more unread, and what it seems to want. */
  const forStaff = (practice: PracticeContext, thread: ConversationRow, intent: Intent) =>
    repo.updateConversation(practice.id, thread.id, { unreadBy: 1, suggestedIntent: intent });

  /**
   * The visit a text was about, as the practice system has it now (moved since: its new time). Not live when
   * it was cancelled, is over or is no longer there: a reply about it then changes nothing. Undefined when the
   * practice system could not be read (staff take over).
   */
  async function visitNow(practice: PracticeContext, ref: string): Promise<VisitNow | undefined> {
    try {
      const schedule = await deps.schedule.forPractice(practice);
      const appointment = await deps.schedule.appointment(schedule, ref);
      if (!appointment) return { live: false, gone: 'missing' };
      const shown = visit({
        date: appointment.wallStart.slice(0, 10),
        time: appointment.wallStart.slice(11, 16),
      });
      if (appointment.cancelled) return { live: false, gone: 'cancelled', shown };
      if (appointment.completed || appointment.start <= now()) return { live: false, gone: 'over', shown };
      return { live: true, schedule, appointment, shown };
    } catch (error) {
      warnNotApplied(practice, 'read', error);
      return undefined;
    }
  }

  const warnNotApplied = (practice: PracticeContext, action: string, error: unknown) =>
    deps.warn(
      { practiceId: practice.id, action, error: error instanceof Error ? error.name : 'unknown' },
      'text reply not applied',
    );

  /**
   * Confirms or cancels a live visit through the schedule (which records the change and publishes it; a visit
   * confirmed already is left as it is); false when the practice system did not take it (staff take over).
   */
  async function actOnVisit(practice: PracticeContext, live: LiveVisit, action: 'confirm' | 'cancel') {
    if (action === 'confirm' && live.appointment.confirmed) return true;
    try {
      await deps.schedule[action](live.schedule, live.appointment, { channel: 'text' });
    } catch (error) {
      warnNotApplied(practice, action, error);
      return false;
    }
    return true;
  }

  async function reschedule(practice: PracticeContext, thread: ConversationRow) {
    await deps.callbacks.openForText(practice, {
      conversationId: thread.id,
      phoneNumberId: thread.phoneNumberId,
      callerName: thread.patientName,
      callerNumber: thread.phoneNumber,
      note: 'Asked by text for a new time (replied R).',
    });
    const config = await settings(practice.id);
    const call = config.callOnReschedule ? deps.rescheduleCall?.() : undefined;
    if (call)
      await call(practice, {
        phoneNumber: thread.phoneNumber,
        patientId: thread.patientId,
        patientName: thread.patientName,
      }).catch((error: unknown) =>
        deps.warn(
          { practiceId: practice.id, error: error instanceof Error ? error.name : 'unknown' },
          'reschedule call not placed',
        ),
      );
  }

  /**
   * What a reply does, once it is stored. `optOutType` is Twilio's word for it (see `InboundText`): a STOP or
   * START it names that is not one of our keywords moves the ledger, and the text goes to staff untouched.
   */
  async function act(
    practice: PracticeContext,
    inbound: MessageRow,
    thread: ConversationRow,
    optOutType?: string,
  ) {
    const reply = parseReply(inbound.body);
    const at = now();
    const twilio = optOutType?.trim().toUpperCase();
    if (twilio === 'STOP' && reply.type !== 'opt_out') {
      await repo.addOptOut(practice.id, thread.phoneNumber, 'STOP', inbound.id, at);
      return forStaff(practice, thread, guessIntent(inbound.body));
    }
    if (twilio === 'START' && reply.type !== 'opt_in') {
      await repo.removeOptOut(practice.id, thread.phoneNumber);
      return forStaff(practice, thread, guessIntent(inbound.body));
    }
    switch (reply.type) {
      // CANCEL and YES are carrier keywords (ADR 054), yet a patient answering a question about a visit means
      // it: staff are told, with that intent, and nothing is done to the visit or answered.
      case 'opt_out':
        await repo.addOptOut(practice.id, thread.phoneNumber, reply.keyword, inbound.id, at);
        if (reply.keyword === 'CANCEL') await forStaff(practice, thread, 'cancel');
        return;
      case 'opt_in':
        await repo.removeOptOut(practice.id, thread.phoneNumber);
        if (reply.keyword === 'YES') await forStaff(practice, thread, 'confirm');
        return;
      case 'help': {
        const config = await settings(practice.id);
        const phone = config.senderNumber ? formatPhone(config.senderNumber) : '';
        await autoReply(practice, inbound, thread, AUTO_REPLIES.help(practice.name, phone));
        return;
      }
      case 'reschedule':
        await reschedule(practice, thread);
        await autoReply(practice, inbound, thread, AUTO_REPLIES.reschedule);
        return;
      case 'confirm':
      case 'cancel': {
        const awaiting = thread.awaitingCancel;
        const asked = reply.type === 'cancel' && awaiting && new Date(awaiting.until) > at;
        const ref = asked
          ? awaiting.appointmentRef
          : (await repo.latestAppointmentText(practice.id, thread.id))?.appointmentRef;
        const current = ref ? await visitNow(practice, ref) : undefined;
        if (!ref || !current?.live) {
          if (asked) await repo.updateConversation(practice.id, thread.id, { awaitingCancel: null });
          return forStaff(practice, thread, reply.type);
        }
        const { day, time } = current.shown;
        if (reply.type === 'cancel' && !asked) {
          await repo.updateConversation(practice.id, thread.id, {
            awaitingCancel: {
              appointmentRef: ref,
              date: current.appointment.wallStart.slice(0, 10),
              time: current.appointment.wallStart.slice(11, 16),
              until: new Date(at.getTime() + CANCEL_WINDOW_MS).toISOString(),
            },
          });
          await autoReply(practice, inbound, thread, AUTO_REPLIES.askCancel(day, time));
          return;
        }
        if (!(await actOnVisit(practice, current, reply.type))) return forStaff(practice, thread, reply.type);
        if (asked)
          await repo.updateConversation(practice.id, thread.id, {
            awaitingCancel: null,
            suggestedIntent: null,
          });
        await autoReply(
          practice,
          inbound,
          thread,
          reply.type === 'cancel' ? AUTO_REPLIES.cancelled(day, time) : AUTO_REPLIES.confirmed(day, time),
        );
        return;
      }
      case 'free':
        return forStaff(practice, thread, reply.suggestedIntent);
    }
  }

  /** The patient's name by their number, when the practice system knows it (first match). */
  async function patientOf(practice: PracticeContext, phone: string) {
    try {
      const schedule = await deps.schedule.forPractice(practice);
      const [patient] = await schedule.pms.findPatientsByPhone(phone);
      return patient && { patientId: patient.remoteId, patientName: patient.name };
    } catch {
      return undefined;
    }
  }

  function viewerScope(viewer: Viewer) {
    return assignedPhoneNumbers(viewer.principal);
  }

  async function visibleConversation(viewer: Viewer, id: string): Promise<ConversationRow> {
    const row = await repo.conversation(viewer.practice.id, id, viewerScope(viewer));
    if (!row) throw notFound(M.conversationNotFound);
    return row;
  }

  return {
    ...queue,

    settings: settingsFor,

    async updateSettings(practice: PracticeContext, input: UpdateInput): Promise<MessagingSettings> {
      const current = await settings(practice.id);
      let senderNumber = current.senderNumber;
      if (input.senderNumber !== undefined) {
        if (input.senderNumber === null || input.senderNumber === '') senderNumber = null;
        else {
          const e164 = toE164(input.senderNumber);
          if (!e164 || !(await ownNumber(practice.id, e164)))
            throw badRequest(M.unknownSender, { senderNumber: M.unknownSender });
          senderNumber = e164;
        }
      }
      const context = await templateContext(practice, senderNumber);
      for (const kind of TEMPLATE_KINDS) {
        const template = input.templates?.[kind];
        if (template === undefined) continue;
        const [problem] = templateProblems(kind, template, context);
        if (problem) throw badRequest(problem, { [`templates.${kind}`]: problem });
      }
      const stored = await repo.settings(practice.id);
      await repo.saveSettings(
        practice.id,
        {
          senderNumber,
          ...(input.templates && { templates: { ...stored?.templates, ...input.templates } }),
          ...(input.bookingConfirmation !== undefined && { bookingConfirmation: input.bookingConfirmation }),
          ...(input.callOnReschedule !== undefined && { callOnReschedule: input.callOnReschedule }),
        },
        now(),
      );
      return settingsFor(practice);
    },

    async conversations(viewer: Viewer, q: string | undefined): Promise<Conversation[]> {
      const rows = await repo.listConversations(viewer.practice.id, viewerScope(viewer), q);
      return rows.map((row) => toConversation(row.conversation, row.optedOut));
    },

    async messages(viewer: Viewer, conversationId: string): Promise<Message[]> {
      const thread = await visibleConversation(viewer, conversationId);
      return (await repo.messagesOf(viewer.practice.id, thread.id)).map(toMessage);
    },

    /** Staff write to the patient: 409 when the number opted out or the practice has no sender number. */
    async send(viewer: Viewer, conversationId: string, body: string, key?: string): Promise<Message> {
      const thread = await visibleConversation(viewer, conversationId);
      const idempotencyKey = `manual:${key ?? randomUUID()}`;
      const earlier = key ? await repo.byKey(viewer.practice.id, idempotencyKey) : undefined;
      if (earlier && (earlier.conversationId !== thread.id || earlier.body !== body))
        throw idempotencyKeyReused(KEY_REUSED_MESSAGE);
      if (earlier) return toMessage(earlier);
      const result = await enqueue(viewer.practice, [
        { toNumber: thread.phoneNumber, kind: 'manual', body, idempotencyKey, sentBy: viewer.userId },
      ]);
      const reason = result.skipped[0]?.reason;
      if (reason === 'opted_out') throw conflict(M.optedOut);
      if (reason === 'no_sender') throw conflict(M.noSender);
      const row = await repo.byKey(viewer.practice.id, idempotencyKey);
      if (!row) throw conflict(M.noSender);
      await repo.updateConversation(viewer.practice.id, thread.id, { unread: 0, suggestedIntent: null });
      return toMessage(row);
    },

    async markRead(viewer: Viewer, conversationId: string): Promise<void> {
      const thread = await visibleConversation(viewer, conversationId);
      await repo.updateConversation(viewer.practice.id, thread.id, { unread: 0 });
    },

    /** Staff accept what the patient's text wants; answers what was done, in words. */
    async acceptIntent(viewer: Viewer, conversationId: string, intent: Intent): Promise<string> {
      const practice = viewer.practice;
      const thread = await visibleConversation(viewer, conversationId);
      const done = () =>
        repo.updateConversation(practice.id, thread.id, {
          suggestedIntent: null,
          unread: 0,
          awaitingCancel: null,
        });
      if (intent === 'question') {
        await done();
        return 'Marked as answered by staff.';
      }
      if (intent === 'reschedule') {
        await reschedule(practice, thread);
        await done();
        return 'A callback task was opened to find a new time.';
      }
      // In the thread's turn with the patient's replies: a double click confirms or cancels once.
      return replyTurns(thread.id, async () => {
        const ref = (await repo.latestAppointmentText(practice.id, thread.id))?.appointmentRef;
        if (!ref)
          throw conflict(
            'No text about an appointment was sent in this conversation, so there is nothing to act on.',
          );
        const current = await visitNow(practice, ref);
        if (current && !current.live) throw conflict(notLiveMessage(current));
        if (!current || !(await actOnVisit(practice, current, intent)))
          throw new AppError(
            503,
            'unavailable',
            'The practice system did not take the change. Please try again.',
          );
        await done();
        const { day, time } = current.shown;
        return intent === 'confirm'
          ? `The visit on ${day} at ${time} is confirmed.`
          : `The visit on ${day} at ${time} is cancelled.`;
      });
    },

    unread: (viewer: Viewer) => repo.unread(viewer.practice.id, viewerScope(viewer)),

    async optOuts(practice: PracticeContext) {
      return (await repo.listOptOuts(practice.id)).map((row) => ({
        phoneNumber: row.phoneNumber,
        keyword: row.keyword,
        at: row.at.toISOString(),
      }));
    },

    /**
     * A text from a patient (the webhook, signature checked): the practice is the one holding the `To` number
     * (none: nothing is stored, undefined). Stored once per MessageSid, in its thread (created on first
     * contact); then the reply acts. A retried webhook finds the text stored and does nothing again.
     */
    async receive(text: InboundText): Promise<{ conversationId: string } | undefined> {
      const to = toE164(text.to);
      const route = to ? await deps.phoneNumbers.routeForCall({ number: to }) : undefined;
      if (!route || !to) return undefined;
      const practice = route.practice;
      const from = toE164(text.from) ?? text.from;
      const at = now();
      const known = await repo.conversationByNumber(practice.id, from);
      const patient = known?.patientName ? undefined : await patientOf(practice, from);
      const stored = await repo.transaction(async (tx) => {
        const thread = await repo.ensureConversation(
          practice.id,
          { phoneNumber: from, phoneNumberId: route.phoneNumber.id, ...patient },
          tx,
        );
        const message = await repo.insertInbound(tx, practice.id, {
          conversationId: thread.id,
          body: text.body,
          fromNumber: from,
          toNumber: to,
          providerId: text.messageSid,
          createdAt: at,
        });
        if (message)
          await repo.updateConversation(
            practice.id,
            thread.id,
            { lastMessage: text.body, lastMessageAt: at },
            tx,
          );
        return { thread, message };
      });
      const { message, thread } = stored;
      // A thread's replies act one at a time, each on the thread as the one before left it (a second N
      // sent at once must not cancel twice).
      if (message)
        await replyTurns(thread.id, async () =>
          act(
            practice,
            message,
            (await repo.conversation(practice.id, thread.id)) ?? thread,
            text.optOutType,
          ),
        );
      return { conversationId: stored.thread.id };
    },

    /** A delivery report (the status webhook): forward only; an unknown sid changes nothing. */
    async reportStatus(messageSid: string, status: string, errorCode: number | null): Promise<boolean> {
      if (!(DELIVERY_STATUSES as readonly string[]).includes(status)) return false;
      const row = await repo.reportStatus(
        messageSid,
        (current) => advanceStatus(asDelivery(current), status as DeliveryStatus),
        errorCode,
        now(),
      );
      return Boolean(row);
    },

    /** The booking confirmation text after any booking, when the practice has it on. */
    async bookingCreated(
      practice: PracticeContext,
      booking: {
        appointmentId: string;
        confirmationNumber: string;
        patientId: string | null;
        patientName: string;
        phone: string | null;
        date: string;
        time: string;
      },
    ): Promise<void> {
      const config = await settings(practice.id);
      if (!config.bookingConfirmation || !booking.phone || !config.senderNumber) return;
      await queue.queueTexts(practice, [
        {
          to: booking.phone,
          kind: 'booking',
          values: {
            firstName: booking.patientName.trim().split(/\s+/)[0] ?? '',
            day: formatVisitDay(booking.date),
            time: formatVisitTime(booking.time),
            confirmationNumber: booking.confirmationNumber,
          },
          patientId: booking.patientId ?? undefined,
          patientName: booking.patientName,
          appointmentRef: booking.appointmentId,
          appointment: { date: booking.date, time: booking.time.slice(0, 5) },
          idempotencyKey: `booking:${booking.appointmentId}`,
        },
      ]);
    },

    /** The thread of a patient number, if there is one. */
    conversationIdFor: async (practice: PracticeContext, phoneNumber: string) =>
      (await repo.conversationByNumber(practice.id, phoneNumber))?.id,

    /** The practice's sender number, for the sandbox's "reply as the patient" (null: none chosen). */
    senderOf: async (practice: PracticeContext) => (await settings(practice.id)).senderNumber,
  };
}

export type MessagingService = ReturnType<typeof createMessagingService>;
