import { ANALYTICS, ANALYTICS_KINDS, type AnalyticsIds } from '@shop/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addToCartCalls, purchaseCalls, trackAddToCart, trackPurchase } from './commerce';
import { FORMATS, installPixels, loadScripts, validIds, whenInteractive } from './loaders';
import { analyticsState, azn, dispatch, trackPageView } from './track';

// The tests run in Node (no DOM): the page's window is a plain object standing in for it.

const SHIRT = { id: 'p-1', title: 'Linen shirt', price: 1999, quantity: 2, currency: 'AZN' as const };
const ORDER = {
  orderId: 'order-1001',
  value: 4498,
  currency: 'AZN' as const,
  items: [
    { id: 'p-1', title: 'Linen shirt', price: 1999, quantity: 2 },
    { id: 'p-2', title: 'Socks', price: 500, quantity: 1 },
  ],
};
const IDS: AnalyticsIds = {
  facebookPixelId: '123456789012345',
  yandexMetricaId: '98765432',
  googleAnalyticsId: 'G-AB12CD34EF',
  clarityId: 'abcd1234ef',
};

/** A window with every service's function recording its calls. */
function pageWithServices() {
  const calls: Record<string, unknown[][]> = { fbq: [], ym: [], gtag: [], clarity: [] };
  const page: Record<string, unknown> = { ymDataLayer: [] };
  for (const name of Object.keys(calls)) page[name] = (...args: unknown[]) => calls[name]!.push(args);
  return { page, calls, ecommerce: page.ymDataLayer as unknown[] };
}

function resetState() {
  analyticsState.yandexCounter = null;
  analyticsState.lastPage = null;
}

beforeEach(resetState);
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('money', () => {
  it('turns qəpik into decimal AZN', () => {
    expect(azn(1999)).toBe(19.99);
    expect(azn(100)).toBe(1);
    expect(azn(0)).toBe(0);
    expect(azn(1999 * 3)).toBe(59.97);
  });
});

describe('add to cart', () => {
  it('tells every service, in AZN', () => {
    const { page, calls, ecommerce } = pageWithServices();
    dispatch(addToCartCalls(SHIRT, 98765432), page);
    expect(calls.fbq).toEqual([
      [
        'track',
        'AddToCart',
        {
          content_ids: ['p-1'],
          content_name: 'Linen shirt',
          content_type: 'product',
          contents: [{ id: 'p-1', quantity: 2 }],
          value: 39.98,
          currency: 'AZN',
        },
      ],
    ]);
    expect(calls.gtag).toEqual([
      [
        'event',
        'add_to_cart',
        {
          currency: 'AZN',
          value: 39.98,
          items: [{ item_id: 'p-1', item_name: 'Linen shirt', price: 19.99, quantity: 2 }],
        },
      ],
    ]);
    expect(ecommerce).toEqual([
      {
        ecommerce: {
          currencyCode: 'AZN',
          add: { products: [{ id: 'p-1', name: 'Linen shirt', price: 19.99, quantity: 2 }] },
        },
      },
    ]);
    expect(calls.ym).toEqual([[98765432, 'reachGoal', 'add_to_cart']]);
    expect(calls.clarity).toEqual([['event', 'add_to_cart']]);
  });

  it('is a no-op without services, and without a window', () => {
    expect(() => trackAddToCart(SHIRT)).not.toThrow();
    const metrikaless: Record<string, unknown> = { ymDataLayer: [] };
    dispatch(addToCartCalls(SHIRT, null), metrikaless);
    // Metrika's container is only filled when Metrika itself is on the page.
    expect(metrikaless.ymDataLayer).toEqual([]);
  });

  it('goes to the services on the page only', () => {
    const fbq = vi.fn();
    vi.stubGlobal('window', { fbq });
    trackAddToCart(SHIRT);
    expect(fbq).toHaveBeenCalledOnce();
    expect(fbq.mock.calls[0]![1]).toBe('AddToCart');
  });
});

describe('purchase', () => {
  it('tells every service the order, its value and items', () => {
    const { page, calls, ecommerce } = pageWithServices();
    dispatch(purchaseCalls(ORDER, 98765432), page);
    expect(calls.fbq).toEqual([
      [
        'track',
        'Purchase',
        {
          content_ids: ['p-1', 'p-2'],
          content_type: 'product',
          contents: [
            { id: 'p-1', quantity: 2 },
            { id: 'p-2', quantity: 1 },
          ],
          num_items: 3,
          value: 44.98,
          currency: 'AZN',
        },
        { eventID: 'order-1001' },
      ],
    ]);
    expect(calls.gtag).toEqual([
      [
        'event',
        'purchase',
        {
          transaction_id: 'order-1001',
          value: 44.98,
          currency: 'AZN',
          items: [
            { item_id: 'p-1', item_name: 'Linen shirt', price: 19.99, quantity: 2 },
            { item_id: 'p-2', item_name: 'Socks', price: 5, quantity: 1 },
          ],
        },
      ],
    ]);
    expect(ecommerce).toEqual([
      {
        ecommerce: {
          currencyCode: 'AZN',
          purchase: {
            actionField: { id: 'order-1001', revenue: 44.98 },
            products: [
              { id: 'p-1', name: 'Linen shirt', price: 19.99, quantity: 2 },
              { id: 'p-2', name: 'Socks', price: 5, quantity: 1 },
            ],
          },
        },
      },
    ]);
    expect(calls.ym).toEqual([[98765432, 'reachGoal', 'purchase', { order_price: 44.98, currency: 'AZN' }]]);
    expect(calls.clarity).toEqual([['event', 'purchase']]);
  });

  it('reports an order once, however often its page is opened', () => {
    const { page, calls } = pageWithServices();
    const store = new Map<string, string>();
    vi.stubGlobal('window', page);
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
    });
    trackPurchase(ORDER);
    trackPurchase(ORDER);
    trackPurchase({ ...ORDER, orderId: 'order-1002' });
    expect(calls.fbq!.map((call) => (call[3] as { eventID: string }).eventID)).toEqual(['order-1001', 'order-1002']);
  });

  it('still reports without storage', () => {
    const { page, calls } = pageWithServices();
    vi.stubGlobal('window', page);
    vi.stubGlobal('localStorage', undefined);
    trackPurchase(ORDER);
    expect(calls.gtag).toHaveLength(1);
  });
});

describe('page views', () => {
  it('count each new address once, for Meta and Metrika; Google counts navigations itself', () => {
    const { page, calls } = pageWithServices();
    vi.stubGlobal('window', page);
    vi.stubGlobal('location', new URL('https://shop.az/demo-store'));
    analyticsState.yandexCounter = 98765432;
    trackPageView('/demo-store/product/1');
    trackPageView('/demo-store/product/1#reviews');
    trackPageView('https://shop.az/demo-store/product/1');
    trackPageView('/demo-store/about?ref=x');
    expect(calls.fbq).toEqual([
      ['track', 'PageView'],
      ['track', 'PageView'],
    ]);
    expect(calls.ym).toEqual([
      [98765432, 'hit', 'https://shop.az/demo-store/product/1'],
      [98765432, 'hit', 'https://shop.az/demo-store/about?ref=x'],
    ]);
    expect(calls.gtag).toEqual([]);
  });

  it('do not count the first page again: the loaders counted it', () => {
    const page: Record<string, unknown> = { location: new URL('https://shop.az/demo-store') };
    vi.stubGlobal('location', page.location);
    installPixels(IDS, page);
    const queued = (page.fbq as { queue: unknown[][] }).queue.length;
    vi.stubGlobal('window', page);
    trackPageView('/demo-store');
    expect((page.fbq as { queue: unknown[][] }).queue).toHaveLength(queued);
    trackPageView('/demo-store/about');
    expect((page.fbq as { queue: unknown[][] }).queue.at(-1)).toEqual(['track', 'PageView']);
  });
});

describe('loaders', () => {
  it('check each id with the format the server enforces', () => {
    for (const kind of ANALYTICS_KINDS) {
      const { field, pattern } = ANALYTICS[kind];
      expect(FORMATS[field].source, field).toBe(pattern.source);
    }
    expect(validIds({ ...IDS, facebookPixelId: "1');alert(1)//", clarityId: null })).toEqual({
      yandexMetricaId: '98765432',
      googleAnalyticsId: 'G-AB12CD34EF',
    });
  });

  it('load nothing for a store without pixels', () => {
    const page: Record<string, unknown> = {};
    expect(
      installPixels({ facebookPixelId: null, yandexMetricaId: null, googleAnalyticsId: null, clarityId: null }, page),
    ).toEqual([]);
    expect(Object.keys(page)).toEqual([]);
  });

  it("queue each service's start as its official snippet does, and name the scripts to fetch", () => {
    const page: Record<string, unknown> = {};
    // Ids no other test has started: a page starts each id once.
    const ids = {
      facebookPixelId: '1234567890123456',
      yandexMetricaId: '5555555',
      googleAnalyticsId: 'G-QUEUE1234',
      clarityId: 'zz9900aa11',
    };
    const scripts = installPixels(ids, page);
    expect(scripts).toEqual([
      'https://connect.facebook.net/en_US/fbevents.js',
      'https://mc.yandex.ru/metrika/tag.js',
      'https://www.googletagmanager.com/gtag/js?id=G-QUEUE1234',
      'https://www.clarity.ms/tag/zz9900aa11',
    ]);
    const fbq = page.fbq as { queue: unknown[][]; disablePushState: boolean; version: string };
    expect(fbq.queue).toEqual([
      ['init', '1234567890123456'],
      ['track', 'PageView'],
    ]);
    expect(fbq.disablePushState).toBe(true);
    expect(page._fbq).toBe(page.fbq);
    const ym = page.ym as { a: IArguments[] };
    expect(ym.a.map((args) => Array.from(args))).toEqual([
      [
        5555555,
        'init',
        { clickmap: true, trackLinks: true, accurateTrackBounce: true, webvisor: true, ecommerce: 'ymDataLayer' },
      ],
    ]);
    expect(page.ymDataLayer).toEqual([]);
    expect(analyticsState.yandexCounter).toBe(5555555);
    // gtag.js reads commands only from Arguments objects.
    const dataLayer = page.dataLayer as IArguments[];
    expect(dataLayer.map((args) => Object.prototype.toString.call(args))).toEqual([
      '[object Arguments]',
      '[object Arguments]',
    ]);
    expect(Array.from(dataLayer[0]!)[0]).toBe('js');
    expect(Array.from(dataLayer[1]!)).toEqual(['config', 'G-QUEUE1234']);
    (page.clarity as (...args: unknown[]) => void)('event', 'x');
    expect((page.clarity as { q: IArguments[] }).q.map((args) => Array.from(args))).toEqual([['event', 'x']]);

    // Run again (React runs effects twice in development): the scripts again, the start not.
    expect(installPixels(ids, page)).toEqual(scripts);
    expect(fbq.queue).toHaveLength(2);
    expect(dataLayer).toHaveLength(2);
  });

  it('add each script once, async', () => {
    const added: { src: string; async: boolean }[] = [];
    const doc = {
      get scripts() {
        return added;
      },
      createElement: () => ({ src: '', async: false }),
      head: { appendChild: (script: { src: string; async: boolean }) => added.push(script) },
    } as unknown as Document;
    loadScripts(['https://a.example/x.js', 'https://b.example/y.js'], doc);
    loadScripts(['https://a.example/x.js'], doc);
    expect(added).toEqual([
      { src: 'https://a.example/x.js', async: true },
      { src: 'https://b.example/y.js', async: true },
    ]);
  });

  it('wait for the page to load and the browser to be idle, and can be called off', () => {
    const listeners: Record<string, () => void> = {};
    const idle: (() => void)[] = [];
    const page = {
      document: { readyState: 'loading' },
      addEventListener: (type: string, listener: () => void) => {
        listeners[type] = listener;
      },
      removeEventListener: (type: string) => delete listeners[type],
      requestIdleCallback: (task: () => void) => idle.push(task),
      cancelIdleCallback: vi.fn(),
    } as unknown as Window;
    const task = vi.fn();
    whenInteractive(task, page);
    expect(idle).toHaveLength(0);
    listeners.load!();
    expect(task).not.toHaveBeenCalled();
    idle[0]!();
    expect(task).toHaveBeenCalledOnce();

    const cancelled = vi.fn();
    const cancel = whenInteractive(cancelled, page);
    cancel();
    expect(listeners.load).toBeUndefined();
  });
});
