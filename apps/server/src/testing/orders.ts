import { type Checkout, type OrderDetails, SANDBOX_CARDS } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import {
  addToBasket,
  call,
  type catalogOwner,
  confirmedCheckout,
  createProduct,
  dataOf,
  expectStatus,
  inDays,
  PASSWORD,
  placeOrder,
  productBody,
  shop,
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
  options: {
    pay?: boolean | 'decline';
    language?: string;
    email?: string;
    /** A pop-up of the store the visitor accepts before checkout. */
    popupId?: string;
    /** A code the shopper types at checkout. */
    code?: string;
  } = {},
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
  if (options.popupId) {
    const body = { marketId: owner.market.id, uniqueCode, popupId: options.popupId };
    dataOf(await shop(app, 'POST', '/api/Basket/accept-popup', body, language));
  }
  let checkout = await confirmedCheckout(app, owner.market.id, uniqueCode, tariffId, { language, email });
  if (options.code) {
    const body = { checkoutId: checkout.id, uniqueCode, code: options.code };
    checkout = dataOf<Checkout>(await shop(app, 'POST', '/api/Basket/discount-code', body, language));
  }
  const order = await placeOrder(app, checkout, uniqueCode, language);
  const pay = options.pay ?? true;
  if (pay) {
    const { redirectUrl } = await startPayment(app, order.id, uniqueCode);
    const card = pay === 'decline' ? SANDBOX_CARDS.decline : SANDBOX_CARDS.approve;
    const paid = await submitSandboxPage(app, redirectUrl, card);
    expectStatus('the sandbox card page', paid, 303);
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

/** A discount of the owner's store (POST /Discount): a pop-up, a bundle or a code. */
export async function createDiscount(
  app: FastifyInstance,
  owner: Owner,
  body: Record<string, unknown>,
): Promise<{ id: string }> {
  return dataOf(await call(app, owner.token, 'POST', '/api/Discount', { marketId: owner.market.id, ...body }), 201);
}

/** A bundle of `productIds` at 20 % off unless `fields` say otherwise, live for five days. */
export const bundleBody = (productIds: string[], fields: Record<string, unknown> = {}) => ({
  kind: 'bundle',
  name: 'Set',
  title: 'Better together',
  headerTitle: 'Bundle and save',
  footerText: 'While stocks last',
  buttonText: 'Add the set',
  percent: 20,
  productIds,
  template: 'classic',
  colour: '#0a7d5a',
  timer: { days: 0, hours: 0, minutes: 0, seconds: 0 },
  endsAt: inDays(5),
  ...fields,
});

/** A code at 10 % off unless `fields` say otherwise. */
export const codeBody = (code: string, fields: Record<string, unknown> = {}) => ({
  kind: 'code',
  code,
  valueType: 'percent',
  percent: 10,
  ...fields,
});

/** A pop-up at 10 % off unless `fields` say otherwise, live since yesterday for three days. */
export const popupBody = (title: string, fields: Record<string, unknown> = {}) => ({
  kind: 'popup',
  title,
  percent: 10,
  startsAt: inDays(-1),
  endsAt: inDays(3),
  ...fields,
});

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

/** Bank details that pass every check, paid out to `settlementAccount` (PUT /BankDetails/{marketId}). */
export const bankDetailsBody = (
  settlementAccount = 'AZ13AIIB40060019440000000000',
  fields: Record<string, unknown> = {},
) => ({
  taxNumber: '1234567891',
  bank: 'Kapital Bank ASC',
  bankTaxNumber: '9900003611',
  code: '200004',
  correspondentAccount: 'AZ37NABZ01350100000000001944',
  swift: 'AIIBAZ2X',
  settlementAccount,
  password: PASSWORD,
  ...fields,
});
