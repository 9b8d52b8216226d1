// pg deprecates a query sent on a client that is still running one (on a transaction's one connection it only
// queues), and pg 9 will throw. Here it is an unhandled error, which fails the run and names the test file that
// was running (an error outside any test counts as a failure: ADR 040).
const key = Symbol.for('servc.noQueuedQueries');
const marked = globalThis as { [key]?: true };
if (!marked[key]) {
  marked[key] = true;
  process.on('warning', (warning) => {
    if (warning.name === 'DeprecationWarning' && warning.message.includes('already executing a query'))
      throw warning;
  });
}
