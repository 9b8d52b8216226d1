import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/index';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function subWithNoPermissions(): Promise<string> {
  const admin = await t.asAdmin();
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/users/atomic',
    headers: bearer(admin),
    payload: {
      user: {
        name: 'No Rights',
        email: 'norights@brightsmile.example',
        username: 'norights',
        password: 'no-rights-pw-1',
        role: 'sub',
      },
      permissions: {},
    },
  });
  expect(created.statusCode).toBe(200);
  return t.login('norights@brightsmile.example', 'no-rights-pw-1');
}

describe('the audit log never loses an entry because of another', () => {
  it('records the poisoning request and every other entry of its batch', async () => {
    const sub = await subWithNoPermissions();
    await t.modules.audit.service.flush();
    const before = (await t.database.db.select().from(auditEvents)).length;
    // In one batch: several denied requests, one with a NUL and a lone surrogate in its path id.
    const responses = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(sub) }),
      t.app.inject({ method: 'PATCH', url: '/api/connectors/%00', headers: bearer(sub), payload: {} }),
      t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(sub) }),
      t.app.inject({ method: 'DELETE', url: '/api/connectors/x%00y?q=%00', headers: bearer(sub) }),
      t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(sub) }),
    ]);
    for (const response of responses) expect(response.statusCode).toBeLessThan(500);
    await t.modules.audit.service.flush();
    const rows = await t.database.db.select().from(auditEvents);
    const added = rows.slice(before);
    expect(added).toHaveLength(5);
    const patch = added.find((row) => row.route === 'PATCH /api/connectors/:id');
    expect(patch).toBeDefined();
    expect(patch!.resourceId).not.toContain('\u0000');
  });

  it('stores text with NUL and lone surrogates, and keeps the rest of a batch when one entry fails', async () => {
    await t.modules.audit.service.flush();
    const before = (await t.database.db.select().from(auditEvents)).length;
    const entries = [
      { action: 'test.one', outcome: 'allowed' as const, detail: 'a\u0000b' },
      { action: 'test.two', outcome: 'allowed' as const, userAgent: 'x\ud800y' },
      // Not a uuid: the database refuses this one entry, never its neighbours.
      {
        action: 'test.three',
        outcome: 'allowed' as const,
        actor: { id: 'not-a-uuid', role: 'sub' as const },
      },
      { action: 'test.four', outcome: 'allowed' as const },
    ];
    const results = await Promise.allSettled(entries.map((entry) => t.modules.audit.service.record(entry)));
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    const rows = (await t.database.db.select().from(auditEvents)).slice(before);
    expect(rows.map((row) => row.action).sort()).toEqual(['test.four', 'test.one', 'test.two']);
    expect(rows.find((row) => row.action === 'test.one')!.detail).toBe('a\ufffdb');
    expect(rows.find((row) => row.action === 'test.two')!.userAgent).toBe('x\ufffdy');
  });
});
