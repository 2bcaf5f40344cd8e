/**
 * Storefront events for the store's analytics pixels (Meta, Yandex Metrika, Google Analytics 4,
 * Microsoft Clarity). Each call goes to the services whose loader is on the page
 * (<AnalyticsPixels />) and is a no-op without them, on the server included.
 *
 * Part of the storefront's JavaScript budget: no dependencies. Prices in the app are integer
 * qəpik; the services get decimal AZN.
 *
 * Page views: the loaders count the page they start on; call `trackPageView` after each
 * client-side navigation (calling it for the first page too is harmless: the same URL twice in
 * a row counts once). Google Analytics 4 is left out of `trackPageView` on purpose: its
 * "enhanced measurement" counts history changes by default, so sending page_view as well would
 * count every navigation twice. Meta's own history tracking is switched off by the loader, so
 * Meta's page views come from here; Clarity follows navigations by itself.
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

/** A function of a service's loader; `ymDataLayer` is Metrika's e-commerce container. */
export type Target = 'fbq' | 'ym' | 'gtag' | 'clarity' | 'ymDataLayer';
export interface Call {
  to: Target;
  args: unknown[];
}

/** What the loaders tell this module: Metrika's counter and the page already counted. */
export const analyticsState: { yandexCounter: number | null; lastPage: string | null } = {
  yandexCounter: null,
  lastPage: null,
};

/** Qəpik → AZN with two decimals (1999 → 19.99). */
export const azn = (qepik: number) => Math.round(qepik) / 100;

const fbContents = (items: TrackedItem[]) => items.map((i) => ({ id: i.id, quantity: i.quantity }));
const gaItems = (items: TrackedItem[]) =>
  items.map((i) => ({ item_id: i.id, item_name: i.title, price: azn(i.price), quantity: i.quantity }));
const ymProducts = (items: TrackedItem[]) =>
  items.map((i) => ({ id: i.id, name: i.title, price: azn(i.price), quantity: i.quantity }));

export function pageViewCalls(url: string, yandexCounter: number | null): Call[] {
  const calls: Call[] = [{ to: 'fbq', args: ['track', 'PageView'] }];
  if (yandexCounter !== null) calls.push({ to: 'ym', args: [yandexCounter, 'hit', url] });
  return calls;
}

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

type Sink = ((...args: unknown[]) => void) | unknown[] | undefined;

/** Runs each call whose service is on the page; Metrika's container only when Metrika is. */
export function dispatch(calls: Call[], scope: object | undefined = globalThis.window) {
  if (!scope) return;
  const on = scope as Record<string, unknown>;
  for (const { to, args } of calls) {
    const sink = on[to] as Sink;
    if (typeof sink === 'function') sink(...args);
    else if (Array.isArray(sink) && typeof on.ym === 'function') sink.push(...args);
  }
}

/** A page's address as the services get it: absolute, without the #fragment. */
export function pageAddress(url: string, base = globalThis.location?.href) {
  try {
    const address = new URL(url, base);
    address.hash = '';
    return address.href;
  } catch {
    return url;
  }
}

/** Counts a page (a path like "/shop/product/1?x=y" or a full URL) once, however often it is called. */
export function trackPageView(url: string) {
  const address = pageAddress(url);
  if (address === analyticsState.lastPage) return;
  analyticsState.lastPage = address;
  dispatch(pageViewCalls(address, analyticsState.yandexCounter));
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

/**
 * Tells our server about a store page the shopper opened inside the storefront (no document
 * load, so the server did not see it): the merchant's page views and the visit's clock count it.
 * A beacon, so leaving the page does not cancel it; nothing waits for the answer.
 */
export function countStorePage(marketId: string) {
  const body = new Blob([JSON.stringify({ marketId })], { type: 'application/json' });
  if (!navigator.sendBeacon?.('/api/Analytics/page-view', body)) {
    void fetch('/api/Analytics/page-view', { method: 'POST', body, keepalive: true }).catch(() => {});
  }
}
