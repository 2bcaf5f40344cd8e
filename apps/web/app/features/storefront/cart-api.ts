import type { Basket, Checkout } from '@shop/shared';
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
};
