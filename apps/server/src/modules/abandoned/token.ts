import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '@shop/shared';

/**
 * Recovery links: `{checkoutId}.{signature}`. The signature is an HMAC of the checkout id keyed
 * with the checkout's visitor id — a secret of the shopper's browser that no page shows anyone
 * else — so a link can't be made from a checkout id seen elsewhere (a payment-result URL, the
 * panel), needs no stored token, and stays valid across processes and restarts.
 */
const PURPOSE = 'abandoned-checkout-recovery:';
const SIGNATURE_CHARS = 32;

function signature(checkoutId: string, uniqueCode: string): string {
  return createHmac('sha256', uniqueCode)
    .update(PURPOSE + checkoutId)
    .digest('base64url')
    .slice(0, SIGNATURE_CHARS);
}

export function recoveryToken(checkoutId: string, uniqueCode: string): string {
  return `${checkoutId}.${signature(checkoutId, uniqueCode)}`;
}

/** The checkout id a token names (still to be checked with `tokenMatches`), or null. */
export function tokenCheckoutId(token: string): string | null {
  const dot = token.indexOf('.');
  const checkoutId = token.slice(0, dot);
  return dot > 0 && isUuid(checkoutId) && /^[A-Za-z0-9_-]+$/.test(token.slice(dot + 1)) ? checkoutId : null;
}

export function tokenMatches(token: string, checkoutId: string, uniqueCode: string): boolean {
  const expected = Buffer.from(recoveryToken(checkoutId, uniqueCode));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
