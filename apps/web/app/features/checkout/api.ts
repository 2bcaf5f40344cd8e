import type { Checkout, CheckoutTariff, ConfirmCheckoutInput, PaymentStarted } from '@shop/shared';
import { api } from '../../lib/api';

/** The checkout, order and payment calls of SPEC §7. */
export const checkoutApi = {
  get: (checkoutId: string, uniqueCode: string) =>
    api<Checkout>('GET', `/Basket/checkout/${checkoutId}?uniqueCode=${encodeURIComponent(uniqueCode)}`),
  tariffs: (marketId: string, region: string, subtotal: number, weightGrams: number) =>
    api<CheckoutTariff[]>(
      'GET',
      `/ShippingTariff/for-checkout/${marketId}?region=${encodeURIComponent(region)}&subtotal=${subtotal}&weightGrams=${weightGrams}`,
    ),
  confirm: (input: ConfirmCheckoutInput) => api<Checkout>('POST', '/Basket/confirm', input),
  place: (checkoutId: string, uniqueCode: string, expectedTotal: number) =>
    api<Checkout>('POST', '/Order', { checkoutId, uniqueCode, expectedTotal }),
  startPayment: (orderId: string, uniqueCode: string) =>
    api<PaymentStarted>('POST', '/Payment/start', { orderId, uniqueCode }),
  status: (orderId: string, uniqueCode: string) =>
    api<Checkout>('GET', `/Order/status/${orderId}?uniqueCode=${encodeURIComponent(uniqueCode)}`),
};
