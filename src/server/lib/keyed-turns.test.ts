import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createKeyedTurns } from './keyed-turns';

describe('createKeyedTurns', () => {
  it('runs tasks of one key one at a time, in order, and other keys alongside', async () => {
    const inTurn = createKeyedTurns();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const task = (name: string) => async () => {
      most = Math.max(most, ++running);
      log.push(`start ${name}`);
      await sleep(5);
      log.push(`end ${name}`);
      running--;
      return name;
    };
    const results = await Promise.all([
      inTurn('day-1', task('a')),
      inTurn('day-1', task('b')),
      inTurn('day-1', task('c')),
      inTurn('day-2', task('x')),
    ]);
    expect(results).toEqual(['a', 'b', 'c', 'x']);
    const day1 = log.filter((line) => !line.endsWith('x'));
    expect(day1).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(most).toBe(2);
  });

  it('goes on after a task fails, and passes the failure to its caller', async () => {
    const inTurn = createKeyedTurns();
    const failing = inTurn('k', async () => {
      throw new Error('no');
    });
    const next = inTurn('k', async () => 'next');
    await expect(failing).rejects.toThrow('no');
    await expect(next).resolves.toBe('next');
  });
});
