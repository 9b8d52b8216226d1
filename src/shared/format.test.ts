import { describe, expect, it } from 'vitest';
import { formatDuration } from './format';

describe('formatDuration', () => {
  it.each([
    [null, '0:00'],
    [undefined, '0:00'],
    [0, '0:00'],
    [9, '0:09'],
    [75, '1:15'],
    [3600, '60:00'],
  ])('%s seconds is %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});
