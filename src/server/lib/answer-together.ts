/**
 * Resolves in the event loop's next check phase, together with every other caller of this turn (ADR 053).
 * Requests that arrived in one poll phase then do their work, and write their responses, in one burst instead
 * of each from its own read: under load the responses leave together, and the load on the machine's other core
 * (the caller, the database) is woken once per burst instead of once per response. Costs one loop turn (well
 * under a millisecond) when the server is idle.
 */
let turn: Promise<void> | undefined;

export function answerTogether(): Promise<void> {
  turn ??= new Promise<void>((resolve) =>
    setImmediate(() => {
      turn = undefined;
      resolve();
    }),
  );
  return turn;
}
