/**
 * Storefront page views for the store's analytics pixels (Meta, Yandex Metrika, Google Analytics 4,
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
 * Meta's page views come from here; Clarity follows navigations by itself. Add to cart and
 * purchase: commerce.ts, loaded only by the pages that report them.
 */

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

export function pageViewCalls(url: string, yandexCounter: number | null): Call[] {
  const calls: Call[] = [{ to: 'fbq', args: ['track', 'PageView'] }];
  if (yandexCounter !== null) calls.push({ to: 'ym', args: [yandexCounter, 'hit', url] });
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
