// pg deprecates a query sent on a client that is still running one (on a transaction's one connection it only
// queues), and pg 9 will throw. Here it fails the run at once, from the test that sent it.
const key = Symbol.for('servc.noQueuedQueries');
const marked = globalThis as { [key]?: true };
if (!marked[key]) {
  marked[key] = true;
  process.on('warning', (warning) => {
    if (warning.name === 'DeprecationWarning' && warning.message.includes('already executing a query'))
      throw warning;
  });
}
