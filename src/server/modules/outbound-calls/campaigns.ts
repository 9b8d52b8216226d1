import type { CallType } from '#shared/schemas/outbound-calls';
import { AppError } from '../../errors';
import { toE164 } from '../../lib/phone';
import { addMinutesToWall, dayRange, wallFromInstant } from '../../lib/wall-time';
import type { PracticeContext } from '../../practice';
import type { Practice } from '../schedule/schedule.service';
import { nextWindowStart } from './calling-window';
import type { OutboundCallToQueue, OutboundCallsRepo } from './outbound-calls.repo';

/** The campaigns that run by themselves; followup is started by hand. */
export const CAMPAIGN_TYPES = ['reminder', 'confirmation'] as const satisfies readonly CallType[];

export interface CampaignsDeps {
  repo: OutboundCallsRepo;
  /** The practice's schedule the campaigns call for. */
  schedule(practice: PracticeContext): Promise<Practice>;
  wake(practiceId: string): Promise<void>;
  now?: () => Date;
}

/**
 * The daily reminder and confirmation campaigns (ADR 036), per practice: inside the practice's calling window
 * (its wall time), every appointment N days ahead that is neither confirmed nor cancelled gets one call per
 * campaign (`campaign_key` is unique per practice, so running again the same day, or on several instances,
 * queues nothing twice). A suspended practice's campaigns queue nothing.
 */
export function createCampaigns({ repo, schedule, wake, now = () => new Date() }: CampaignsDeps) {
  /** How many calls each campaign queued for one practice. */
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
    for (const type of CAMPAIGN_TYPES) {
      const chosen = settings.callTypes[type];
      if (!chosen.automatic || !chosen.assistantId || !chosen.phoneNumberId) continue;
      const date = addMinutesToWall(`${today}T00:00:00`, chosen.daysBefore * 24 * 60).slice(0, 10);
      const appointments = await practice.pms.listAppointments(dayRange(date, context.timeZone));
      const rows: OutboundCallToQueue[] = [];
      for (const a of appointments) {
        const phone = a.contact.phone ? toE164(a.contact.phone) : undefined;
        if (a.confirmed || a.cancelled || !phone) continue;
        rows.push({
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
          campaignKey: `campaign:${type}:${a.remoteId}`,
        });
      }
      queued[type] = await repo.insertCampaign(context.id, rows);
    }
    if (Object.values(queued).some((n) => n > 0)) await wake(context.id);
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
