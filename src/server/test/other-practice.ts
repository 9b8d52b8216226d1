import { randomBytes } from 'node:crypto';
import type { PracticeType } from '#shared/schemas/practices';
import type { Db } from '../db/client';
import { practices, users } from '../db/schema/index';
import { hashPassword } from '../lib/passwords';
import type { TestApp } from './test-app';

export interface OtherPractice {
  id: string;
  adminEmail: string;
  /** A session of the practice's admin. */
  asAdmin(): Promise<string>;
}

/**
 * A second practice with its own admin, for tests that prove one practice never sees another's rows
 * (issue 22). It holds nothing else: a test adds what it needs through the API as its admin.
 */
export async function createOtherPractice(
  t: TestApp,
  options: { name?: string; practiceType?: PracticeType; timeZone?: string } = {},
): Promise<OtherPractice> {
  const db: Db = t.database.db;
  const [practice] = await db
    .insert(practices)
    .values({
      name: options.name ?? 'Other Practice',
      practiceType: options.practiceType ?? 'veterinary-clinics',
      timeZone: options.timeZone ?? 'America/Chicago',
    })
    .returning();
  const suffix = randomBytes(4).toString('hex');
  const adminEmail = `admin-${suffix}@other.example`;
  const password = `other-practice-${suffix}`;
  await db.insert(users).values({
    practiceId: practice!.id,
    name: 'Other Admin',
    email: adminEmail,
    username: `other-admin-${suffix}`,
    passwordHash: await hashPassword(password),
    role: 'admin',
  });
  return { id: practice!.id, adminEmail, asAdmin: () => t.login(adminEmail, password) };
}
