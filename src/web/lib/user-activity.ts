/**
 * When the person last did something (a click, a tap, a key). A request sent long after that was started by
 * the page itself (polling, a refetch) and is marked as a background request, which does not keep the session
 * alive (ADR 025). Loading the page counts as doing something.
 */
const RECENT_INPUT_MS = 5_000;
let lastInputAt = Date.now();

if (typeof window !== 'undefined') {
  for (const type of ['pointerdown', 'keydown', 'touchstart'] as const) {
    window.addEventListener(
      type,
      () => {
        lastInputAt = Date.now();
      },
      { capture: true, passive: true },
    );
  }
}

export function isBackgroundRequest(now = Date.now()): boolean {
  return now - lastInputAt > RECENT_INPUT_MS;
}
