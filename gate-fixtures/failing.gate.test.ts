import { expect, it } from 'vitest';
import { createTestApp } from '../src/server/test/test-app';

it('fails on purpose: health is not a 418', async () => {
  const t = await createTestApp({ seed: false });
  const response = await t.app.inject({ method: 'GET', url: '/api/health' });
  await t.close();
  expect(response.statusCode).toBe(418);
});
