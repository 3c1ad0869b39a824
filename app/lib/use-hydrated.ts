import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False on the server and during hydration, true afterwards. Controls that need JavaScript render
 * their no-JavaScript form (a link, a <details>, all answers open) until this turns true, so the
 * server HTML works on its own and hydration never mismatches.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
