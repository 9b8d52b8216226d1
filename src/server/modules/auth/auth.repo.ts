import { hash, randomBytes } from 'node:crypto';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Principal, Role } from '#shared/permissions';
import type { TableChanges } from '../../db/changes';
import type { PracticeStatus } from '#shared/schemas/practices';
import type { PracticeContext } from '../../practice';
import type { AuthUser } from '../../session';
import type { Db } from '../../db/client';
import { createReadCache } from '../../db/read-cache';
import {
  connectors,
  DEFAULT_TIME_ZONE,
  loginAttempts,
  practices,
  sessions,
  userAssistants,
  userConnectors,
  userPermissions,
  userPhoneNumbers,
  users,
} from '../../db/schema/index';

export function hashSessionId(sessionId: string): string {
  return hash('sha256', sessionId, 'hex');
}

export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

export type { AuthUser };

export interface SessionRecord {
  user: AuthUser;
  principal: Principal;
  practice: PracticeContext | null;
  isActive: boolean;
  createdAt: Date;
  lastUsedAt: Date;
  expiresAt: Date;
}

interface SessionRow extends Record<string, unknown> {
  created_at: Date;
  last_used_at: Date;
  expires_at: Date;
  id: string;
  email: string;
  username: string;
  name: string;
  role: Role;
  is_active: boolean;
  practice_id: string | null;
  practice_name: string | null;
  practice_time_zone: string | null;
  practice_status: PracticeStatus | null;
  can_call_logs: boolean | null;
  can_assistants: boolean | null;
  can_workflows: boolean | null;
  can_book_appointment: boolean | null;
  can_appointment_calendar: boolean | null;
  can_outbound_calls: boolean | null;
  can_messages: boolean | null;
  can_analytics: boolean | null;
  phone_numbers: string[];
  connectors: string[];
  assistants: string[];
}

const FIND_SESSION_SQL = `
  select s.created_at, s.last_used_at, s.expires_at,
         u.id, u.email, u.username, u.name, u.role, u.is_active,
         pr.id as practice_id, pr.name as practice_name, pr.time_zone as practice_time_zone,
         pr.status as practice_status,
         p.can_call_logs, p.can_assistants, p.can_workflows, p.can_book_appointment,
         p.can_appointment_calendar, p.can_outbound_calls, p.can_messages, p.can_analytics,
         array(select up.phone_number_id::text from user_phone_numbers up where up.user_id = u.id) as phone_numbers,
         array(select c.connector_id from user_connectors uc join connectors c on c.id = uc.connector_id
               where uc.user_id = u.id) as connectors,
         array(select ua.assistant_id::text from user_assistants ua where ua.user_id = u.id) as assistants
  from sessions s
  join users u on u.id = s.user_id
  left join practices pr on pr.id = u.practice_id
  left join user_permissions p on p.user_id = u.id
  where s.id_hash = $1`;

/** What a session record is read from: any change to these may end it or change what it allows. */
const SESSION_TABLES = [
  sessions,
  practices,
  users,
  userPermissions,
  userPhoneNumbers,
  userConnectors,
  userAssistants,
  connectors,
];

type Executor = Pick<Db, 'select'>;

/** Recent failures of one kind: how many, and when the latest was. */
export interface FailureCount {
  count: number;
  latest: Date | null;
}

/** What a sign-in attempt is judged on (ADR 047). */
export interface SignInFacts {
  /** Failures for this e-mail since its last success. */
  account: FailureCount;
  /** Failures from this address, whatever the e-mail. */
  address: FailureCount;
  /** Failures for this e-mail from this address since the e-mail's last success. */
  pair: FailureCount;
  /** This e-mail has signed in from this address before. */
  knownPair: boolean;
  /** Someone has signed in from this address before. */
  knownAddress: boolean;
}

/** An attempt held back until `until`; with `unlessCorrect` only a wrong password is refused. */
export interface SignInHold {
  until: Date;
  unlessCorrect: boolean;
}

/** Failures since `since` for the e-mail, the address, or both; per e-mail, a success starts the count again. */
async function recentFailures(
  db: Executor,
  match: { email?: string; clientAddress?: string },
  since: Date,
): Promise<FailureCount> {
  const lastSuccess = db
    .select({ at: sql`max(${loginAttempts.createdAt})` })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, match.email ?? ''), eq(loginAttempts.succeeded, true)));
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      latest: sql<string | null>`max(${loginAttempts.createdAt})`,
    })
    .from(loginAttempts)
    .where(
      and(
        match.email === undefined ? undefined : eq(loginAttempts.email, match.email),
        match.clientAddress === undefined ? undefined : eq(loginAttempts.clientAddress, match.clientAddress),
        eq(loginAttempts.succeeded, false),
        gt(loginAttempts.createdAt, since),
        match.email === undefined
          ? undefined
          : sql`${loginAttempts.createdAt} > coalesce((${lastSuccess}), '-infinity'::timestamptz)`,
      ),
    );
  return { count: row?.count ?? 0, latest: row?.latest ? new Date(row.latest) : null };
}

/** A successful sign-in since `since` from the address (for the e-mail, when given). */
async function signedInBefore(db: Executor, clientAddress: string, since: Date, email?: string) {
  const rows = await db
    .select({ id: loginAttempts.id })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.clientAddress, clientAddress),
        email === undefined ? undefined : eq(loginAttempts.email, email),
        eq(loginAttempts.succeeded, true),
        gt(loginAttempts.createdAt, since),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export function createAuthRepo(db: Db, changes?: TableChanges) {
  const cachedSessions = createReadCache<SessionRecord | undefined>(changes, SESSION_TABLES, { max: 2000 });

  async function readSession(idHash: string): Promise<SessionRecord | undefined> {
    // A named (prepared) statement: this runs on every authenticated request the cache cannot answer.
    const result = await db.$client.query<SessionRow>({
      name: 'find_session',
      text: FIND_SESSION_SQL,
      values: [idHash],
    });
    const row = result.rows[0];
    if (!row) return undefined;
    const admin = row.role === 'admin';
    const flag = (value: boolean | null) => admin || value === true;
    return {
      user: { id: row.id, email: row.email, username: row.username, name: row.name, role: row.role },
      principal: {
        role: row.role,
        permissions: {
          canCallLogs: flag(row.can_call_logs),
          canAssistants: flag(row.can_assistants),
          canWorkflows: flag(row.can_workflows),
          canBookAppointment: flag(row.can_book_appointment),
          canAppointmentCalendar: flag(row.can_appointment_calendar),
          canOutboundCalls: flag(row.can_outbound_calls),
          canMessages: flag(row.can_messages),
          canAnalytics: flag(row.can_analytics),
        },
        assignedPhoneNumbers: row.phone_numbers,
        assignedConnectors: row.connectors,
        assignedAssistants: row.assistants,
      },
      practice: row.practice_id
        ? {
            id: row.practice_id,
            name: row.practice_name ?? '',
            timeZone: row.practice_time_zone ?? DEFAULT_TIME_ZONE,
            status: row.practice_status ?? 'active',
          }
        : null,
      isActive: row.is_active,
      createdAt: new Date(row.created_at),
      lastUsedAt: new Date(row.last_used_at),
      expiresAt: new Date(row.expires_at),
    };
  }

  return {
    async practiceStatus(practiceId: string) {
      const [row] = await db
        .select({ status: practices.status })
        .from(practices)
        .where(eq(practices.id, practiceId));
      return row?.status;
    },

    async findUserByEmail(email: string) {
      const [user] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return user;
    },

    /**
     * The session, its user, the six flags and the three assignment lists, from the read cache unless `fresh`.
     * Another process may have used the session since it was cached: decide that it ended only on a fresh read.
     */
    async findSession(idHash: string, { fresh = false } = {}): Promise<SessionRecord | undefined> {
      if (fresh) return readSession(idHash);
      return cachedSessions.get(idHash, () => readSession(idHash));
    },

    async insertSession(idHash: string, userId: string, createdAt: Date, expiresAt: Date) {
      await db.insert(sessions).values({ idHash, userId, createdAt, lastUsedAt: createdAt, expiresAt });
    },

    async touchSession(idHash: string, at: Date) {
      await db.update(sessions).set({ lastUsedAt: at }).where(eq(sessions.idHash, idHash));
    },

    async deleteSession(idHash: string) {
      await db.delete(sessions).where(eq(sessions.idHash, idHash));
    },

    async deleteUserSessions(userId: string, exceptIdHash?: string) {
      await db
        .delete(sessions)
        .where(
          and(eq(sessions.userId, userId), exceptIdHash ? ne(sessions.idHash, exceptIdHash) : undefined),
        );
    },

    /**
     * Reads what the sign-in limits judge (recent failures per e-mail, per address and per both; whether the
     * address is known) and, unless `judge` answers a time to retry at, records the attempt (as failed until
     * `markAttemptSucceeded`), all under a lock per e-mail and per address: parallel attempts are judged one
     * after another, so a burst gets no more password checks than the limits allow. An unknown address
     * ('unknown') is never known.
     */
    async claimLoginAttempt(
      email: string,
      clientAddress: string,
      at: Date,
      windows: { failuresSince: Date; knownSince: Date },
      judge: (facts: SignInFacts) => SignInHold | null,
    ): Promise<{ attemptId: number; heldUntil: Date | null } | { limited: { retryAt: Date } }> {
      const normalized = email.toLowerCase();
      return db.transaction(async (tx) => {
        // Always e-mail first, then address (two lock classes), so two attempts never wait on each other in a cycle.
        await tx.execute(sql`select pg_advisory_xact_lock(1, hashtext(${normalized}))`);
        await tx.execute(sql`select pg_advisory_xact_lock(2, hashtext(${clientAddress}))`);
        const since = windows.failuresSince;
        const addressKnowable = clientAddress !== 'unknown';
        const facts: SignInFacts = {
          account: await recentFailures(tx, { email: normalized }, since),
          address: await recentFailures(tx, { clientAddress }, since),
          pair: await recentFailures(tx, { email: normalized, clientAddress }, since),
          knownPair:
            addressKnowable && (await signedInBefore(tx, clientAddress, windows.knownSince, normalized)),
          knownAddress: addressKnowable && (await signedInBefore(tx, clientAddress, windows.knownSince)),
        };
        const hold = judge(facts);
        if (hold && !hold.unlessCorrect) return { limited: { retryAt: hold.until } };
        const [row] = await tx
          .insert(loginAttempts)
          .values({ email: normalized, clientAddress, succeeded: false, createdAt: at })
          .returning({ id: loginAttempts.id });
        return { attemptId: row!.id, heldUntil: hold?.until ?? null };
      });
    },

    async markAttemptSucceeded(attemptId: number) {
      await db.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, attemptId));
    },
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
