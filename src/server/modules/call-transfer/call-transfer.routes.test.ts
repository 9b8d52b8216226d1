import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALL_TRANSFER_MESSAGES as M,
  DEFAULT_CALL_TRANSFER_SETTINGS,
  WEEKDAYS,
  type Weekday,
} from '#shared/schemas/call-transfer';
import { addMinutesToWall, instantFromWall, wallFromInstant } from '../../lib/wall-time';
import { bearer, createTestApp, platformWebhook, type TestApp } from '../../test/test-app';
import { givePracticeNumber } from '../../test/practice-number';
import { closedMessage, NO_TRANSFER_MESSAGE, TRANSFER_MESSAGE } from './call-transfer.service';

const ZONE = 'America/New_York';

let t: TestApp;
let admin: string;
/** The practice's own number: a transfer request is answered for the practice of the number called. */
let calledNumber: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
  calledNumber = (await givePracticeNumber(t)).number;
});
afterAll(() => t.close());

const get = () => t.app.inject({ method: 'GET', url: '/api/call-transfer-settings', headers: bearer(admin) });
const put = (payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/call-transfer-settings', payload, headers: bearer(admin) });
const voice = (message: Record<string, unknown>) =>
  platformWebhook(t.app, {
    message: { call: { id: 'call-transfer-1' }, phoneNumber: { number: calledNumber }, ...message },
  });
const transferRequest = () => voice({ type: 'transfer-destination-request' });

/** Moves the test clock to the next `hm` of the practice's day, and signs in again (sessions idle out). */
async function atPracticeTime(hm: string): Promise<Weekday> {
  const wall = wallFromInstant(t.clock.now(), ZONE);
  let target = `${wall.slice(0, 10)}T${hm}:00`;
  if (target <= wall) target = addMinutesToWall(target, 24 * 60);
  t.clock.advanceMinutes(
    Math.ceil((instantFromWall(target, ZONE).getTime() - t.clock.now().getTime()) / 60_000),
  );
  admin = await t.asAdmin();
  const date = wallFromInstant(t.clock.now(), ZONE).slice(0, 10);
  return WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
}

describe('transfer to a person: the setting', () => {
  it('is off by default, and takes a number in any usual form, stored in E.164', async () => {
    expect((await get()).json()).toEqual(DEFAULT_CALL_TRANSFER_SETTINGS);
    const saved = await put({
      phoneNumber: '(212) 555-0166',
      days: ['fri', 'mon'],
      start: '08:30',
      end: '12:00',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = { phoneNumber: '+12125550166', days: ['mon', 'fri'], start: '08:30', end: '12:00' };
    expect(saved.json()).toEqual(expected);
    expect((await get()).json()).toEqual(expected);
    const audit = await t.auditOf('practice', (events) =>
      events.some((e) => e.action === 'call_transfer.update'),
    );
    expect(audit.map((e) => e.action)).toContain('call_transfer.update');
    // An empty number turns transfers off again.
    expect((await put({ ...expected, phoneNumber: '' })).json().phoneNumber).toBeNull();
  });

  it.each([
    ['a number that is none', { phoneNumber: '555-01' }, 'phoneNumber'],
    ['hours that end before they start', { start: '17:00', end: '09:00' }, 'end'],
    ['a time that is no time', { start: '9am' }, 'start'],
    ['no day', { days: [] }, 'days'],
    ['an unknown day', { days: ['someday'] }, 'days.0'],
    ['days left out', { days: undefined }, 'days'],
  ])('refuses %s with a 400 naming the field, changing nothing', async (_, change, field) => {
    const before = (await get()).json();
    const response = await put({ ...DEFAULT_CALL_TRANSFER_SETTINGS, phoneNumber: '+12125550166', ...change });
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json().fields ?? {})).toContain(field);
    if (field === 'end') expect(response.json().fields.end).toBe(M.invalidHours);
    if (field === 'days') expect(response.json().fields.days).toBe(M.noDays);
    expect(response.json().message).not.toMatch(/zod|invalid_type/i);
    expect((await get()).json()).toEqual(before);
  });

  it.each<[string, () => string, string]>([
    ['a range no carrier has', () => '(012) 555-0143', M.unassigned],
    ['an extension, which a transfer cannot dial', () => '(212) 555-0143 ext 12', M.extension],
    ["one of the receptionist's own numbers", () => calledNumber, M.ownNumber],
  ])('refuses %s, saying so under the number', async (_, number, message) => {
    const before = (await get()).json();
    const response = await put({ ...DEFAULT_CALL_TRANSFER_SETTINGS, phoneNumber: number() });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ message, fields: { phoneNumber: message } });
    expect((await get()).json()).toEqual(before);
  });

  it('says which hours, in words', () => {
    expect(
      closedMessage({ days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '09:00', end: '17:30' }),
    ).toContain('Monday to Friday, 9 AM to 5:30 PM');
    expect(closedMessage({ days: ['mon', 'thu'], start: '08:00', end: '12:00' })).toContain(
      'Monday and Thursday, 8 AM to 12 PM',
    );
  });
});

describe('transfer to a person: POST /webhook', () => {
  it('without a number refuses politely, in `error`', async () => {
    await put({ ...DEFAULT_CALL_TRANSFER_SETTINGS, phoneNumber: null });
    const response = await transferRequest();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ error: NO_TRANSFER_MESSAGE });
  });

  it('inside the hours answers the number; outside them, or on a day off, says when someone answers', async () => {
    const today = await atPracticeTime('12:00');
    const setting = { phoneNumber: '+12125550166', days: [...WEEKDAYS], start: '11:00', end: '13:00' };
    expect((await put(setting)).statusCode).toBe(200);
    expect((await transferRequest()).json()).toEqual({
      destination: { type: 'number', number: '+12125550166', message: TRANSFER_MESSAGE },
    });

    const dayOff = { ...setting, days: WEEKDAYS.filter((day) => day !== today) };
    expect((await put(dayOff)).statusCode).toBe(200);
    expect((await transferRequest()).json()).toEqual({ error: closedMessage(dayOff) });

    expect((await put(setting)).statusCode).toBe(200);
    await atPracticeTime('13:00');
    expect((await transferRequest()).json()).toEqual({ error: closedMessage(setting) });
  });

  it('refuses a handoff, and answers other requests it does not make with an error; notices get {}', async () => {
    const handoff = await voice({ type: 'handoff-destination-request' });
    expect(handoff.statusCode).toBe(200);
    expect(handoff.json()).toEqual({
      destination: {},
      error: expect.stringMatching(/cannot hand this call/),
    });
    const knowledge = await voice({ type: 'knowledge-base-request' });
    expect(knowledge.json()).toEqual({
      error: 'This server does not answer knowledge-base-request messages.',
    });
    expect((await voice({ type: 'conversation-update' })).json()).toEqual({});
    expect((await voice({ type: 'speech-update' })).json()).toEqual({});
  });
});
