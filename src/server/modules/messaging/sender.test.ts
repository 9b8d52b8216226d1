import { describe, expect, it } from 'vitest';
import type { Messaging } from '../../integrations/messaging/index';
import { createTwilioMessaging } from '../../integrations/messaging/twilio/twilio-adapter';
import type { MessagingRepo } from './messaging.repo';
import { createSender } from './sender';

/** The claim grace the sender runs with: how far back `staleBefore` lies from now. */
async function graceOf(messaging: Messaging): Promise<number> {
  let grace = 0;
  const repo = {
    async practicesWithDueTexts(now: Date, staleBefore: Date) {
      grace = now.getTime() - staleBefore.getTime();
      return [];
    },
  } as unknown as MessagingRepo;
  await createSender({ repo, messaging, warn: () => {} }).run(1_000);
  return grace;
}

describe('the sender’s claim grace', () => {
  it("outlasts the Twilio adapter's longest send, so a second sender never takes a text still being sent", async () => {
    const twilio = createTwilioMessaging({ accountSid: `AC${'0'.repeat(32)}`, authToken: 'token' });
    expect(twilio.maxSendMs).toBeGreaterThan(60_000);
    expect(await graceOf(twilio)).toBeGreaterThan(twilio.maxSendMs!);
    const slow = createTwilioMessaging({
      accountSid: `AC${'0'.repeat(32)}`,
      authToken: 'token',
      timeoutMs: 60_000,
      retries: 5,
    });
    expect(await graceOf(slow)).toBeGreaterThan(slow.maxSendMs!);
  });
});
