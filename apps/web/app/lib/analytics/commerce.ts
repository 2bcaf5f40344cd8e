import { analyticsState, azn, type Call, dispatch } from './track';

/**
 * The storefront's commerce events for the store's analytics pixels — add to cart (the product
 * page) and purchase (the payment's success page) — apart from page views (track.ts), so that a
 * store's other pages do not load them.
 */

export interface TrackedItem {
  id: string;
  title: string;
  /** Unit price in qəpik. */
  price: number;
  quantity: number;
}

export interface AddToCartEvent extends TrackedItem {
  currency: 'AZN';
}

export interface PurchaseEvent {
  orderId: string;
  /** The order total in qəpik. */
  value: number;
  currency: 'AZN';
  items: TrackedItem[];
}

const gaItems = (items: TrackedItem[]) =>
  items.map((i) => ({ item_id: i.id, item_name: i.title, price: azn(i.price), quantity: i.quantity }));
const fbContents = (items: TrackedItem[]) => items.map((i) => ({ id: i.id, quantity: i.quantity }));
const ymProducts = (items: TrackedItem[]) =>
  items.map((i) => ({ id: i.id, name: i.title, price: azn(i.price), quantity: i.quantity }));

export function addToCartCalls(item: AddToCartEvent, yandexCounter: number | null): Call[] {
  const value = azn(item.price * item.quantity);
  const { currency } = item;
  const calls: Call[] = [
    {
      to: 'fbq',
      args: [
        'track',
        'AddToCart',
        {
          content_ids: [item.id],
          content_name: item.title,
          content_type: 'product',
          contents: fbContents([item]),
          value,
          currency,
        },
      ],
    },
    { to: 'gtag', args: ['event', 'add_to_cart', { currency, value, items: gaItems([item]) }] },
    { to: 'ymDataLayer', args: [{ ecommerce: { currencyCode: currency, add: { products: ymProducts([item]) } } }] },
    { to: 'clarity', args: ['event', 'add_to_cart'] },
  ];
  if (yandexCounter !== null) calls.push({ to: 'ym', args: [yandexCounter, 'reachGoal', 'add_to_cart'] });
  return calls;
}

export function purchaseCalls(order: PurchaseEvent, yandexCounter: number | null): Call[] {
  const value = azn(order.value);
  const { currency, orderId, items } = order;
  const calls: Call[] = [
    {
      to: 'fbq',
      args: [
        'track',
        'Purchase',
        {
          content_ids: items.map((i) => i.id),
          content_type: 'product',
          contents: fbContents(items),
          num_items: items.reduce((sum, i) => sum + i.quantity, 0),
          value,
          currency,
        },
        // Lets Meta drop a second report of the same order (e.g. from a server-side API).
        { eventID: orderId },
      ],
    },
    { to: 'gtag', args: ['event', 'purchase', { transaction_id: orderId, value, currency, items: gaItems(items) }] },
    {
      to: 'ymDataLayer',
      args: [
        {
          ecommerce: {
            currencyCode: currency,
            purchase: { actionField: { id: orderId, revenue: value }, products: ymProducts(items) },
          },
        },
      ],
    },
    { to: 'clarity', args: ['event', 'purchase'] },
  ];
  if (yandexCounter !== null) {
    calls.push({ to: 'ym', args: [yandexCounter, 'reachGoal', 'purchase', { order_price: value, currency }] });
  }
  return calls;
}

export function trackAddToCart(item: AddToCartEvent) {
  dispatch(addToCartCalls(item, analyticsState.yandexCounter));
}

const REPORTED_KEY = 'analyticsOrders';

/** An order is reported once per browser, however often its success page is opened. */
export function trackPurchase(order: PurchaseEvent) {
  let reported: string[] = [];
  try {
    reported = JSON.parse(localStorage.getItem(REPORTED_KEY) ?? '[]');
    if (reported.includes(order.orderId)) return;
    localStorage.setItem(REPORTED_KEY, JSON.stringify([...reported, order.orderId].slice(-20)));
  } catch {
    // No storage (private mode, server): report it anyway.
  }
  dispatch(purchaseCalls(order, analyticsState.yandexCounter));
}
