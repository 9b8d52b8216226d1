import { describe, expect, it } from 'vitest';
import { safeErrorSummary } from './error-handler';

describe('safeErrorSummary', () => {
  it('keeps type, codes and frames but never the message, which can quote SQL parameters', () => {
    const cause = Object.assign(new Error('duplicate key value'), { code: '23505' });
    const error = new Error('Failed query: insert into patients values ($1)\nparams: +12125550143,Jane Doe', {
      cause,
    });
    const summary = safeErrorSummary(error);
    expect(summary.code).toBe('23505');
    expect(summary.type).toBe('Error');
    expect(summary.frames.length).toBeGreaterThan(0);
    expect(JSON.stringify(summary)).not.toMatch(/Jane|2125550143|insert into/);
  });
});
