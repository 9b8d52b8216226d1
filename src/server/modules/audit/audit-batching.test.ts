import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installAudit } from '../../plugins/audit';
import type { AuditRepo, NewAuditEvent } from './audit.repo';
import { createAuditService, type AuditBatching } from './audit.service';
import type { AuditEntry } from '../../session';

/** A repo that keeps what it was asked to insert; an entry whose detail is `poison` fails its INSERT. */
function fakeRepo() {
  const inserts: NewAuditEvent[][] = [];
  const repo = {
    inserts,
    rows: () => inserts.flat(),
    async insert(events: NewAuditEvent[]) {
      await Promise.resolve();
      if (events.some((event) => event.detail === 'poison')) throw new Error('invalid input');
      inserts.push(events);
    },
  };
  return repo;
}

const AT = new Date('2026-11-29T06:00:00Z');
function service(repo: ReturnType<typeof fakeRepo>, batching: AuditBatching) {
  return createAuditService(repo as unknown as AuditRepo, () => AT, batching);
}

const entry = (n: number, detail: string | null = `entry ${n}`): AuditEntry => ({
  actor: { id: '00000000-0000-4000-8000-000000000001', role: 'admin' },
  practiceId: '00000000-0000-4000-8000-000000000002',
  action: 'patient_data.read',
  outcome: 'allowed',
  resourceType: 'patient_data',
  resourceId: `r-${n}`,
  route: 'POST /webhook',
  detail,
  clientAddress: '127.0.0.1',
  userAgent: 'test',
  requestId: `req-${n}`,
});

describe('audit entries written in batches off the request path (ADR 061)', () => {
  it('gathers the entries of a few ms into one INSERT, in order, every field intact', async () => {
    const repo = fakeRepo();
    const audit = service(repo, { delayMs: 20 });
    const written = Array.from({ length: 30 }, (_, n) => audit.record(entry(n)));
    expect(repo.inserts).toHaveLength(0);
    await Promise.all(written);
    expect(repo.inserts).toHaveLength(1);
    expect(repo.rows().map((row) => row.requestId)).toEqual(Array.from({ length: 30 }, (_, n) => `req-${n}`));
    expect(repo.rows()[7]).toEqual({
      at: AT,
      actorUserId: '00000000-0000-4000-8000-000000000001',
      actorRole: 'admin',
      practiceId: '00000000-0000-4000-8000-000000000002',
      action: 'patient_data.read',
      resourceType: 'patient_data',
      resourceId: 'r-7',
      outcome: 'allowed',
      route: 'POST /webhook',
      detail: 'entry 7',
      clientAddress: '127.0.0.1',
      userAgent: 'test',
      requestId: 'req-7',
    });
  });

  it('writes a full batch at once, and the rest after it', async () => {
    const repo = fakeRepo();
    const audit = service(repo, { delayMs: 60_000, batchSize: 10 });
    const written = Array.from({ length: 25 }, (_, n) => audit.record(entry(n)));
    await Promise.all(written.slice(0, 20));
    expect(repo.inserts.map((batch) => batch.length)).toEqual([10, 10]);
    await audit.flush();
    await Promise.all(written);
    expect(repo.inserts.map((batch) => batch.length)).toEqual([10, 10, 5]);
    expect(repo.rows().map((row) => row.resourceId)).toEqual(Array.from({ length: 25 }, (_, n) => `r-${n}`));
  });

  it('flush() writes what waits without waiting for the delay', async () => {
    const repo = fakeRepo();
    const audit = service(repo, { delayMs: 60_000 });
    const written = audit.record(entry(1));
    await audit.flush();
    await written;
    expect(repo.rows()).toHaveLength(1);
    await audit.flush();
    expect(repo.inserts).toHaveLength(1);
  });

  it('a failing entry does not take the others of its batch with it', async () => {
    const repo = fakeRepo();
    const audit = service(repo, { delayMs: 5 });
    const outcomes = await Promise.allSettled([
      audit.record(entry(1)),
      audit.record(entry(2, 'poison')),
      audit.record(entry(3)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(repo.rows().map((row) => row.requestId)).toEqual(['req-1', 'req-3']);
    // And the log goes on: the next batch is written as usual.
    await audit.record(entry(4));
    expect(repo.rows().map((row) => row.requestId)).toEqual(['req-1', 'req-3', 'req-4']);
  });

  it('closing the app writes the entries of the requests just answered', async () => {
    const repo = fakeRepo();
    const audit = service(repo, { delayMs: 60_000 });
    const app = Fastify();
    app.decorateRequest('auth', null);
    installAudit(app, audit);
    app.get('/api/patients/:id', { config: { phi: true } }, async () => ({ ok: true }));
    await app.ready();
    for (const id of ['a', 'b', 'c']) {
      expect((await app.inject({ url: `/api/patients/${id}` })).statusCode).toBe(200);
    }
    expect(repo.rows()).toHaveLength(0);
    await app.close();
    expect(repo.rows().map((row) => row.resourceId)).toEqual(['a', 'b', 'c']);
  });
});
