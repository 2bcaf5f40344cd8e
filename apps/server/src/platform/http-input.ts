import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/**
 * Deepest JSON body the API reads. Our bodies nest a handful of levels; past this, a body is
 * only there to make parsing (and every walk over the result) slow: JSON.parse alone spends
 * tens of milliseconds on a 1 MB body nested 200 000 levels deep, against ~1 ms for a flat one.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Replaces Fastify's JSON parser with the same parser (empty body, prototype poisoning and bad
 * JSON refused as before) behind one cheap pass that refuses excessive nesting before any
 * parsing, so a deep body costs what a flat one does.
 */
export function registerJsonParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepthExceeds(body as string, MAX_JSON_DEPTH)) {
      done(new AppError('VALIDATION_FAILED', { _: 'invalidValue' }), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}

/**
 * Whether arrays and objects in `text` nest deeper than `limit`. Brackets inside strings don't
 * count; string contents are skipped with indexOf, so a flat 1 MB body takes about a millisecond.
 * Malformed text is left to the parser.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      // The closing quote is the next one not escaped by an odd run of backslashes.
      for (;;) {
        const end = text.indexOf('"', i + 1);
        if (end === -1) return false;
        let backslashes = 0;
        while (text.charCodeAt(end - 1 - backslashes) === 0x5c /* \ */) backslashes++;
        i = end;
        if (backslashes % 2 === 0) break;
      }
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > limit) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}

// A host name (letters, digits, '-', '_' in dot-separated labels) or a bracketed IPv6 address,
// then an optional port. Linear: labels are separated by a dot that no label may contain.
const HOST = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Whether `host` (the Host header, or X-Forwarded-Host from a trusted proxy) can name this
 * server in a URL. Empty counts as valid: HTTP/1.0 clients (some load-balancer health checks)
 * send none, and the platform's own address stands in.
 */
export function isValidHost(host: string): boolean {
  if (host === '') return true;
  // The WHATWG parser rejects what the pattern lets through (port > 65535, bad IPv6, 1.2.3.4.5).
  return host.length <= 300 && HOST.test(host) && URL.canParse(`http://${host}`);
}

/**
 * A Host that is not a host (RFC 9112 §3.2: answer 400) — spaces, '@', '/', brackets … — would
 * otherwise reach every URL built from it (the web app's request URL, payment return URLs).
 */
export async function rejectInvalidHost(request: FastifyRequest) {
  if (!isValidHost(request.host)) throw new AppError('VALIDATION_FAILED');
}

/**
 * The absolute URL of `request` for the web app: always a path of this server. Resolving the
 * request target against the origin (`new URL(url, origin)`) would read `//evil.com/x` as another
 * host and fail outright on `//` or `/\`; appended to the origin, the target stays a path.
 * `fallbackOrigin` stands in when the request named no (usable) host.
 */
export function requestUrl(request: FastifyRequest, path: string, fallbackOrigin: string): URL {
  // Behind a trusted proxy X-Forwarded-Proto is the client's word: only the two schemes we serve.
  const origin =
    request.host && isValidHost(request.host)
      ? `${request.protocol === 'https' ? 'https' : 'http'}://${request.host}`
      : fallbackOrigin;
  return new URL(`${origin}${path.startsWith('/') ? '' : '/'}${path}`);
}
