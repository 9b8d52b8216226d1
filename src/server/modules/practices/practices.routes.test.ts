import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_MESSAGES } from '#shared/schemas/invitations';
import {
  CreatePracticeResponseSchema,
  PracticeInvitationResponseSchema,
  PracticeListResponseSchema,
  PracticeResponseSchema,
} from '#shared/schemas/practices';
import { PRACTICE_SUSPENDED_MESSAGE } from '../../practice';
import { auditEvents, demoRequests } from '../../db/schema/index';
import { MailError } from '../../integrations/mail/port';
import { createOtherPractice, type OtherPractice } from '../../test/other-practice';
import { parseResponse } from '../../test/parse-response';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { PRACTICE_MESSAGES } from './practices.service';

let t: TestApp;
let operator: string;
let admin: string;
let other: OtherPractice;
beforeAll(async () => {
  t = await createTestApp();
  operator = await t.asOperator();
  admin = await t.asAdmin();
  other = await createOtherPractice(t, { name: 'Paws Test Clinic' });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, session = operator) =>
  t.app.inject({ method, url, payload, headers: bearer(session) });

const listed = async () =>
  parseResponse(await call('GET', '/api/practices'), PracticeListResponseSchema).practices;

let serial = 0;
const input = (over: object = {}) => ({
  name: 'Lakeside Spa',
  practiceType: 'spas-wellness',
  timeZone: 'Europe/Berlin',
  adminEmail: `owner-${++serial}@lakeside.example`,
  ...over,
});

const newDemoRequest = async (name = 'Dr. Ada Lake') => {
  const [row] = await t.database.db
    .insert(demoRequests)
    .values({
      name,
      email: `ada-${++serial}@lake.example`,
      mobile: '2125550100',
      solution: 'medical-clinics',
      clientAddressHash: 'practices-test',
    })
    .returning();
  return row!;
};

describe('GET /api/practices', () => {
  it('lists every practice, oldest first, for the operator', async () => {
    const practices = await listed();
    // The two demo practices, then the one this file made.
    expect(practices.map((p) => p.name)).toEqual([
      'Bright Smile Dental',
      'Paws & Claws Veterinary',
      'Paws Test Clinic',
    ]);
    expect(practices.at(-1)).toMatchObject({
      name: 'Paws Test Clinic',
      id: other.id,
      practiceType: 'veterinary-clinics',
      timeZone: 'America/Chicago',
      status: 'active',
    });
  });

  it('refuses a practice admin with 403', async () => {
    expect((await call('GET', '/api/practices', undefined, admin)).statusCode).toBe(403);
    expect((await call('GET', '/api/practices', undefined, await other.asAdmin())).statusCode).toBe(403);
  });
});

describe('POST /api/practices', () => {
  it("creates the practice and invites its first admin, and audits it under the new practice's id", async () => {
    const body = input();
    const response = await call('POST', '/api/practices', body);
    expect(response.statusCode, response.body).toBe(201);
    const { practice, invitation } = parseResponse(response, CreatePracticeResponseSchema, 201);
    expect(practice).toMatchObject({
      name: 'Lakeside Spa',
      practiceType: 'spas-wellness',
      timeZone: 'Europe/Berlin',
      status: 'active',
    });
    expect(invitation.email).toBe(body.adminEmail);
    expect(Date.parse(invitation.expiresAt)).toBeGreaterThan(t.clock.now().getTime());
    expect((await listed()).map((p) => p.id)).toContain(practice.id);

    const [entry] = await t.auditOf(practice.id, (entries) => entries.length > 0);
    expect(entry).toMatchObject({
      action: 'practice.create',
      actorRole: 'operator',
      outcome: 'allowed',
      practiceId: practice.id,
    });
  });

  it('refuses an e-mail that is already a user with 409, and creates nothing', async () => {
    const before = (await listed()).length;
    const response = await call(
      'POST',
      '/api/practices',
      input({ adminEmail: other.adminEmail.toUpperCase() }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'conflict', message: INVITATION_MESSAGES.emailTaken });
    expect((await listed()).length).toBe(before);
  });

  it('refuses bad input with 400 and the field messages, and creates nothing', async () => {
    const before = (await listed()).length;
    for (const [over, field, message] of [
      [{ name: ' ' }, 'name', 'Practice name is required'],
      [{ practiceType: 'hospitals' }, 'practiceType', 'Choose a practice type'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone', 'Choose a time zone'],
      [{ adminEmail: 'nope' }, 'adminEmail', 'Please enter a valid email address'],
      [{ demoRequestId: 'x' }, 'demoRequestId', 'Demo request not found'],
    ] as const) {
      const response = await call('POST', '/api/practices', input(over));
      expect(response.statusCode, field).toBe(400);
      expect(response.json().fields, field).toMatchObject({ [field]: message });
    }
    expect((await listed()).length).toBe(before);
  });

  it('creates from a demo request once: the request is marked converted, a second create is 409', async () => {
    const request = await newDemoRequest();
    const first = await call(
      'POST',
      '/api/practices',
      input({ name: 'Lake Clinic', demoRequestId: request.id }),
    );
    expect(first.statusCode, first.body).toBe(201);
    const { practice } = first.json();
    const demo = (await call('GET', '/api/demo-requests')).json().demoRequests;
    expect(demo.find((r: { id: string }) => r.id === request.id).convertedPracticeId).toBe(practice.id);

    const before = (await listed()).length;
    const again = await call(
      'POST',
      '/api/practices',
      input({ name: 'Lake Clinic 2', demoRequestId: request.id }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PRACTICE_MESSAGES.demoRequestConverted);
    expect((await listed()).length).toBe(before);
  });

  it('answers 404 for a demo request that does not exist', async () => {
    const response = await call(
      'POST',
      '/api/practices',
      input({ demoRequestId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(PRACTICE_MESSAGES.demoRequestNotFound);
  });

  it('two creates from one request at once make one practice', async () => {
    const request = await newDemoRequest('Dr. Race');
    const before = (await listed()).length;
    const [a, b] = await Promise.all([
      call('POST', '/api/practices', input({ demoRequestId: request.id })),
      call('POST', '/api/practices', input({ demoRequestId: request.id })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect((await listed()).length).toBe(before + 1);
  });
});

describe('PATCH /api/practices/:id', () => {
  const setStatus = (id: string, status: string) => call('PATCH', `/api/practices/${id}`, { status });

  it("suspends: the practice's live sessions end and its users cannot sign in; reactivating restores", async () => {
    const session = await other.asAdmin();
    expect((await call('GET', '/api/auth/me', undefined, session)).statusCode).toBe(200);

    const suspended = await setStatus(other.id, 'suspended');
    expect(suspended.statusCode).toBe(200);
    expect(parseResponse(suspended, PracticeResponseSchema).practice.status).toBe('suspended');
    await expect
      .poll(async () => (await call('GET', '/api/auth/me', undefined, session)).statusCode)
      .toBe(401);
    const signIn = other.asAdmin();
    await expect(signIn).rejects.toThrow(/401.*practice_suspended/);
    await expect(signIn).rejects.toThrow(PRACTICE_SUSPENDED_MESSAGE);
    // The first practice goes on as before.
    expect((await call('GET', '/api/auth/me', undefined, admin)).statusCode).toBe(200);

    const reactivated = await setStatus(other.id, 'active');
    expect(reactivated.json().practice.status).toBe('active');
    const again = await other.asAdmin();
    expect((await call('GET', '/api/auth/me', undefined, again)).statusCode).toBe(200);
    // The session from before the suspension stays ended.
    expect((await call('GET', '/api/auth/me', undefined, session)).statusCode).toBe(401);

    const entries = await t.auditOf(other.id, (found) => found.length >= 2);
    expect(entries.map((e) => [e.action, e.detail, e.practiceId, e.actorRole])).toEqual([
      ['practice.update', 'suspended', other.id, 'operator'],
      ['practice.update', 'reactivated', other.id, 'operator'],
    ]);
  });

  it('answers 404 for an unknown practice and 400 for an unknown status, changing nothing', async () => {
    const unknown = await setStatus('00000000-0000-4000-8000-000000000000', 'suspended');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(PRACTICE_MESSAGES.notFound);
    const bad = await setStatus(other.id, 'closed');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Status must be active or suspended');
    expect((await listed()).find((p) => p.id === other.id)!.status).toBe('active');
  });

  it('refuses a practice admin with 403, even for their own practice', async () => {
    const [own] = await listed();
    const response = await call('PATCH', `/api/practices/${own!.id}`, { status: 'suspended' }, admin);
    expect(response.statusCode).toBe(403);
    expect((await listed())[0]!.status).toBe('active');
  });
});

describe('POST /api/practices/:id/invitations', () => {
  const inviteTo = (id: string, adminEmail: string, session = operator) =>
    call('POST', `/api/practices/${id}/invitations`, { adminEmail }, session);

  /** The link mailed to `email`, as the mail sandbox kept it. */
  const linkTo = async (email: string) => {
    const { messages } = (await call('GET', '/api/mail/sandbox')).json() as {
      messages: { to: string; text: string }[];
    };
    return messages.find((m) => m.to === email)?.text.match(/\/invite\/(\S+)/)?.[1];
  };

  it("invites an admin again (named as the demo request's sender); the new link makes an admin of that practice", async () => {
    const request = await newDemoRequest('Dr. Late Reader');
    const created = await call(
      'POST',
      '/api/practices',
      input({ name: 'Slow Clinic', demoRequestId: request.id }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const { practice } = created.json() as { practice: { id: string } };

    const email = `second-${++serial}@slow.example`;
    const response = await inviteTo(practice.id, email);
    expect(response.statusCode, response.body).toBe(201);
    const { invitation } = parseResponse(response, PracticeInvitationResponseSchema, 201);
    expect(invitation.email).toBe(email);
    const token = await linkTo(email);
    expect(token).toBeDefined();

    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token, password: 'slow-clinic-admin-9' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const me = (
      await call('GET', '/api/auth/me', undefined, await t.login(email, 'slow-clinic-admin-9'))
    ).json();
    expect(me.user).toMatchObject({ name: 'Dr. Late Reader', role: 'admin' });

    await t.modules.audit.service.flush();
    const entries = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.practiceId, practice.id));
    const invitations = entries.filter((e) => e.action === 'invitation.create');
    expect(invitations.map((e) => [e.outcome, e.actorRole])).toEqual([
      ['allowed', 'operator'],
      ['allowed', 'operator'],
    ]);
  });

  it('refuses what it cannot do with a clear 4xx, and invites nobody', async () => {
    const email = `nobody-${++serial}@slow.example`;
    const bad = await inviteTo(other.id, 'not an address');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ adminEmail: 'Please enter a valid email address' });
    const unknown = await inviteTo('00000000-0000-4000-8000-000000000000', email);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(PRACTICE_MESSAGES.notFound);
    const taken = await inviteTo(other.id, other.adminEmail);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(INVITATION_MESSAGES.emailTaken);
    const byAdmin = await inviteTo(other.id, email, admin);
    expect(byAdmin.statusCode).toBe(403);

    expect((await call('PATCH', `/api/practices/${other.id}`, { status: 'suspended' })).statusCode).toBe(200);
    try {
      const suspended = await inviteTo(other.id, email);
      expect(suspended.statusCode).toBe(409);
      expect(suspended.json().message).toBe(PRACTICE_MESSAGES.inviteSuspended);
    } finally {
      await call('PATCH', `/api/practices/${other.id}`, { status: 'active' });
    }
    expect(await linkTo(email)).toBeUndefined();
  });
});

describe('POST /api/practices when the invitation mail cannot be sent', () => {
  it('answers 502 saying the practice exists but its admin was not invited; the failure is audited', async () => {
    const failing = await createTestApp({
      mail: {
        kind: 'smtp',
        send: async () => {
          throw new MailError('connection refused');
        },
      },
    });
    try {
      const session = await failing.asOperator();
      const response = await failing.app.inject({
        method: 'POST',
        url: '/api/practices',
        headers: bearer(session),
        payload: input({ name: 'Unlucky Clinic' }),
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ code: 'admin_not_invited' });
      expect(response.json().message).toMatch(
        /^Unlucky Clinic was created, but its admin could not be invited: /,
      );
      const practices = (
        await failing.app.inject({ method: 'GET', url: '/api/practices', headers: bearer(session) })
      ).json().practices as { id: string; name: string }[];
      const kept = practices.find((p) => p.name === 'Unlucky Clinic');
      expect(kept).toBeDefined();
      await failing.modules.audit.service.flush();
      const entries = await failing.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.practiceId, kept!.id));
      // Who created the practice is on its own log, though its admin was not invited.
      expect(
        entries
          .map((entry) => [entry.action, entry.outcome, entry.actorRole, entry.resourceId])
          .sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
      ).toEqual([
        ['invitation.create', 'failed', 'operator', expect.anything()],
        ['practice.create', 'failed', 'operator', kept!.id],
      ]);
    } finally {
      await failing.close();
    }
  });
});
