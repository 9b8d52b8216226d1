import { asc, eq } from 'drizzle-orm';
import { assistants, phoneNumbers } from '../db/schema/index';
import { firstPracticeId } from './practice-number';
import type { TestApp } from './test-app';

/** The number the voice platform's sample messages call (fixtures/vendor-samples/vapi, fixtures/processor). */
export const SAMPLE_CALLED_NUMBER = '+15555550100';

/**
 * Makes the numbers and the assistant the voice platform's sample messages name the demo practice's own, so
 * their reports are stored for it: a report naming no number or assistant of any practice is stored for none
 * (issue 22). `practiceId`: another practice's instead.
 */
export async function holdSampleNumbers(t: TestApp, practiceId?: string): Promise<void> {
  const db = t.database.db;
  const owner = practiceId ?? (await firstPracticeId(t));
  await db
    .insert(phoneNumbers)
    .values([
      {
        practiceId: owner,
        providerId: '0eac8823-0000-4000-8000-000000000002',
        name: 'Sample Line',
        number: SAMPLE_CALLED_NUMBER,
      },
      {
        practiceId: owner,
        providerId: '4a5a04dc-dcbe-45b1-8f64-fd32a253d136',
        name: 'Sample Legacy Line',
        number: '+19254207621',
      },
    ])
    .onConflictDoNothing();
  // The web call's assistant: a copy of the practice's first, under the platform's id in the sample.
  const [first] = await db
    .select()
    .from(assistants)
    .where(eq(assistants.practiceId, owner))
    .orderBy(asc(assistants.createdAt))
    .limit(1);
  if (!first) return;
  const { id: _id, createdAt: _created, updatedAt: _updated, ...copy } = first;
  await db
    .insert(assistants)
    .values({ ...copy, name: 'Sample Web Assistant', providerId: '054ea7e1-a5fc-4b9c-8c7c-9c6e80d21921' })
    .onConflictDoNothing();
}
