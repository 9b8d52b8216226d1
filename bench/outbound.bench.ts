// Outbound dispatch (issue 14): 1,000 queued calls to the built-in sandbox voice, placed by the dispatcher
// under the concurrency maximum; each simulated call ends by itself through POST /webhook and the calls
// ingest, which frees its slot. Reports calls per second from the first placement to the last settled call,
// and the highest number in flight, sampled from the database and reported by the dispatcher's own claims
// (never above the maximum). Run with `npm run bench -- outbound`.
import { asc, count, eq, inArray } from 'drizzle-orm';
import { DEFAULT_OUTBOUND_SETTINGS } from '../src/shared/schemas/outbound-calls';
import { composeApp } from '../src/server/app';
import {
  assistants,
  outboundCalls,
  outboundSettings,
  phoneNumbers,
  practices,
} from '../src/server/db/schema/index';
import { benchDatabase } from './lib';

const CALLS = Number(process.env.BENCH_OUTBOUND_CALLS ?? 1_000);
const MAX_IN_FLIGHT = Number(process.env.BENCH_OUTBOUND_MAX ?? DEFAULT_OUTBOUND_SETTINGS.maxConcurrentCalls);
/** How long each simulated call lasts (a real one takes minutes; the figure is the dispatcher's overhead). */
const CALL_MS = Number(process.env.BENCH_OUTBOUND_CALL_MS ?? 200);

const database = await benchDatabase();
const { app, modules } = await composeApp({
  db: database.db,
  session: { idleMinutes: 30, maxHours: 12 },
  logLevel: 'silent',
  webhookSecret: 'bench-webhook-secret',
  outbound: { sandboxCallMs: CALL_MS },
});
await app.ready();
try {
  // The demo practice (Bright Smile Dental, the first).
  const [{ id: practiceId }] = (await database.db
    .select({ id: practices.id })
    .from(practices)
    .orderBy(asc(practices.createdAt), asc(practices.id))
    .limit(1)) as [{ id: string }];
  const [assistant] = await database.db
    .select()
    .from(assistants)
    .where(eq(assistants.practiceId, practiceId));
  const [number] = await database.db
    .select()
    .from(phoneNumbers)
    .where(eq(phoneNumbers.practiceId, practiceId))
    .orderBy(phoneNumbers.createdAt);
  const settings = {
    ...DEFAULT_OUTBOUND_SETTINGS,
    callingWindow: { start: '00:00', end: '23:59' },
    maxConcurrentCalls: MAX_IN_FLIGHT,
  };
  await database.db
    .insert(outboundSettings)
    .values({ practiceId, settings })
    .onConflictDoUpdate({ target: outboundSettings.practiceId, set: { settings } });
  for (let offset = 0; offset < CALLS; offset += 500) {
    await database.db.insert(outboundCalls).values(
      Array.from({ length: Math.min(500, CALLS - offset) }, (_, j) => {
        const i = offset + j;
        return {
          practiceId,
          patientId: `bench-${i}`,
          patientName: `Patient ${i}`,
          // Last digit 1-8: answered, so every call is placed once.
          phoneNumber: `+1212${String(5_000_000 + i * 10 + (i % 8) + 1).padStart(7, '0')}`,
          callType: 'reminder' as const,
          assistantId: assistant!.id,
          phoneNumberId: number!.id,
        };
      }),
    );
  }

  let sampledMax = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const [row] = await database.db
        .select({ n: count() })
        .from(outboundCalls)
        .where(eq(outboundCalls.status, 'calling'));
      sampledMax = Math.max(sampledMax, row!.n);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();

  const started = performance.now();
  let claimedMax = 0;
  for (;;) {
    const result = await modules.outboundCalls.dispatcher.run(5_000);
    claimedMax = Math.max(claimedMax, result.highestInFlight);
    const [open] = await database.db
      .select({ n: count() })
      .from(outboundCalls)
      .where(inArray(outboundCalls.status, ['pending', 'calling']));
    if (open!.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const seconds = (performance.now() - started) / 1000;
  sampling = false;
  await sampler;
  const [done] = await database.db
    .select({ n: count() })
    .from(outboundCalls)
    .where(eq(outboundCalls.status, 'completed'));

  console.log(
    `\nOutbound dispatch: ${CALLS} calls, maximum ${MAX_IN_FLIGHT} in flight, sandbox calls of ${CALL_MS} ms`,
  );
  console.log(`  completed                 ${done!.n} / ${CALLS}`);
  console.log(`  wall time                 ${seconds.toFixed(1)} s`);
  console.log(`  calls per second          ${(CALLS / seconds).toFixed(1)}`);
  console.log(
    `  ideal at this maximum     ${((MAX_IN_FLIGHT * 1000) / CALL_MS).toFixed(1)} calls/s (maximum / call length)`,
  );
  console.log(
    `  highest in flight         ${Math.max(sampledMax, claimedMax)} (sampled ${sampledMax}, at claim ${claimedMax})`,
  );
  if (Math.max(sampledMax, claimedMax) > MAX_IN_FLIGHT) {
    console.log('  OVER THE MAXIMUM');
    process.exitCode = 1;
  }
} finally {
  await app.close();
  await database.dispose();
}
