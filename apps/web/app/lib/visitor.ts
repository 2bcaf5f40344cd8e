import { storageKeys, stored } from './storage';

const VALID = /^[A-Za-z0-9_-]{8,128}$/;

function randomPart(bytes: number): string {
  const buffer = new Uint8Array(bytes);
  crypto.getRandomValues(buffer);
  let binary = '';
  for (const b of buffer) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The visitor id already kept in this browser (SPEC §3 uniqueCode), or null. */
export function storedVisitorId(): string | null {
  const value = stored.get(storageKeys.uniqueCode);
  return value && VALID.test(value) ? value : null;
}

let pending: Promise<string> | undefined;

/**
 * The visitor id that keys the basket: a browser fingerprint (SPEC §7 "a browser fingerprint is
 * computed to make the visitor id") joined with random bytes, so that two identical devices
 * never share a basket. The fingerprint library is downloaded only the first time, when no id
 * is stored yet; then the stored id is used.
 */
export function visitorId(): Promise<string> {
  const known = storedVisitorId();
  if (known) return Promise.resolve(known);
  pending ??= (async () => {
    let fingerprint = '';
    try {
      const { load } = await import('@fingerprintjs/fingerprintjs');
      // No statistics request to the vendor: the library runs entirely in the browser.
      const agent = await load({ monitoring: false });
      fingerprint = (await agent.get()).visitorId.replace(/[^A-Za-z0-9]/g, '').slice(0, 32);
    } catch {
      // A browser that blocks fingerprinting still gets a working (random) id.
    }
    const id = `${fingerprint || randomPart(12)}-${randomPart(12)}`;
    stored.set(storageKeys.uniqueCode, id);
    return id;
  })().finally(() => {
    pending = undefined;
  });
  return pending;
}
