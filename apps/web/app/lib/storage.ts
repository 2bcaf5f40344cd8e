/**
 * The values the browser keeps (SPEC §3). Persistent storage holds the string 'null' until a
 * value is known, as the spec describes; reading 'null' yields null here.
 */
export const storageKeys = {
  uniqueCode: 'uniqueCode',
  useCustomTheme: 'useCustomTheme',
  chooseMarket: 'chooseMarket',
  storeName: 'X-Store-Name',
  /** The home of the store this visitor last browsed (on this host): where pages outside it lead back. */
  lastStore: 'lastStore',
} as const;

/** Session storage: the market to return to after signing in, and flows in progress. */
export const sessionKeys = {
  redirectMarketName: 'redirectMarketName',
  pendingEmail: 'pendingEmail',
  pendingLogin: 'pendingLogin',
  resetCode: 'resetCode',
  /** An invitation's token (decision 022): where signing in or registering comes back to. */
  pendingInvitation: 'pendingInvitation',
  googleState: 'googleState',
  /** A bundle being created (cp/create-bundle-1 → 2): a reload of either step keeps it. */
  bundleDraft: 'bundleDraft',
  /** A page of the public site that sent the visitor to sign in (an application): where they come back to. */
  afterSignIn: 'afterSignIn',
  /** A job application between its two steps (apply/{id} → motivation-letter), per vacancy. */
  applicationDraft: 'applicationDraft',
  /** The stores' pop-ups this visitor has seen in this session (ids, space-separated): each shows once. */
  popupsSeen: 'popupsSeen',
} as const;

type Key = (typeof storageKeys)[keyof typeof storageKeys];
type SessionKey = (typeof sessionKeys)[keyof typeof sessionKeys];

function read(store: Storage | undefined, key: string): string | null {
  const value = store?.getItem(key);
  return value === undefined || value === null || value === 'null' ? null : value;
}

const local = () => (typeof window === 'undefined' ? undefined : window.localStorage);
const session = () => (typeof window === 'undefined' ? undefined : window.sessionStorage);

export const stored = {
  get: (key: Key) => read(local(), key),
  set: (key: Key, value: string | null) => local()?.setItem(key, value ?? 'null'),
};

export const sessionStored = {
  get: (key: SessionKey) => read(session(), key),
  set: (key: SessionKey, value: string | null) => session()?.setItem(key, value ?? 'null'),
};

/** Cookies the server reads to render in the right language and theme. */
export const cookieNames = { language: 'language', theme: 'theme' } as const;

export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

export function writeCookie(name: string, value: string, days: number) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and Firefox.
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${days * 86400}; SameSite=Lax`;
}
