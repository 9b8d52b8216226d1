import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { users } from '../schema/index';

/** The demo sign-ins (README, "Sign in"). They exist only in a demo database: production refuses to start with one. */
export const DEMO_ADMIN = { email: 'admin@brightsmile.example', password: 'admin1234' } as const;
export const DEMO_FRONT_DESK = { email: 'frontdesk@brightsmile.example', password: 'frontdesk1234' } as const;
export const DEMO_VET_ADMIN = { email: 'admin@pawsclaws.example', password: 'admin1234' } as const;
export const DEMO_VET_FRONT_DESK = {
  email: 'reception@pawsclaws.example',
  password: 'frontdesk1234',
} as const;
export const DEMO_OPERATOR = { email: 'operator@servc.example', password: 'operator1234' } as const;

export const DEMO_LOGIN_EMAILS: readonly string[] = [
  DEMO_ADMIN,
  DEMO_FRONT_DESK,
  DEMO_VET_ADMIN,
  DEMO_VET_FRONT_DESK,
  DEMO_OPERATOR,
].map((login) => login.email);

/** The demo e-mails that have a user in this database (any practice, active or not). */
export async function demoLoginsIn(db: Pick<Db, 'select'>): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, [...DEMO_LOGIN_EMAILS]));
  return rows.map((row) => row.email.toLowerCase()).sort();
}
