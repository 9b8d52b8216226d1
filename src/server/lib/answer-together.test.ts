import { describe, expect, it } from 'vitest';
import { answerTogether } from './answer-together';

describe('answerTogether', () => {
  it('lets every caller of one turn go on together, in the check phase, in the order they came', async () => {
    const order: string[] = [];
    // Queued before the turn: a turn that resolved at once (a microtask) would let the callers go first.
    setImmediate(() => order.push('check phase'));
    const waiting = [1, 2, 3].map((n) => answerTogether().then(() => order.push(`caller ${n}`)));
    expect(new Set([answerTogether(), answerTogether()]).size).toBe(1);
    await Promise.all(waiting);
    expect(order).toEqual(['check phase', 'caller 1', 'caller 2', 'caller 3']);
  });

  it('starts a new turn once the last one has gone', async () => {
    const first = answerTogether();
    await first;
    expect(answerTogether()).not.toBe(first);
  });
});
