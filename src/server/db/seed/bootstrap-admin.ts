import { sql } from 'drizzle-orm';
import { passwordProblem } from '#shared/password-policy';
import { hashPassword } from '../../lib/passwords';
import type { Db, Tx } from '../client';
import { practices, userPermissions, users } from '../schema/index';

/**
 * ADMIN_EMAIL / ADMIN_PASSWORD: creates that admin of the first practice once; an existing user with the
 * e-mail is left alone. The password is a new one, so it must pass the password policy (ADR 047), or the
 * server does not start.
 */
export function ensureAdmin(db: Db, email: string, password: string): Promise<boolean> {
  return ensureUser(db, {
    email,
    password,
    role: 'admin',
    variable: 'ADMIN_PASSWORD',
    name: 'Administrator',
  });
}

/** OPERATOR_EMAIL / OPERATOR_PASSWORD: the vendor's operator (no practice), on the same terms as the admin. */
export function ensureOperator(db: Db, email: string, password: string): Promise<boolean> {
  return ensureUser(db, {
    email,
    password,
    role: 'operator',
    variable: 'OPERATOR_PASSWORD',
    name: 'Operator',
  });
}

async function ensureUser(
  db: Db,
  user: { email: string; password: string; role: 'admin' | 'operator'; variable: string; name: string },
): Promise<boolean> {
  const { email, password, role } = user;
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  if (existing.length > 0) return false;
  const problem = passwordProblem(password, { email });
  if (problem) throw new Error(`${user.variable}: ${problem}`);
  const passwordHash = await hashPassword(password);
  const base = email.split('@')[0] ?? role;
  return db.transaction(async (tx) => {
    const taken = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.username} = ${base}`);
    const username = taken.length > 0 ? `${base}-${Date.now().toString(36)}` : base;
    // The migration makes the first practice; a database without one gets it here.
    const practiceId = role === 'operator' ? null : await firstPracticeId(tx);
    const [created] = await tx
      .insert(users)
      .values({ practiceId, name: user.name, email, username, passwordHash, role })
      .onConflictDoNothing()
      .returning();
    if (!created) return false;
    if (practiceId) await tx.insert(userPermissions).values({ practiceId, userId: created.id });
    return true;
  });
}

async function firstPracticeId(tx: Tx): Promise<string> {
  const [first] = await tx
    .select({ id: practices.id })
    .from(practices)
    .orderBy(practices.createdAt, practices.id)
    .limit(1);
  if (first) return first.id;
  const [made] = await tx
    .insert(practices)
    .values({ name: 'My practice', practiceType: 'dental-practices' })
    .returning({ id: practices.id });
  return made!.id;
}
