import { randomInt } from 'node:crypto';
import { asc } from 'drizzle-orm';
import { phoneNumbers, practices } from '../db/schema/index';
import type { TestApp } from './test-app';

/** The oldest practice: the one the test app's own admin belongs to. */
export async function firstPracticeId(t: TestApp): Promise<string> {
  const [row] = await t.database.db
    .select({ id: practices.id })
    .from(practices)
    .orderBy(asc(practices.createdAt), asc(practices.id))
    .limit(1);
  return row!.id;
}

/**
 * A phone number of the practice (the first one unless named), so that a voice-platform webhook naming it
 * is for that practice (issue 22). Returns its E.164 and our id.
 */
export async function givePracticeNumber(
  t: TestApp,
  options: {
    practiceId?: string;
    number?: string;
    assistantId?: string | null;
    providerId?: string | null;
  } = {},
): Promise<{ id: string; number: string }> {
  const practiceId = options.practiceId ?? (await firstPracticeId(t));
  for (;;) {
    const number = options.number ?? `+1646555${String(randomInt(0, 10_000)).padStart(4, '0')}`;
    const [row] = await t.database.db
      .insert(phoneNumbers)
      .values({
        practiceId,
        number,
        name: 'Test Line',
        assistantId: options.assistantId ?? null,
        providerId: options.providerId ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: phoneNumbers.id });
    if (row) return { id: row.id, number };
    if (options.number) throw new Error(`${number} is taken`);
  }
}
