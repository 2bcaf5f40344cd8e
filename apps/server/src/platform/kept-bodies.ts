import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers kept as their bytes (a store's kept pages, storefront/page-cache.ts; shoppers' kept
 * lists of the API): made once, compressed once per encoding asked for, then sent as they are —
 * a hit costs no rendering, no serialising, no encoding to UTF-8 and no compression.
 */

/** Encodings a kept body is kept in besides its plain bytes, the best first. */
export const BODY_ENCODINGS = ['br', 'gzip'] as const;
export type BodyEncoding = (typeof BODY_ENCODINGS)[number];

export interface KeptBody {
  body: Buffer;
  /** The body compressed, in each encoding a client has asked for (made once, on first ask). */
  encoded: Partial<Record<BodyEncoding, Buffer>>;
  /** A compression under way per encoding (one at a time, however many ask at once). */
  encoding?: Partial<Record<BodyEncoding, Promise<void>>>;
  /** Encodings whose copy was made fast, for the request that made the body: made small on the next ask. */
  fast?: Partial<Record<BodyEncoding, true>>;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Bodies smaller than this go out plain: compressing them gains less than its headers cost. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * How a copy is made. `small`, for what is asked again: brotli at quality 5 — on a 35 KB product
 * page quality 9 took ~8 ms for 3 % fewer bytes than 5's ~0.6 ms, and a busy store keeps dozens
 * of pages a second (each is rendered again 5 s after it was kept); that cost halved the
 * 200-page bench's req/s. Made on libuv's threads, off the requests' one.
 *
 * `fast`, for the request that made the body and waits for it: quality 3 (gzip 1) on this
 * thread — 0.14 ms of CPU for a 29 KB product page, where quality 5 through the pool costs 0.86
 * (0.41 of it compressing, the rest handing the work to a thread and back) — for ~12 % more
 * bytes (7,760 B against 6,926; a 50 KB home 9,258 against 8,249). Most pages of a platform of
 * thousands of stores are asked once before they change or are dropped (the long tail, issue
 * 18): they pay only that; a page asked again is made small then, in the background.
 */
function brotliParams(body: Buffer, quality: number) {
  return {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  };
}
function compressFast(body: Buffer, encoding: BodyEncoding): Buffer {
  return encoding === 'gzip' ? zlib.gzipSync(body, { level: 1 }) : zlib.brotliCompressSync(body, brotliParams(body, 3));
}
function compressSmall(body: Buffer, encoding: BodyEncoding): Promise<Buffer> {
  return encoding === 'gzip' ? gzip(body, { level: 6 }) : brotli(body, brotliParams(body, 5));
}

/**
 * The kept body in `encoding`, made small on libuv's threads (once; again only over a fast
 * copy). Only what clients ask for is made: browsers take br, so a first render compresses once,
 * not three times (the copy sent, then br and gzip to keep). A body that can't be compressed goes
 * out plain.
 */
export function encode(kept: KeptBody, encoding: BodyEncoding): Promise<void> {
  if (kept.body.length < COMPRESS_FROM_BYTES || (kept.encoded[encoding] && !kept.fast?.[encoding])) {
    return Promise.resolve();
  }
  kept.encoding ??= {};
  const underWay = kept.encoding[encoding];
  if (underWay) return underWay;
  const job = compressSmall(kept.body, encoding)
    .then((bytes) => {
      kept.encoded[encoding] = bytes;
      if (kept.fast) delete kept.fast[encoding];
    })
    .catch(() => {})
    .finally(() => {
      if (kept.encoding?.[encoding] === job) delete kept.encoding[encoding];
    });
  kept.encoding[encoding] = job;
  return job;
}

/** The kept body's fast copy in `encoding`, made now on this thread (when none is there). */
function encodeFast(kept: KeptBody, encoding: BodyEncoding): void {
  if (kept.body.length < COMPRESS_FROM_BYTES || kept.encoded[encoding]) return;
  try {
    kept.encoded[encoding] = compressFast(kept.body, encoding);
    kept.fast = { ...kept.fast, [encoding]: true };
  } catch {
    // Sent plain.
  }
}

/** The encoding to send `kept` in for this client (br, then gzip), if any. */
function encodingFor(kept: KeptBody, acceptEncoding: string | undefined): BodyEncoding | null {
  if (!acceptEncoding || kept.body.length < COMPRESS_FROM_BYTES) return null;
  return negotiate(acceptEncoding, [...BODY_ENCODINGS]) as BodyEncoding | null;
}

/**
 * The body for this request: compressed as the client accepts when that copy is made; until it
 * is, plain (the compression plugin compresses it on the way) while the copy is made meanwhile.
 * A fast copy is sent as it is and made small for the asks after.
 */
export function bodyFor(kept: KeptBody, acceptEncoding: string | undefined): { body: Buffer; encoding?: BodyEncoding } {
  const encoding = encodingFor(kept, acceptEncoding);
  if (!encoding) return { body: kept.body };
  const encoded = kept.encoded[encoding];
  if (!encoded || kept.fast?.[encoding]) void encode(kept, encoding);
  return encoded ? { body: encoded, encoding } : { body: kept.body };
}

/**
 * Like `bodyFor`, but a body not yet compressed for this client is compressed now (fast): the
 * request that made the body sends it compressed once. Later asks go as `bodyFor`.
 */
export function bodyNowFor(
  kept: KeptBody,
  acceptEncoding: string | undefined,
): { body: Buffer; encoding?: BodyEncoding } {
  const encoding = encodingFor(kept, acceptEncoding);
  if (!encoding || kept.encoded[encoding]) return bodyFor(kept, acceptEncoding);
  encodeFast(kept, encoding);
  const encoded = kept.encoded[encoding];
  return encoded ? { body: encoded, encoding } : { body: kept.body };
}

/** A route's answer kept: written once through the route's response schema (decision 015). */
export function keptJson(reply: FastifyReply, payload: unknown): KeptBody {
  return { body: Buffer.from(reply.serialize(payload) as string), encoded: {} };
}

/** Sends a kept JSON answer as it is (the one that made it waits for its compressed copy). */
export async function sendKeptJson(request: FastifyRequest, reply: FastifyReply, kept: KeptBody) {
  const { body, encoding } = bodyNowFor(kept, request.headers['accept-encoding']);
  reply.header('content-type', 'application/json; charset=utf-8');
  reply.header('vary', 'Accept-Encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}
