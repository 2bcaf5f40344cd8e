import type { Checkout, CheckoutTariff, ConfirmCheckoutInput, PaymentMethod, PaymentStarted } from '@shop/shared';
import { api } from '../../lib/api';

/** The checkout, order and payment calls of SPEC §7. */
export const checkoutApi = {
  get: (checkoutId: string, uniqueCode: string) =>
    api<Checkout>('GET', `/Basket/checkout/${checkoutId}?uniqueCode=${encodeURIComponent(uniqueCode)}`),
  /** `subtotal`: the goods after their discounts (what a tariff's order-total condition reads). */
  tariffs: (marketId: string, region: string, subtotal: number, weightGrams: number) =>
    api<CheckoutTariff[]>(
      'GET',
      `/ShippingTariff/for-checkout/${marketId}?region=${encodeURIComponent(region)}&subtotal=${subtotal}&weightGrams=${weightGrams}`,
    ),
  confirm: (input: ConfirmCheckoutInput) => api<Checkout>('POST', '/Basket/confirm', input),
  /** The checkout priced with the code typed (null: without a code, as before). */
  applyCode: (checkoutId: string, uniqueCode: string, code: string | null) =>
    api<Checkout>('POST', '/Basket/discount-code', { checkoutId, uniqueCode, code }),
  /** `expectedTotal`: the total shown, the cash-on-delivery fee in it when paid in cash. */
  place: (checkoutId: string, uniqueCode: string, expectedTotal: number, paymentMethod: PaymentMethod = 'card') =>
    api<Checkout>('POST', '/Order', { checkoutId, uniqueCode, expectedTotal, paymentMethod }),
  startPayment: (orderId: string, uniqueCode: string) =>
    api<PaymentStarted>('POST', '/Payment/start', { orderId, uniqueCode }),
  status: (orderId: string, uniqueCode: string) =>
    api<Checkout>('GET', `/Order/status/${orderId}?uniqueCode=${encodeURIComponent(uniqueCode)}`),
};
