import { expect, it } from 'vitest';
import { createTestApp } from '../src/server/test/test-app';

it('answers health on a test database', async () => {
  const t = await createTestApp({ seed: false });
  const response = await t.app.inject({ method: 'GET', url: '/api/health' });
  await t.close();
  expect(response.statusCode).toBe(200);
});
