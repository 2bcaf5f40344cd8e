import { createHash } from 'node:crypto';
import { ANALYTICS_KINDS, type AnalyticsKind } from '@shop/shared';

/**
 * Response headers that protect shoppers and merchants: set on every answer (the baseline), and a
 * Content-Security-Policy for store pages that lets a page run only its own scripts and those of
 * the analytics services its store turned on.
 */

/** The baseline of every answer; `https`: the deployment is served over TLS (PUBLIC_URL). */
export function baselineHeaders(https: boolean): [string, string][] {
  return [
    // No type sniffing: an upload is what its content type says, never a script.
    ['x-content-type-options', 'nosniff'],
    // Never framed by another site (clickjacking); CSP's frame-ancestors says the same to
    // browsers that read it, X-Frame-Options to those that don't.
    ['x-frame-options', 'SAMEORIGIN'],
    ['content-security-policy', "frame-ancestors 'self'; base-uri 'self'; object-src 'none'"],
    // No full URLs (they may carry codes or ids) to other origins.
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    // Browsers keep to https for a year once they saw it. Not includeSubDomains: a store's custom
    // domain is its merchant's, whose other hosts are none of ours.
    ...(https ? ([['strict-transport-security', 'max-age=31536000']] as [string, string][]) : []),
  ];
}

/**
 * Hosts each analytics service loads from and sends to, as their own CSP guides list them
 * (Meta pixel, Yandex Metrika with Webvisor, Google tag, Microsoft Clarity).
 */
const PIXEL_HOSTS: Record<AnalyticsKind, { script: string[]; connect: string[]; img: string[]; frame: string[] }> = {
  facebook: {
    script: ['https://connect.facebook.net'],
    connect: ['https://connect.facebook.net', 'https://www.facebook.com'],
    img: ['https://www.facebook.com'],
    frame: [],
  },
  yandex: {
    script: ['https://mc.yandex.ru', 'https://yastatic.net'],
    connect: ['https://mc.yandex.ru', 'https://mc.yandex.az'],
    img: ['https://mc.yandex.ru', 'https://mc.yandex.az'],
    frame: ['https://mc.yandex.ru', 'blob:'],
  },
  google: {
    script: ['https://*.googletagmanager.com'],
    connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
    img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
    frame: [],
  },
  clarity: {
    script: ['https://*.clarity.ms'],
    connect: ['https://*.clarity.ms', 'https://c.bing.com'],
    img: ['https://*.clarity.ms', 'https://c.bing.com'],
    frame: [],
  },
};

/** The pixels a store page names (its layout's header), known kinds only, in a fixed order. */
export function pixelsOf(header: string | null): AnalyticsKind[] {
  const named = new Set((header ?? '').split(',').map((p) => p.trim()));
  return ANALYTICS_KINDS.filter((kind) => named.has(kind));
}

/**
 * The sha256 sources of a page's inline scripts (React Router's context and module loader):
 * with them the page runs its own inline scripts and nothing injected into it. Scripts with a
 * `src` are covered by the hosts; data blocks (JSON-LD) are never run.
 */
export function inlineScriptHashes(html: Buffer): string[] {
  // Scanned as bytes, not as a string: a page is ~35 KB and this runs on every first render.
  // React and React Router write their tags in lower case.
  const hashes = new Set<string>();
  let at = html.indexOf('<script');
  while (at !== -1) {
    const open = html.indexOf('>', at);
    const close = open === -1 ? -1 : html.indexOf('</script>', open);
    if (close === -1) break;
    const attributes = html.toString('latin1', at + '<script'.length, open);
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    const runs = !type || type === 'module' || type === 'text/javascript' || type === 'application/javascript';
    if (runs && !/\ssrc\s*=/i.test(attributes)) {
      const hash = createHash('sha256')
        .update(html.subarray(open + 1, close))
        .digest('base64');
      hashes.add(`'sha256-${hash}'`);
    }
    at = html.indexOf('<script', close);
  }
  return [...hashes];
}

/** The Content-Security-Policy of a store page. */
export function storefrontPolicy(pixels: AnalyticsKind[], scriptHashes: string[]): string {
  const hosts = (part: 'script' | 'connect' | 'img' | 'frame') => pixels.flatMap((p) => PIXEL_HOSTS[p][part]);
  const list = (...sources: string[]) => [...new Set(sources)].join(' ');
  const frames = hosts('frame');
  return [
    "default-src 'self'",
    `script-src ${list("'self'", ...scriptHashes, ...hosts('script'))}`,
    // React sets style attributes (the store's palette): they can't be hashed one by one.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${list("'self'", 'data:', 'blob:', ...hosts('img'))}`,
    "font-src 'self'",
    `connect-src ${list("'self'", ...hosts('connect'))}`,
    `frame-src ${frames.length ? list(...frames) : "'none'"}`,
    "frame-ancestors 'self'",
    "base-uri 'self'",
    // The checkout posts nowhere: payment starts by a request of ours and a redirect.
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}
