import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditListResponseSchema } from '#shared/schemas/audit';
import { auditEvents } from '../../db/schema/index';
import { parseResponse } from '../../test/parse-response';
import { firstPracticeId, givePracticeNumber } from '../../test/practice-number';
import { bearer, createTestApp, platformWebhook, type TestApp } from '../../test/test-app';

// The voice platform reads a practice's patient data without a session: the entry it leaves in the audit log
// belongs to the practice the call is for, so the practice's own log shows it (ADR 005).

let t: TestApp;
let calledNumber: string;
let practiceId: string;
beforeAll(async () => {
  t = await createTestApp();
  calledNumber = (await givePracticeNumber(t)).number;
  practiceId = await firstPracticeId(t);
});
afterAll(() => t.close());

const findPatient = (called: string) =>
  platformWebhook(t.app, {
    message: {
      type: 'tool-calls',
      toolCallList: [{ id: 'tc-find', type: 'function', function: { name: 'findPatient', arguments: {} } }],
      customer: { number: '+12125550143' },
      phoneNumber: { number: called },
    },
  });

async function entryOf(requestId: string) {
  for (let waited = 0; waited < 5_000; waited += 25) {
    await t.modules.audit.service.flush();
    const [entry] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.requestId, requestId), eq(auditEvents.route, 'POST /webhook')));
    if (entry) return entry;
    await sleep(25);
  }
  throw new Error(`no audit entry for request ${requestId}`);
}

describe("a voice tool call's audit entry", () => {
  it('names the practice of the number called, and that practice sees it in its audit log', async () => {
    const response = await findPatient(calledNumber);
    expect(response.statusCode).toBe(200);
    const requestId = String(response.headers['x-request-id']);
    const entry = await entryOf(requestId);
    expect(entry).toMatchObject({
      practiceId,
      action: 'patient_data.read',
      outcome: 'allowed',
      actorUserId: null,
    });

    const admin = await t.asAdmin();
    const { events } = parseResponse(
      await t.app.inject({
        method: 'GET',
        url: '/api/audit-events?limit=100&action=patient_data.read',
        headers: bearer(admin),
      }),
      AuditListResponseSchema,
    );
    expect(events.map((event) => event.requestId)).toContain(requestId);
  });

  it("belongs to no practice when the number called is nobody's", async () => {
    const response = await findPatient('+19995550100');
    expect(response.statusCode).toBe(200);
    const entry = await entryOf(String(response.headers['x-request-id']));
    expect(entry.practiceId).toBeNull();
  });
});
