import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema/index';
import { startFakeTwilio, type FakeTwilio } from '../../integrations/messaging/twilio/fake-twilio';
import { createTwilioMessaging } from '../../integrations/messaging/twilio/twilio-adapter';
import type { PracticeContext } from '../../practice';
import { sendDue, setSender } from '../../test/messaging';
import { firstPracticeId } from '../../test/practice-number';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The outbox sender over the Twilio adapter and the local fake Twilio (HTTP). */

const SENDER = '+12125550143';

let fake: FakeTwilio;
let t: TestApp;
let practice: PracticeContext;

beforeAll(async () => {
  fake = await startFakeTwilio();
  t = await createTestApp({
    messaging: createTwilioMessaging({
      accountSid: fake.accountSid,
      authToken: fake.authToken,
      baseUrl: fake.url,
      timeoutMs: 300,
    }),
    textSender: { segmentsPerSecond: 50, retryDelayMs: 0 },
  });
  practice = (await t.modules.schedule.service.practice(await firstPracticeId(t)))!;
  await setSender(t, await t.asAdmin(), SENDER);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('the sender over Twilio', () => {
  it('Twilio took a text but answered after the timeout: two runs text the patient once', async () => {
    const to = '+16465550777';
    const { queued } = await t.modules.messaging.service.queueTexts(practice, [
      { to, kind: 'booking', values: { firstName: 'Ana' }, idempotencyKey: 'late-answer:1' },
    ]);
    expect(queued).toHaveLength(1);
    fake.delayNext(1_000);
    await sendDue(t);
    await sendDue(t);
    const atTwilio = [...fake.messages.values()].filter((m) => m.to === to);
    expect(atTwilio).toHaveLength(1);
    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, queued[0]!));
    expect(row).toMatchObject({ providerId: atTwilio[0]!.sid, status: 'queued' });
  });
});
