import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AcceptInvitationResponseSchema,
  INVITATION_HOURS,
  INVITATION_MESSAGES,
  InvitationResponseSchema,
} from '#shared/schemas/invitations';
import { SandboxMailListResponseSchema } from '#shared/schemas/mail';
import { MeResponseSchema, UserPermissionsResponseSchema } from '#shared/schemas/auth';
import { USER_MESSAGES } from '#shared/schemas/users';
import { invitations, practices, userPermissions, users } from '../../db/schema/index';
import { MailError, type Mail, type MailPort } from '../../integrations/mail/port';
import { createSandboxMail } from '../../integrations/mail/sandbox/sandbox-mail';
import { createInvitationsRepo, type InvitedUsers } from './invitations.repo';
import { createInvitationsService } from './invitations.service';
import type { AuditEntry } from '../../session';
import { hashPassword } from '../../lib/passwords';
import { createOtherPractice, type OtherPractice } from '../../test/other-practice';
import { parseResponse } from '../../test/parse-response';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

const PASSWORD = 'a-long-new-password-1';
const LINK = /\/invite\/([A-Za-z0-9_-]+)/;

let t: TestApp;
let other: OtherPractice;
let operator: string;
let admin: string;
let operatorEmail: string;

/** The operator belongs to no practice (test-app has no helper for them on this branch). */
async function signInOperator(): Promise<string> {
  const email = `operator-${randomBytes(4).toString('hex')}@servc.example`;
  operatorEmail = email;
  await t.database.db.insert(users).values({
    practiceId: null,
    name: 'Operator',
    email,
    username: email,
    passwordHash: await hashPassword('operator-password-1'),
    role: 'operator',
  });
  return t.login(email, 'operator-password-1');
}

const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@invited.example`;

async function invite(session: string, body: object) {
  return t.app.inject({ method: 'POST', url: '/api/invitations', headers: bearer(session), payload: body });
}

const accept = (token: string, password = PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/invitations/accept', payload: { token, password } });

async function sandboxMails() {
  const response = await t.app.inject({ method: 'GET', url: '/api/mail/sandbox', headers: bearer(operator) });
  return parseResponse(response, SandboxMailListResponseSchema).messages;
}

/** The token in the newest mail to `email`. */
async function tokenFor(email: string): Promise<string> {
  const mail = (await sandboxMails()).find((message) => message.to === email);
  const token = mail?.text.match(LINK)?.[1];
  if (!token) throw new Error(`no invitation mail to ${email}`);
  return token;
}

/** The tokens of every mail to `email` (any case), in no particular order. */
async function tokensFor(email: string): Promise<string[]> {
  return (await sandboxMails())
    .filter((message) => message.to.toLowerCase() === email.toLowerCase())
    .map((message) => message.text.match(LINK)![1]!);
}

/** The invitations of `email` (any case) nobody accepted yet. */
async function pendingOf(email: string) {
  return (await t.database.db.select().from(invitations)).filter(
    (found) => found.email.toLowerCase() === email.toLowerCase() && !found.acceptedAt,
  );
}

beforeAll(async () => {
  t = await createTestApp({ publicBaseUrl: 'https://console.servc.example' });
  other = await createOtherPractice(t, { name: 'Riverside Vets' });
  operator = await signInOperator();
  admin = await t.asAdmin();
});
afterAll(() => t?.close());

describe('POST /api/invitations', () => {
  it("stores the invitation in the caller's practice and mails a link that expires in 72 hours", async () => {
    const email = uniqueEmail('new');
    const response = await invite(admin, { email, name: 'New Person', role: 'sub' });
    const { invitation } = parseResponse(response, InvitationResponseSchema, 201);
    expect(invitation.email).toBe(email);
    const lifetime = new Date(invitation.expiresAt).getTime() - t.clock.now().getTime();
    expect(lifetime).toBeGreaterThan(INVITATION_HOURS * 3600_000 - 60_000);
    expect(lifetime).toBeLessThanOrEqual(INVITATION_HOURS * 3600_000);

    const [mail] = (await sandboxMails()).filter((message) => message.to === email);
    const [practice] = await t.database.db
      .select()
      .from(practices)
      .where(eq(practices.id, (await row(invitation.id)).practiceId));
    expect(mail!.subject).toBe(`You're invited to ${practice!.name} on Servc`);
    const token = mail!.text.match(LINK)![1]!;
    expect(mail!.text).toContain(`https://console.servc.example/invite/${token}`);
    expect(mail!.text).toContain('expires');

    const stored = await row(invitation.id);
    expect(stored.practiceId).not.toBe(other.id);
    expect(stored.tokenHash).not.toContain(token);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('refuses an e-mail a user already has (409), whatever its case, and stores nothing', async () => {
    const before = (await t.database.db.select().from(invitations)).length;
    const response = await invite(admin, {
      email: other.adminEmail.toUpperCase(),
      name: 'Taken',
      role: 'sub',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(INVITATION_MESSAGES.emailTaken);
    expect((await t.database.db.select().from(invitations)).length).toBe(before);
  });

  it('refuses a bad e-mail with a 400 and a message', async () => {
    const response = await invite(admin, { email: 'not-an-email', name: 'X' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/email/i);
  });

  it("puts another practice's invitation in that practice", async () => {
    const email = uniqueEmail('vet');
    const { invitation } = parseResponse(
      await invite(await other.asAdmin(), { email, name: 'Vet Tech', role: 'admin' }),
      InvitationResponseSchema,
      201,
    );
    expect((await row(invitation.id)).practiceId).toBe(other.id);
    const accepted = await accept(await tokenFor(email));
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ practiceId: other.id, role: 'admin' });
  });

  it('is audited without the token or the e-mail text', async () => {
    const email = uniqueEmail('audited');
    const { invitation } = parseResponse(
      await invite(admin, { email, name: 'Audit Me' }),
      InvitationResponseSchema,
      201,
    );
    const token = await tokenFor(email);
    expect((await accept(token)).statusCode).toBe(200);
    const entries = await t.auditOf(invitation.id, (found) => found.length >= 2);
    expect(entries.map((entry) => [entry.action, entry.outcome]).sort()).toEqual([
      ['invitation.accept', 'allowed'],
      ['invitation.create', 'allowed'],
    ]);
    const text = JSON.stringify(entries);
    expect(text).not.toContain(token);
    expect(text).not.toContain(email);
    expect(text).not.toContain('invited to');
    expect(entries.every((entry) => entry.practiceId === entries[0]!.practiceId && entry.practiceId)).toBe(
      true,
    );
  });
});

describe('inviting again', () => {
  it('replaces the pending link of that address (any case): the first one is refused as not valid', async () => {
    const email = uniqueEmail('twice');
    parseResponse(await invite(admin, { email, name: 'Twice' }), InvitationResponseSchema, 201);
    const first = await tokenFor(email);
    const again = await invite(admin, { email: email.toUpperCase(), name: 'Twice', role: 'admin' });
    parseResponse(again, InvitationResponseSchema, 201);
    const second = (await tokensFor(email)).find((token) => token !== first)!;
    expect(await pendingOf(email)).toHaveLength(1);

    const refused = await accept(first);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(INVITATION_MESSAGES.invalid);
    const accepted = await accept(second);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email.toUpperCase()));
    expect(user).toMatchObject({ role: 'admin' });
  });

  it('leaves the pending links of other addresses alone, admins too', async () => {
    const one = uniqueEmail('admin-one');
    const two = uniqueEmail('admin-two');
    await invite(admin, { email: one, name: 'One', role: 'admin' });
    await invite(admin, { email: two, name: 'Two', role: 'admin' });
    expect(await pendingOf(one)).toHaveLength(1);
    expect(await pendingOf(two)).toHaveLength(1);
  });

  it('two invitations of one address at the same time leave one live link', async () => {
    const email = uniqueEmail('double');
    const responses = await Promise.all([
      invite(admin, { email, name: 'Double Click' }),
      invite(admin, { email, name: 'Double Click' }),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201]);
    expect(await pendingOf(email)).toHaveLength(1);
    const tokens = await tokensFor(email);
    expect(tokens).toHaveLength(2);
    const results = [];
    for (const token of tokens) results.push((await accept(token)).statusCode);
    expect(results.sort()).toEqual([200, 400]);
  });

  it("the operator's Invite Admin replaces the practice's pending admin link to another address", async () => {
    const inviteAdmin = (adminEmail: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/practices/${other.id}/invitations`,
        headers: bearer(operator),
        payload: { adminEmail },
      });
    const mistyped = uniqueEmail('mistyped');
    const meant = uniqueEmail('meant');
    // A staff invitation of that practice is no admin link: it stays.
    const staff = uniqueEmail('staff');
    await invite(await other.asAdmin(), { email: staff, name: 'Staff', role: 'sub' });
    expect((await inviteAdmin(mistyped)).statusCode).toBe(201);
    const wrong = await tokenFor(mistyped);
    expect((await inviteAdmin(meant)).statusCode).toBe(201);

    const refused = await accept(wrong);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(INVITATION_MESSAGES.invalid);
    expect(await pendingOf(staff)).toHaveLength(1);
    const accepted = await accept(await tokenFor(meant));
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});

describe('POST /api/invitations/accept', () => {
  it('creates the user with the role and permissions, who can then sign in; the link works once', async () => {
    const email = uniqueEmail('accept');
    await invite(admin, { email, name: 'Front Desk Two', role: 'sub', permissions: { canCallLogs: true } });
    const token = await tokenFor(email);

    const body = parseResponse(await accept(token), AcceptInvitationResponseSchema);
    expect(body).toEqual({ success: true, email });

    const session = await t.login(email, PASSWORD);
    const me = parseResponse(
      await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(session) }),
      MeResponseSchema,
    );
    expect(me.user).toMatchObject({ email, name: 'Front Desk Two', role: 'sub' });
    const permissions = parseResponse(
      await t.app.inject({ method: 'GET', url: '/api/user-permissions', headers: bearer(session) }),
      UserPermissionsResponseSchema,
    );
    expect(permissions.data.permissions).toMatchObject({ canCallLogs: true, canAssistants: false });

    const again = await accept(token, 'another-long-password-2');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(INVITATION_MESSAGES.used);
  });

  it('refuses an unknown token with one generic 400 message', async () => {
    const response = await accept('no-such-token');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(INVITATION_MESSAGES.invalid);
    expect((await accept('')).json().message).toBe(INVITATION_MESSAGES.invalid);
  });

  it('refuses an expired link (410) and creates no user', async () => {
    const email = uniqueEmail('late');
    await invite(admin, { email, name: 'Too Late' });
    const token = await tokenFor(email);
    t.clock.advanceMinutes(INVITATION_HOURS * 60 + 1);
    const response = await accept(token);
    expect(response.statusCode).toBe(410);
    expect(response.json().message).toBe(INVITATION_MESSAGES.expired);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    // The clock moved past every session's limit: sign in again for the tests after this one.
    admin = await t.asAdmin();
    operator = await t.login(operatorEmail, 'operator-password-1');
  });

  it('refuses a weak password or the e-mail as password with a 400 and keeps the link usable', async () => {
    const email = uniqueEmail('weak');
    await invite(admin, { email, name: 'Weak' });
    const token = await tokenFor(email);
    expect((await accept(token, 'short')).statusCode).toBe(400);
    expect((await accept(token, email)).statusCode).toBe(400);
    // The part before the @ is refused too, as the user form refuses it (the policy's passwordMatchesAccount).
    const local = await accept(token, email.split('@')[0]!.toUpperCase());
    expect(local.statusCode).toBe(400);
    expect(local.json().fields).toEqual({ password: USER_MESSAGES.passwordSameAsAccount });
    expect((await accept(token)).statusCode).toBe(200);
  });

  it('two accepts of one link at the same time make one user', async () => {
    const email = uniqueEmail('race');
    await invite(admin, { email, name: 'Racer' });
    const token = await tokenFor(email);
    const responses = await Promise.all([accept(token), accept(token), accept(token)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
    // The others waited for the first and were told the link is used (not a clash on the e-mail).
    const refused = responses.filter((response) => response.statusCode === 409);
    expect(refused.map((response) => response.json().message)).toEqual([
      INVITATION_MESSAGES.used,
      INVITATION_MESSAGES.used,
    ]);
    const created = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(created).toHaveLength(1);
    expect(
      await t.database.db.select().from(userPermissions).where(eq(userPermissions.userId, created[0]!.id)),
    ).toHaveLength(1);
  });
});

describe('the invitations service', () => {
  it('holds a second accept of the same link until the first is done, then calls the link used', async () => {
    const repo = createInvitationsRepo(t.database.db);
    // Writing the user is slow here, so the two accepts surely overlap.
    const slowUsers: InvitedUsers = {
      emailInUse: repo.users.emailInUse,
      insert: async (...args) => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        return repo.users.insert(...args);
      },
    };
    const service = createInvitationsService({
      repo,
      mail: createSandboxMail(t.database.db),
      users: slowUsers,
      publicBaseUrl: 'https://console.servc.example',
      now: t.clock.now,
      audit: { record: async () => undefined },
    });
    const [practice] = await t.database.db.select().from(practices).where(eq(practices.id, other.id));
    const email = uniqueEmail('overlap');
    await service.invite(practice!, { email, name: 'Overlap' }, null);
    const token = await tokenFor(email);
    const results = await Promise.allSettled([
      service.accept(token, PASSWORD),
      service.accept(token, PASSWORD),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((result) => result.status === 'rejected')!;
    expect((refused.reason as Error).message).toBe(INVITATION_MESSAGES.used);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });
});

describe('the invitations service, inviting', () => {
  const practiceRow = async () =>
    (await t.database.db.select().from(practices).where(eq(practices.id, other.id)))[0]!;

  function serviceWith(mail: MailPort, entries: AuditEntry[] = []) {
    return createInvitationsService({
      repo: createInvitationsRepo(t.database.db),
      mail,
      publicBaseUrl: 'https://console.servc.example',
      now: t.clock.now,
      audit: { record: async (entry) => void entries.push(entry) },
    });
  }

  it('audits why the mail failed when it is a MailError (ours), a generic reason otherwise', async () => {
    const entries: AuditEntry[] = [];
    const refusing = serviceWith(
      {
        kind: 'smtp',
        send: async () => {
          throw new MailError('The mail server did not accept our credentials.');
        },
      },
      entries,
    );
    const crashing = serviceWith(
      {
        kind: 'smtp',
        send: async () => {
          throw new Error('connect ECONNREFUSED mailer:s3cret@10.0.0.9');
        },
      },
      entries,
    );
    const email = uniqueEmail('unsent');
    await expect(refusing.invite(await practiceRow(), { email, name: 'Unsent' }, null)).rejects.toThrow(
      /could not be sent/,
    );
    await expect(crashing.invite(await practiceRow(), { email, name: 'Unsent' }, null)).rejects.toThrow(
      /could not be sent/,
    );
    expect(entries.map((entry) => [entry.outcome, entry.detail])).toEqual([
      ['failed', 'mail not sent: The mail server did not accept our credentials.'],
      ['failed', 'mail not sent: unexpected error'],
    ]);
    expect(await pendingOf(email)).toEqual([]);
  });

  it('a mail that fails keeps the earlier link working', async () => {
    const email = uniqueEmail('kept');
    await serviceWith(createSandboxMail(t.database.db)).invite(
      await practiceRow(),
      { email, name: 'Kept' },
      null,
    );
    const failing: MailPort = {
      kind: 'smtp',
      send: async () => {
        throw new MailError('The mail server could not be reached.');
      },
    };
    await expect(
      serviceWith(failing).invite(await practiceRow(), { email, name: 'Kept' }, null),
    ).rejects.toThrow(/could not be sent/);
    expect((await accept(await tokenFor(email))).statusCode).toBe(200);
  });

  it('two invitations of one address mailed at the same moment replace each other once: one live link', async () => {
    // Both mails are handed over together, so both invitations replace the other at the same time.
    const sent: Mail[] = [];
    let release!: () => void;
    const together = new Promise<void>((resolve) => (release = resolve));
    const mail: MailPort = {
      kind: 'smtp',
      send: async (message) => {
        sent.push(message);
        if (sent.length === 2) release();
        await together;
      },
    };
    const entries: AuditEntry[] = [];
    const service = serviceWith(mail, entries);
    const practice = await practiceRow();
    const email = uniqueEmail('together');
    await Promise.all([
      service.invite(practice, { email, name: 'Together' }, null),
      service.invite(practice, { email, name: 'Together' }, null),
    ]);
    expect(await pendingOf(email)).toHaveLength(1);
    expect(entries.map((entry) => entry.detail).sort()).toEqual([
      'role sub, replaced 1 pending',
      'role sub, replaced at once by another invitation',
    ]);
  });
});

describe('GET /api/mail/sandbox', () => {
  it("is the operator's: a practice admin gets 403", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/mail/sandbox', headers: bearer(admin) });
    expect(response.statusCode).toBe(403);
  });

  it('lists newest first', async () => {
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await invite(admin, { email: first, name: 'First' });
    t.clock.advanceMinutes(1);
    await invite(admin, { email: second, name: 'Second' });
    const order = (await sandboxMails()).map((mail) => mail.to);
    expect(order.indexOf(second)).toBeLessThan(order.indexOf(first));
  });
});

async function row(id: string) {
  const [found] = await t.database.db.select().from(invitations).where(eq(invitations.id, id));
  return found!;
}

describe('with a mail server configured', () => {
  let smtp: TestApp;
  const failing: MailPort = {
    kind: 'smtp',
    send: async () => {
      throw new Error('connection refused');
    },
  };
  beforeAll(async () => {
    smtp = await createTestApp({ mail: failing });
  });
  afterAll(() => smtp?.close());

  it('has no sandbox to read (404)', async () => {
    const email = `operator-${randomBytes(4).toString('hex')}@servc.example`;
    await smtp.database.db.insert(users).values({
      practiceId: null,
      name: 'Operator',
      email,
      username: email,
      passwordHash: await hashPassword('operator-password-1'),
      role: 'operator',
    });
    const session = await smtp.login(email, 'operator-password-1');
    const response = await smtp.app.inject({
      method: 'GET',
      url: '/api/mail/sandbox',
      headers: bearer(session),
    });
    expect(response.statusCode).toBe(404);
  });

  it('a mail that cannot be sent is a clear 502 and leaves no invitation behind', async () => {
    const response = await smtp.app.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: bearer(await smtp.asAdmin()),
      payload: { email: uniqueEmail('unsent'), name: 'Unsent' },
    });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toMatch(/could not be sent/);
    expect(response.body).not.toContain('connection refused');
    expect(await smtp.database.db.select().from(invitations)).toEqual([]);
  });
});
