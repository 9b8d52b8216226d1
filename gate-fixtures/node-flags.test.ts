import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../scripts/lib/ensure.mjs';

describe('the Node flags of the server (ADR 063)', () => {
  it('are the ones `npm start` runs with', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } };
    expect(SERVER_NODE_FLAGS.length).toBeGreaterThan(0);
    expect(scripts.start).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} scripts/start.mjs`);
  });
});
