import { useState, useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False while React takes over markup the server rendered (decisions/018) and on the server itself,
 * true otherwise. A component shows what the server drew until then, so the two renders match.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/** True for the lifetime of a component whose first render took over server-rendered markup. */
export function useWasServerRendered(): boolean {
  const isHydrated = useIsHydrated();
  const [wasServerRendered] = useState(!isHydrated);
  return wasServerRendered;
}
