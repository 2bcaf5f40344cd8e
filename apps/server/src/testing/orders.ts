import { type Checkout, type OrderDetails, SANDBOX_CARDS } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import {
  addToBasket,
  call,
  type catalogOwner,
  confirmedCheckout,
  createProduct,
  dataOf,
  placeOrder,
  productBody,
  startPayment,
  submitSandboxPage,
  uniqueEmail,
  visitor,
} from './app.js';

/** Test helpers of the order tests: orders bought through the real storefront API. */

export type Owner = Awaited<ReturnType<typeof catalogOwner>>;

export interface Bought {
  order: Checkout;
  uniqueCode: string;
  email: string;
}

/**
 * A shopper buys `lines` (product id and quantity, optionally a variant) in the owner's store and
 * places the order; with `pay` (default) pays it with the sandbox's approve card.
 */
export async function buy(
  app: FastifyInstance,
  owner: Owner,
  tariffId: string,
  lines: { productId: string; variantId?: string; quantity: number }[],
  options: { pay?: boolean | 'decline'; language?: string; email?: string } = {},
): Promise<Bought> {
  const uniqueCode = visitor();
  const language = options.language ?? 'en';
  const email = options.email ?? uniqueEmail('shopper');
  for (const line of lines) {
    dataOf(
      await addToBasket(
        app,
        owner.market.id,
        uniqueCode,
        line.productId,
        { quantity: line.quantity, ...(line.variantId ? { variantId: line.variantId } : {}) },
        language,
      ),
    );
  }
  const checkout = await confirmedCheckout(app, owner.market.id, uniqueCode, tariffId, { language, email });
  const order = await placeOrder(app, checkout, uniqueCode, language);
  const pay = options.pay ?? true;
  if (pay) {
    const { redirectUrl } = await startPayment(app, order.id, uniqueCode);
    const card = pay === 'decline' ? SANDBOX_CARDS.decline : SANDBOX_CARDS.approve;
    const paid = await submitSandboxPage(app, redirectUrl, card);
    expect(paid.statusCode, paid.body).toBe(303);
  }
  return { order, uniqueCode, email };
}

/** A product of the owner's store: 10.00 AZN, 10 in stock unless `fields` say otherwise. */
export function product(app: FastifyInstance, owner: Owner, fields: Record<string, unknown> = {}) {
  return createProduct(
    app,
    owner.token,
    productBody(owner.market.id, owner.category.id, owner.imageUrl, { price: 1000, stock: 10, ...fields }),
  );
}

export const orderUrl = (owner: Owner, orderId: string, action?: 'fulfill' | 'cancel' | 'archive') =>
  action
    ? `/api/Order/${action}/${orderId}?marketId=${owner.market.id}`
    : `/api/Order/${orderId}?marketId=${owner.market.id}`;

/** The order as the owner's order page reads it. */
export async function details(app: FastifyInstance, owner: Owner, orderId: string): Promise<OrderDetails> {
  return dataOf<OrderDetails>(await call(app, owner.token, 'GET', orderUrl(owner, orderId)));
}

export function fulfil(app: FastifyInstance, owner: Owner, orderId: string, body: unknown = {}) {
  return call(app, owner.token, 'PUT', orderUrl(owner, orderId, 'fulfill'), body);
}

export function refund(app: FastifyInstance, owner: Owner, orderId: string, body: unknown = {}) {
  return call(app, owner.token, 'PUT', orderUrl(owner, orderId, 'cancel'), body);
}

export function archive(app: FastifyInstance, owner: Owner, orderId: string, archived: boolean) {
  return call(app, owner.token, 'PUT', orderUrl(owner, orderId, 'archive'), { archived });
}

/** The line of `details` for a product. */
export function lineOf(order: OrderDetails, productId: string) {
  const line = order.items.find((i) => i.productId === productId);
  if (!line) throw new Error(`no line of ${productId}`);
  return line;
}
