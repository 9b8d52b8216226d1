import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { twilioSignature, type SandboxMessaging } from '../integrations/messaging/index';
import { messages } from '../db/schema/index';
import { DEFAULT_PUBLIC_BASE_URL } from '../env';
import { bearer, type TestApp } from './test-app';

/** Test helpers for the messaging API tests: signed webhooks as Twilio sends them, the sender, waiting. */

export const SMS = '/webhooks/twilio/sms';
export const STATUS = '/webhooks/twilio/status';

export const sandboxOf = (t: TestApp) => t.modules.messaging.port as SandboxMessaging;

export const newSid = () => `SM${randomBytes(16).toString('hex')}`;

/** A form post to one of the webhooks, signed with `token` (the sandbox's secret unless given). */
export function postForm(
  t: TestApp,
  url: string,
  params: Record<string, string>,
  options: { token?: string; signature?: string; tamper?: Record<string, string> } = {},
) {
  const signature =
    options.signature ??
    twilioSignature(options.token ?? sandboxOf(t).authToken, `${DEFAULT_PUBLIC_BASE_URL}${url}`, params);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    payload: new URLSearchParams({ ...params, ...options.tamper }).toString(),
  });
}

/** A patient's text to the practice number `to`, as Twilio posts it. */
export const inbound = (t: TestApp, from: string, to: string, body: string, sid = newSid()) =>
  postForm(t, SMS, { AccountSid: `AC${'1'.repeat(32)}`, MessageSid: sid, From: from, To: to, Body: body });

/** Sends what is due now. */
export const sendDue = (t: TestApp) => t.modules.messaging.sender.run(10_000);

/** The outbound texts to a number, oldest first. */
export const textsTo = (t: TestApp, practiceId: string, to: string) =>
  t.database.db
    .select()
    .from(messages)
    .where(
      and(eq(messages.practiceId, practiceId), eq(messages.toNumber, to), eq(messages.direction, 'outbound')),
    )
    .orderBy(messages.createdAt);

export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await sleep(50);
  }
}

export async function setSender(
  t: TestApp,
  session: string,
  senderNumber: string | null,
  extra: object = {},
) {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/messaging-settings',
    headers: bearer(session),
    payload: { senderNumber, ...extra },
  });
  expect(response.statusCode, response.body).toBe(200);
}
