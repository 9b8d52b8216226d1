import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { forbidden } from '../errors';
import type { AuditService } from '../modules/audit/audit.service';
import { installAudit } from './audit';
import { installErrorHandler } from './error-handler';

async function appWith(record: AuditService['record']) {
  const app = Fastify();
  installErrorHandler(app);
  app.decorateRequest('auth', null);
  installAudit(app, { record, flush: async () => undefined } as unknown as AuditService);
  app.get('/api/patients/:id', { config: { phi: true } }, async () => ({ ok: true }));
  app.get('/api/plain', async () => ({ ok: true }));
  app.get('/api/secret', async () => {
    throw forbidden();
  });
  await app.ready();
  return app;
}

describe('the audit hook', () => {
  it('records a read of a route marked phi, with the route pattern and never the concrete URL', async () => {
    const record = vi.fn(async () => undefined);
    const app = await appWith(record);
    await app.inject({ url: '/api/patients/p-1?q=Jane' });
    await app.inject({ url: '/api/plain' });
    expect(record).toHaveBeenCalledTimes(1);
    expect(record).toHaveBeenCalledWith(
      expect.objectContaining({
        action: 'patient_data.read',
        outcome: 'allowed',
        resourceId: 'p-1',
        route: 'GET /api/patients/:id',
      }),
    );
    expect(JSON.stringify(record.mock.calls)).not.toContain('Jane');
  });

  it('records every 403 as denied', async () => {
    const record = vi.fn(async () => undefined);
    const app = await appWith(record);
    expect((await app.inject({ url: '/api/secret' })).statusCode).toBe(403);
    expect(record).toHaveBeenCalledWith(
      expect.objectContaining({ action: 'access.denied', outcome: 'denied' }),
    );
  });
});
