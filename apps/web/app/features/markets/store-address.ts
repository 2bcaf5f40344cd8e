import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * The site's origin. The server render has no window, so it renders without the origin and
 * the browser fills it in after hydration instead of mismatching.
 */
export function useOrigin(): string {
  return useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => '',
  );
}

/** A store is served at /{marketName} (SPEC §2). */
export function storeAddress(origin: string, name: string): string {
  return `${origin}/${name}`;
}
