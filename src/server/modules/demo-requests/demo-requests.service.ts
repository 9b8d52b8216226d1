import { createHash } from 'node:crypto';
import type { DemoRequest, DemoRequestInput } from '#shared/schemas/demo-requests';
import { notFound, tooManyRequests } from '../../errors';
import type { DemoRequestsRepo } from './demo-requests.repo';

export const DEMO_REQUESTS_PER_HOUR = 5;
const WINDOW_MS = 60 * 60_000;

export const DEMO_REQUEST_THANKS =
  'Thank you! Our team will contact you within one business day to schedule your personalized demo.';

export const TRIAL_REQUEST_THANKS =
  'Thank you! Our team will contact you within one business day to set up your free trial.';

const thanks = (input: DemoRequestInput) =>
  input.kind === 'trial' ? TRIAL_REQUEST_THANKS : DEMO_REQUEST_THANKS;

const hashAddress = (address: string) => createHash('sha256').update(address).digest('hex');

export function createDemoRequestsService(repo: DemoRequestsRepo, now: () => Date = () => new Date()) {
  return {
    /** Stores a request; a filled honeypot gets the same answer and stores nothing (ADR 010). */
    async submit(input: DemoRequestInput, clientAddress: string): Promise<{ message: string }> {
      if (input.website) return { message: thanks(input) };
      const at = now();
      const result = await repo.insertWithinLimit(
        input,
        hashAddress(clientAddress),
        at,
        new Date(at.getTime() - WINDOW_MS),
        DEMO_REQUESTS_PER_HOUR,
      );
      if (!result.inserted) {
        const oldest = result.recent.oldest?.getTime() ?? at.getTime();
        const retryMs = Math.max(1000, oldest + WINDOW_MS - at.getTime());
        const minutes = Math.ceil(retryMs / 60_000);
        throw tooManyRequests(
          `Too many demo requests from your network. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          Math.ceil(retryMs / 1000),
        );
      }
      return { message: thanks(input) };
    },

    list: () => repo.list(),

    async markContacted(id: string, contacted: boolean): Promise<DemoRequest> {
      const updated = await repo.setContactedAt(id, contacted ? now() : null);
      if (!updated) throw notFound('That demo request does not exist.');
      return updated;
    },
  };
}

export type DemoRequestsService = ReturnType<typeof createDemoRequestsService>;
