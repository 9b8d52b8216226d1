/**
 * Runs tasks that share a key one after another in this process, tasks with other keys side by side. A task
 * waiting for its turn holds nothing (no pooled connection), so a crowd of requests for one key queues in
 * memory instead of emptying the pool; a failed task does not stop the ones after it.
 */
export function createKeyedTurns() {
  const tails = new Map<string, Promise<unknown>>();
  return async function inTurn<T>(key: string, task: () => Promise<T>): Promise<T> {
    const run = (tails.get(key) ?? Promise.resolve()).then(task, task);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    try {
      return await run;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}
