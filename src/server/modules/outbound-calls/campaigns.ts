import type { CallType } from '#shared/schemas/outbound-calls';
import { AppError } from '../../errors';
import { toE164 } from '../../lib/phone';
import { addMinutesToWall, dayRange, wallFromInstant } from '../../lib/wall-time';
import type { Practice } from '../schedule/schedule.service';
import { nextWindowStart } from './calling-window';
import type { NewOutboundCall, OutboundCallsRepo } from './outbound-calls.repo';

/** The campaigns that run by themselves; followup is started by hand. */
export const CAMPAIGN_TYPES = ['reminder', 'confirmation'] as const satisfies readonly CallType[];

export interface CampaignsDeps {
  repo: OutboundCallsRepo;
  /** The practice the campaigns call for (its schedule and time zone). */
  practice(): Promise<Practice>;
  wake(): Promise<void>;
  now?: () => Date;
}

/**
 * The daily reminder and confirmation campaigns (ADR 036): inside the calling window, every appointment N days
 * ahead that is neither confirmed nor cancelled gets one call per campaign (`campaign_key` is unique, so
 * running again the same day, or on several instances, queues nothing twice).
 */
export function createCampaigns({ repo, practice: practiceOf, wake, now = () => new Date() }: CampaignsDeps) {
  return {
    async run(): Promise<Record<string, number>> {
      const settings = await repo.settings();
      const practice = await practiceOf().catch((error: unknown) => {
        // No linked account yet: no schedule to call for.
        if (error instanceof AppError && error.status === 404) return undefined;
        throw error;
      });
      const queued: Record<string, number> = {};
      if (!practice) return queued;
      if (nextWindowStart(settings.callingWindow, practice.timeZone, now())) return queued;
      const today = wallFromInstant(now(), practice.timeZone).slice(0, 10);
      for (const type of CAMPAIGN_TYPES) {
        const chosen = settings.callTypes[type];
        if (!chosen.automatic || !chosen.assistantId || !chosen.phoneNumberId) continue;
        const date = addMinutesToWall(`${today}T00:00:00`, chosen.daysBefore * 24 * 60).slice(0, 10);
        const appointments = await practice.pms.listAppointments(dayRange(date, practice.timeZone));
        const rows: NewOutboundCall[] = [];
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
        queued[type] = await repo.insertCampaign(rows);
      }
      if (Object.values(queued).some((n) => n > 0)) await wake();
      return queued;
    },
  };
}
