import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, sandboxOutboundPlacements } from '../../db/schema/index';
import { firstPracticeId } from '../../test/practice-number';
import { createTestApp, TEST_WEBHOOK_SECRET, type TestApp } from '../../test/test-app';
import { createSandboxOutbound } from './sandbox-outbound';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the sandbox voice after a restart', () => {
  it('finishes a call the dead process placed a moment ago (issue 19: left calling for good)', async () => {
    const callId = randomUUID();
    await t.database.db.insert(sandboxOutboundPlacements).values({
      practiceId: await firstPracticeId(t),
      placementKey: `${randomUUID()}:1`,
      callId,
      request: { number: '+12125550123', name: 'Pat Restart' },
      createdAt: new Date(),
    });
    // A new process, started at once: its sandbox has played nothing yet.
    const sandbox = createSandboxOutbound({
      app: t.app,
      db: t.database.db,
      secret: TEST_WEBHOOK_SECRET,
      durationMs: 20,
    });
    try {
      expect(await sandbox.resumeOrphans()).toBe(1);
      for (let tries = 0; ; tries++) {
        const [call] = await t.database.db.select().from(calls).where(eq(calls.providerId, callId));
        if (call?.status === 'ended') break;
        if (tries > 100) throw new Error('the orphaned call never ended');
        await sleep(50);
      }
      // Ended calls are not played again by the next start.
      expect(await sandbox.resumeOrphans()).toBe(0);
    } finally {
      sandbox.stop();
    }
  });
});
