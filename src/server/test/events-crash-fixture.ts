/**
 * A process for events.db.test.ts to kill -9: it creates a practice and publishes `practice.created` in the
 * same transaction, commits, says so, and then either waits before delivering (`before-delivery`) or hangs in
 * the durable subscriber (`mid-delivery`). Usage: node --import tsx events-crash-fixture.ts <url> <mode> <name>
 */
import { connectDatabase } from '../db/client';
import { practices } from '../db/schema/index';
import { createEventBus } from '../events';

const [url, mode, name] = process.argv.slice(2) as [string, 'before-delivery' | 'mid-delivery', string];
const database = connectDatabase(url, 2);
const events = createEventBus({ db: database.db, log: { error: () => undefined }, leaseMs: 2_000 });
events.subscribeDurable('practice.created', 'test.welcome', async () => {
  process.stdout.write('delivering\n');
  await new Promise(() => undefined);
});

const deliver = await database.db.transaction(async (tx) => {
  const [practice] = await tx
    .insert(practices)
    .values({ name, practiceType: 'dental-practices', timeZone: 'America/New_York' })
    .returning();
  return events.publishWithin(tx, 'practice.created', { practiceId: practice!.id, name });
});
process.stdout.write('committed\n');
if (mode === 'mid-delivery') await deliver();
else await new Promise(() => undefined);
