import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/** False while prerendering and during hydration, true afterwards: for UI that must not be in the static HTML. */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
