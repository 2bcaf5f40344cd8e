import type { Language, StoreTheme } from '@shop/shared';
import { createContext, useCallback, useContext } from 'react';

/** What every storefront page knows about its store (from the storefront layout's loader). */
export interface StoreInfo {
  id: string;
  name: string;
  description: string | null;
  logoUrl: string | null;
  theme: StoreTheme;
  /** '' on the store's custom domain, '/{marketName}' on the platform's host. */
  base: string;
  language: Language;
}

export const StoreContext = createContext<StoreInfo | null>(null);

/** The store of the page; null on the platform's own host outside /{marketName}. */
export function useStore(): StoreInfo | null {
  return useContext(StoreContext);
}

/**
 * Every link inside a store goes through this: `/x` on the store's custom domain,
 * `/{marketName}/x` on the platform's host. `''` is the store's home.
 */
export function storePath(base: string, path = ''): string {
  return `${base}${path}` || '/';
}

export function useStorePath(): (path?: string) => string {
  const store = useStore();
  const base = store?.base ?? '';
  return useCallback((path = '') => storePath(base, path), [base]);
}
