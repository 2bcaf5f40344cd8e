import type { AnalyticsIds } from '@shop/shared';
import { analyticsState, pageAddress } from './track';

/**
 * The services' official loader snippets, as functions: each defines the service's queueing
 * stub and queues its start-up calls; the vendor script, fetched later, replays the queue. Ids
 * are only ever passed as arguments or URL-encoded, never written into script text, and each is
 * checked against its vendor's format again here (the server already refuses anything else).
 *
 * The formats are those of `ANALYTICS` in packages/shared (track.test.ts holds them equal): not
 * imported, because the shared package's index brings zod into the storefront bundle.
 */
export const FORMATS = {
  facebookPixelId: /^\d{15,16}$/,
  yandexMetricaId: /^\d{5,10}$/,
  googleAnalyticsId: /^G-[A-Z0-9]{4,12}$/,
  clarityId: /^[a-z0-9]{8,12}$/,
} as const satisfies Record<keyof AnalyticsIds, RegExp>;

type Stub = ((...args: unknown[]) => void) & Record<string, unknown>;
type Scope = Record<string, unknown>;

/** `owner[key]` as a queue, made empty first when absent. */
function queueOf(owner: unknown, key: string): unknown[] {
  const on = owner as Scope;
  if (!Array.isArray(on[key])) on[key] = [];
  return on[key] as unknown[];
}

/** The ids that are present and well-formed. */
export function validIds(ids: AnalyticsIds): Partial<AnalyticsIds> {
  const valid: Partial<Record<keyof AnalyticsIds, string>> = {};
  for (const key of Object.keys(FORMATS) as (keyof AnalyticsIds)[]) {
    const id = ids[key];
    if (id && FORMATS[key].test(id)) valid[key] = id;
  }
  return valid;
}

/** Services already started on this page, by id: React may run an effect twice. */
const started = new Set<string>();
/** True the first time for `key`. */
const firstTime = (key: string) => {
  if (started.has(key)) return false;
  started.add(key);
  return true;
};

/**
 * Defines the stubs of the services with an id and queues their start (once per id): cheap, no
 * network. Returns the vendor scripts to fetch once the page is interactive.
 */
export function installPixels(ids: AnalyticsIds, w: Scope = window as unknown as Scope): string[] {
  const { facebookPixelId, yandexMetricaId, googleAnalyticsId, clarityId } = validIds(ids);
  const scripts: string[] = [];
  analyticsState.lastPage ??= pageAddress(String((w.location as Location | undefined)?.href ?? ''));

  if (facebookPixelId) scripts.push('https://connect.facebook.net/en_US/fbevents.js');
  if (facebookPixelId && firstTime(`fb:${facebookPixelId}`)) {
    if (!w.fbq) {
      // Meta: "fbq" queues into fbq.queue until fbevents.js takes over.
      const fbq: Stub = ((...args: unknown[]) => {
        if (typeof fbq.callMethod === 'function') fbq.callMethod(...args);
        else queueOf(fbq, 'queue').push(args);
      }) as Stub;
      Object.assign(fbq, { push: fbq, loaded: true, version: '2.0', queue: [] });
      w.fbq = fbq;
      w._fbq ??= fbq;
      // Page views come from trackPageView; Meta's own history tracking would count them twice.
      fbq.disablePushState = true;
    }
    const fbq = w.fbq as Stub;
    fbq('init', facebookPixelId);
    fbq('track', 'PageView');
  }

  if (yandexMetricaId) scripts.push('https://mc.yandex.ru/metrika/tag.js');
  if (yandexMetricaId && firstTime(`ym:${yandexMetricaId}`)) {
    queueOf(w, 'ymDataLayer');
    if (!w.ym) {
      // Yandex: "ym" queues into ym.a; tag.js replays it.
      const ym: Stub = function () {
        // biome-ignore lint/complexity/noArguments: the vendor replays the Arguments objects, as its snippet queues them.
        queueOf(ym, 'a').push(arguments);
      } as Stub;
      ym.l = Date.now();
      w.ym = ym;
    }
    const counter = Number(yandexMetricaId);
    (w.ym as Stub)(counter, 'init', {
      clickmap: true,
      trackLinks: true,
      accurateTrackBounce: true,
      webvisor: true,
      ecommerce: 'ymDataLayer',
    });
    analyticsState.yandexCounter = counter;
  }

  if (googleAnalyticsId) {
    scripts.push(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(googleAnalyticsId)}`);
  }
  if (googleAnalyticsId && firstTime(`ga:${googleAnalyticsId}`)) {
    const dataLayer = queueOf(w, 'dataLayer');
    if (!w.gtag) {
      w.gtag = function gtag() {
        // gtag.js tells commands from data by their being Arguments objects: they must stay so.
        // biome-ignore lint/complexity/noArguments: see above.
        dataLayer.push(arguments);
      };
      (w.gtag as Stub)('js', new Date());
    }
    (w.gtag as Stub)('config', googleAnalyticsId);
  }

  if (clarityId) {
    // Clarity: "clarity" queues into clarity.q; its tag (one per project) starts by itself.
    w.clarity ??= function clarity() {
      const queue = queueOf(w.clarity, 'q');
      // biome-ignore lint/complexity/noArguments: the vendor replays the Arguments objects, as its snippet queues them.
      queue.push(arguments);
    };
    scripts.push(`https://www.clarity.ms/tag/${encodeURIComponent(clarityId)}`);
  }
  return scripts;
}

/** Adds each script, async, unless the page has it already. */
export function loadScripts(urls: string[], d: Document = document) {
  for (const url of urls) {
    if (Array.from(d.scripts).some((s) => s.src === url)) continue;
    const script = d.createElement('script');
    script.async = true;
    script.src = url;
    d.head.appendChild(script);
  }
}

/**
 * Runs `task` once the page has loaded and the browser is idle, so that the services never
 * compete with the page's own first paint, images or hydration. Returns a cancel function.
 */
export function whenInteractive(task: () => void, w: Window = window): () => void {
  let cancelled = false;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (cancelled) return;
    if (typeof w.requestIdleCallback === 'function') idle = w.requestIdleCallback(task, { timeout: 4000 });
    else timer = setTimeout(task, 200);
  };
  if (w.document.readyState === 'complete') run();
  else w.addEventListener('load', run, { once: true });
  return () => {
    cancelled = true;
    w.removeEventListener('load', run);
    if (idle !== undefined) w.cancelIdleCallback?.(idle);
    if (timer !== undefined) clearTimeout(timer);
  };
}
