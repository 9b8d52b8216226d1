import { describe, expect, it } from 'vitest';
import { isMessagingError } from '../port';
import { createSandboxMessaging, SANDBOX_TEXTS_KEEP } from './sandbox-messaging';

const PRACTICE = '+13035550100';
const OTHER_PRACTICE = '+13035550199';

function clock() {
  let ms = Date.UTC(2030, 0, 1, 9, 0, 0);
  return { now: () => new Date(ms), pass: (by: number) => void (ms += by) };
}

let key = 0;
const text = (fields: { from?: string; to?: string; body?: string; idempotencyKey?: string } = {}) => ({
  from: PRACTICE,
  to: '+12125550123',
  body: 'Hi Ana, see you Tue 3:00 PM.',
  idempotencyKey: `key-${++key}`,
  ...fields,
});

const kindOf = (error: unknown) => (isMessagingError(error) ? error.kind : error);

describe('the built-in sandbox messaging', () => {
  it('puts each text in its sender’s inbox, newest first', async () => {
    const { now, pass } = clock();
    const messaging = createSandboxMessaging({ now });
    expect(messaging.kind).toBe('sandbox');
    const first = await messaging.send(text({ body: 'First' }));
    pass(1);
    await messaging.send(text({ body: 'Second', to: '+12125550124' }));
    await messaging.send(text({ from: OTHER_PRACTICE, body: 'Elsewhere' }));

    expect(first).toEqual({ providerId: expect.stringMatching(/^sandbox-/), status: 'queued' });
    expect(messaging.inbox(PRACTICE).map((t) => t.body)).toEqual(['Second', 'First']);
    expect(messaging.inbox(PRACTICE)[1]).toEqual({
      providerId: first.providerId,
      status: 'queued',
      from: PRACTICE,
      to: '+12125550123',
      body: 'First',
      sentAt: '2030-01-01T09:00:00.000Z',
    });
    expect(messaging.inbox(OTHER_PRACTICE).map((t) => t.body)).toEqual(['Elsewhere']);
    expect(messaging.inbox('+13035550000')).toEqual([]);
  });

  it('moves a text queued → sent → delivered as time passes, and never back', async () => {
    const { now, pass } = clock();
    const messaging = createSandboxMessaging({ now, sentAfterMs: 1_000, deliveredAfterMs: 3_000 });
    const { providerId } = await messaging.send(text());
    expect((await messaging.status(providerId)).status).toBe('queued');
    pass(1_000);
    expect((await messaging.status(providerId)).status).toBe('sent');
    pass(2_000);
    expect(await messaging.status(providerId)).toEqual({ providerId, status: 'delivered' });
    expect(messaging.inbox(PRACTICE)[0]!.status).toBe('delivered');
  });

  it('sends once per idempotency key', async () => {
    const messaging = createSandboxMessaging();
    const once = text();
    const a = await messaging.send(once);
    expect(await messaging.send(once)).toEqual(a);
    expect(messaging.inbox(PRACTICE)).toHaveLength(1);
  });

  it('refuses a recipient that is not a phone number, and a text without a body', async () => {
    const messaging = createSandboxMessaging();
    expect(kindOf(await messaging.send(text({ to: '555-0123' })).catch((e: unknown) => e))).toBe(
      'invalid_number',
    );
    expect(kindOf(await messaging.send(text({ body: '' })).catch((e: unknown) => e))).toBe('rejected');
    expect(kindOf(await messaging.status('sandbox-nope').catch((e: unknown) => e))).toBe('rejected');
    expect(messaging.inbox(PRACTICE)).toEqual([]);
  });

  it('cancels a queued text for good; a text on its way cannot be canceled', async () => {
    const { now, pass } = clock();
    const messaging = createSandboxMessaging({ now, sentAfterMs: 1_000 });
    const queued = await messaging.send(text());
    expect(await messaging.cancel(queued.providerId)).toEqual({ ...queued, status: 'canceled' });
    pass(10_000);
    expect((await messaging.status(queued.providerId)).status).toBe('canceled');

    const sent = await messaging.send(text());
    pass(1_000);
    expect(kindOf(await messaging.cancel(sent.providerId).catch((e: unknown) => e))).toBe('rejected');
  });

  it(`keeps the newest ${SANDBOX_TEXTS_KEEP} texts per sender`, async () => {
    const messaging = createSandboxMessaging();
    const first = await messaging.send(text({ body: 'Text 0', idempotencyKey: 'first' }));
    for (let n = 1; n <= SANDBOX_TEXTS_KEEP; n += 1) await messaging.send(text({ body: `Text ${n}` }));
    const inbox = messaging.inbox(PRACTICE);
    expect(inbox).toHaveLength(SANDBOX_TEXTS_KEEP);
    expect(inbox.at(-1)!.body).toBe('Text 1');
    expect(kindOf(await messaging.status(first.providerId).catch((e: unknown) => e))).toBe('rejected');
  });
});
