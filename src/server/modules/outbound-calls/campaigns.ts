import {
  CALL_TYPES,
  type CallType,
  type CallTypeSettings,
  type OutboundSettings,
} from '#shared/schemas/outbound-calls';
import { AppError } from '../../errors';
import type { Appointment } from '../../integrations/practice-management/port';
import { toE164 } from '../../lib/phone';
import { addMinutesToWall, dayRange, wallFromInstant } from '../../lib/wall-time';
import type { TextQueue } from '../messaging/messaging.service';
import type { PracticeContext } from '../../practice';
import type { Practice } from '../schedule/schedule.service';
import { appointmentKey, appointmentText } from './appointment-texts';
import { nextWindowStart } from './calling-window';
import type { OutboundCallToQueue, OutboundCallsRepo } from './outbound-calls.repo';

/** The campaigns that run by themselves; followup is started by hand. */
export const CAMPAIGN_TYPES = ['reminder', 'confirmation'] as const satisfies readonly CallType[];

const HOUR_MS = 3600_000;

export interface CampaignsDeps {
  repo: OutboundCallsRepo;
  /** The practice's schedule the campaigns call for. */
  schedule(practice: PracticeContext): Promise<Practice>;
  /** Texts for the `sms` and `sms_then_call` channels (the messaging module). */
  texts: TextQueue;
  /** The daily recall campaign (recall.service.ts): how many recall calls it queued. */
  recall(practice: Practice, settings: OutboundSettings): Promise<number>;
  wake(practiceId: string): Promise<void>;
  now?: () => Date;
}

/** An appointment a campaign reaches: open (neither confirmed nor cancelled) with a usable number. */
interface OpenAppointment {
  appointment: Appointment;
  phone: string;
}

/**
 * The daily reminder and confirmation campaigns (ADR 036), per practice: inside the practice's calling window
 * (its wall time), every appointment N days ahead that is neither confirmed nor cancelled is reached once per
 * campaign by the call type's channel (issue 23):
 *
 * - `call`: one call (`campaign_key` is unique per practice, so running again the same day, or on several
 *   instances, queues nothing twice); needs the call type's assistant and number.
 * - `sms`: one text, queued with the messaging module under the same key (it queues a key once); needs no
 *   assistant or number (the messaging settings' sender number sends it).
 * - `sms_then_call`: the text; then, on a later run, a call (as `call` does, under the same campaign key) for
 *   each appointment still open whose text is older than `escalateAfterHours` and was not answered. The
 *   escalation looks at the appointments from today to the campaign's day and follows texts however they were
 *   sent (a campaign or a start by hand), for every call type set to `sms_then_call` with an assistant and a
 *   number; without them the texts go and no call follows.
 *
 * - `recall` (issue 24): when automatic with an assistant and a number, the patients due for recall, most
 *   overdue first, up to the day's limit and never one called within 30 days (recall.service.ts).
 *
 * A suspended practice's campaigns queue nothing. The counts are calls per type (`reminder`, `recall`) and
 * texts per type (`reminder.texts`).
 */
export function createCampaigns({
  repo,
  schedule,
  texts,
  recall,
  wake,
  now = () => new Date(),
}: CampaignsDeps) {
  const openAppointments = async (practice: Practice, range: { start: Date; end: Date }) =>
    (await practice.pms.listAppointments(range)).flatMap((appointment): OpenAppointment[] => {
      const phone = appointment.contact.phone ? toE164(appointment.contact.phone) : undefined;
      return appointment.confirmed || appointment.cancelled || !phone ? [] : [{ appointment, phone }];
    });

  const callRow = (
    type: CallType,
    chosen: CallTypeSettings & { assistantId: string; phoneNumberId: string },
    { appointment: a, phone }: OpenAppointment,
  ): OutboundCallToQueue => ({
    patientId: a.contact.remoteId ?? phone,
    patientName: a.contact.name,
    phoneNumber: phone,
    callType: type,
    assistantId: chosen.assistantId,
    phoneNumberId: chosen.phoneNumberId,
    appointment: {
      date: a.wallStart.slice(0, 10),
      time: a.wallStart.slice(11, 16),
      provider: a.providers[0]?.displayName ?? '',
      type: a.appointmentType ?? '',
    },
    appointmentRef: a.remoteId,
    campaignKey: appointmentKey(type, a.remoteId),
  });

  const textOf = (type: CallType, { appointment: a, phone }: OpenAppointment) =>
    appointmentText({
      type,
      appointmentRef: a.remoteId,
      date: a.wallStart.slice(0, 10),
      time: a.wallStart.slice(11, 16),
      patientId: a.contact.remoteId ?? phone,
      patientName: a.contact.name,
      phone,
    });

  /** The open appointments whose `sms_then_call` text is older than the type's hours and not answered. */
  async function unanswered(practiceId: string, type: CallType, hours: number, open: OpenAppointment[]) {
    const called = await repo.campaignKeysTaken(
      practiceId,
      open.map((o) => appointmentKey(type, o.appointment.remoteId)),
    );
    const due = now().getTime() - hours * HOUR_MS;
    const result: OpenAppointment[] = [];
    for (const o of open) {
      const key = appointmentKey(type, o.appointment.remoteId);
      if (called.has(key)) continue;
      const state = await texts.textState(practiceId, key);
      if (state && !state.answered && state.createdAt.getTime() <= due) result.push(o);
    }
    return result;
  }

  /** How many calls (`<type>`) and texts (`<type>.texts`) each campaign queued for one practice. */
  async function runFor(context: PracticeContext): Promise<Record<string, number>> {
    const settings = await repo.settings(context.id);
    const queued: Record<string, number> = {};
    if (nextWindowStart(settings.callingWindow, context.timeZone, now())) return queued;
    const practice = await schedule(context).catch((error: unknown) => {
      // No linked account yet: no schedule to call for.
      if (error instanceof AppError && error.status === 404) return undefined;
      throw error;
    });
    if (!practice) return queued;
    const today = wallFromInstant(now(), context.timeZone).slice(0, 10);
    const dayAhead = (days: number) => addMinutesToWall(`${today}T00:00:00`, days * 24 * 60).slice(0, 10);

    for (const type of CAMPAIGN_TYPES) {
      const chosen = settings.callTypes[type];
      if (!chosen.automatic) continue;
      const { assistantId, phoneNumberId } = chosen;
      if (chosen.channel === 'call') {
        if (!assistantId || !phoneNumberId) continue;
        const open = await openAppointments(
          practice,
          dayRange(dayAhead(chosen.daysBefore), context.timeZone),
        );
        queued[type] = await repo.insertCampaign(
          context.id,
          open.map((o) => callRow(type, { ...chosen, assistantId, phoneNumberId }, o)),
        );
      } else {
        const open = await openAppointments(
          practice,
          dayRange(dayAhead(chosen.daysBefore), context.timeZone),
        );
        const result = await texts.queueTexts(
          context,
          open.map((o) => textOf(type, o)),
        );
        queued[`${type}.texts`] = result.queued.length;
      }
    }

    // sms_then_call: a call for those who did not answer their text in time (once: the campaign key).
    for (const type of CALL_TYPES) {
      const chosen = settings.callTypes[type];
      const { assistantId, phoneNumberId } = chosen;
      if (chosen.channel !== 'sms_then_call' || !assistantId || !phoneNumberId) continue;
      const range = {
        start: dayRange(today, context.timeZone).start,
        end: dayRange(dayAhead(chosen.daysBefore), context.timeZone).end,
      };
      const due = await unanswered(
        context.id,
        type,
        chosen.escalateAfterHours,
        await openAppointments(practice, range),
      );
      const calls = await repo.insertCampaign(
        context.id,
        due.map((o) => callRow(type, { ...chosen, assistantId, phoneNumberId }, o)),
      );
      queued[type] = (queued[type] ?? 0) + calls;
    }

    const recalled = await recall(practice, settings);
    if (recalled > 0) queued.recall = recalled;

    if ([...CALL_TYPES, 'recall'].some((type) => (queued[type] ?? 0) > 0)) await wake(context.id);
    return queued;
  }

  return {
    /**
     * For `practiceId`, else for every active practice; the counts are summed over the practices. One
     * practice's failure (its practice system down) does not keep the others from their calls: the run fails
     * after all were tried, so the job is retried (a practice already queued queues nothing twice).
     */
    async run(practiceId?: string): Promise<Record<string, number>> {
      const total: Record<string, number> = {};
      let failure: unknown;
      for (const practice of await repo.activePractices(practiceId)) {
        try {
          for (const [type, n] of Object.entries(await runFor(practice)))
            total[type] = (total[type] ?? 0) + n;
        } catch (error) {
          failure ??= error;
        }
      }
      if (failure !== undefined) throw failure;
      return total;
    },
  };
}
