import type { Basket, Checkout, PopupView } from '@shop/shared';
import { api } from '../../lib/api';

/** The basket calls of SPEC §7 (the basket belongs to the market and the visitor id). */
export const basketApi = {
  get: (marketId: string, uniqueCode: string) =>
    api<Basket>('GET', `/Basket/get-or-create/${marketId}/${encodeURIComponent(uniqueCode)}`),
  add: (input: {
    marketId: string;
    uniqueCode: string;
    productId: string;
    variantId: string | null;
    quantity: number;
  }) => api<Basket>('POST', '/Basket/add-product', input),
  update: (input: { marketId: string; uniqueCode: string; basketItemId: string; quantity: number }) =>
    api<Basket>('PUT', '/Basket/update-quantity', input),
  remove: (marketId: string, uniqueCode: string, basketItemId: string) =>
    api<Basket>('DELETE', `/Basket/${basketItemId}/${marketId}/${encodeURIComponent(uniqueCode)}`),
  checkout: (marketId: string, uniqueCode: string) =>
    api<Checkout>('POST', `/Basket/checkout/${encodeURIComponent(uniqueCode)}/${marketId}`),
  /** One of each of a live bundle's products; `variants[productId]` for those with options. */
  addBundle: (input: { marketId: string; uniqueCode: string; bundleId: string; variants: Record<string, string> }) =>
    api<Basket>('POST', '/Basket/add-bundle', input),
  acceptPopup: (input: { marketId: string; uniqueCode: string; popupId: string }) =>
    api<Basket>('POST', '/Basket/accept-popup', input),
};

/**
 * The store's live offers (SPEC §7 Discount). Only live ones: the store's owner, browsing it
 * signed in, is answered every one of them.
 */
export const offersApi = {
  popup: async (marketId: string) =>
    (await api<PopupView[]>('GET', `/Discount/popups?marketId=${marketId}`)).find((p) => p.status === 'live'),
};
