import { sql } from 'drizzle-orm';
import { passwordProblem } from '#shared/password-policy';
import { hashPassword } from '../../lib/passwords';
import type { Db } from '../client';
import { userPermissions, users } from '../schema/index';

/**
 * ADMIN_EMAIL / ADMIN_PASSWORD: creates that admin once; an existing user with the e-mail is left alone. The
 * password is a new one, so it must pass the password policy (ADR 047), or the server does not start.
 */
export async function ensureAdmin(db: Db, email: string, password: string): Promise<boolean> {
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  if (existing.length > 0) return false;
  const problem = passwordProblem(password, { email });
  if (problem) throw new Error(`ADMIN_PASSWORD: ${problem}`);
  const passwordHash = await hashPassword(password);
  const base = email.split('@')[0] ?? 'admin';
  return db.transaction(async (tx) => {
    const taken = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.username} = ${base}`);
    const username = taken.length > 0 ? `${base}-${Date.now().toString(36)}` : base;
    const [user] = await tx
      .insert(users)
      .values({ name: 'Administrator', email, username, passwordHash, role: 'admin' })
      .onConflictDoNothing()
      .returning();
    if (!user) return false;
    await tx.insert(userPermissions).values({ userId: user.id });
    return true;
  });
}
