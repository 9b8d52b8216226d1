import { PgTransaction } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { readAll } from './read-all';

describe('readAll', () => {
  const log: string[] = [];
  const read = (name: string) => async () => {
    log.push(`start ${name}`);
    await new Promise((resolve) => setTimeout(resolve, 1));
    log.push(`end ${name}`);
    return name;
  };

  it('starts every read at once on the pool', async () => {
    log.length = 0;
    expect(await readAll({}, [read('a'), read('b')])).toEqual(['a', 'b']);
    expect(log).toEqual(['start a', 'start b', 'end a', 'end b']);
  });

  it('starts each read after the last has ended on a transaction', async () => {
    log.length = 0;
    const tx: unknown = Object.create(PgTransaction.prototype);
    expect(await readAll(tx, [read('a'), read('b')])).toEqual(['a', 'b']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b']);
  });
});
