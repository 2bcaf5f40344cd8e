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
  /** Compressions under way (one per encoding, however many ask at once). */
  encoding?: Partial<Record<BodyEncoding, Promise<void>>>;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Bodies smaller than this go out plain: compressing them gains less than its headers cost. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * Brotli at quality 5: on a 35 KB product page quality 9 took ~8 ms for 3 % fewer bytes than
 * 5's ~0.6 ms, and a busy store keeps dozens of pages a second (each is rendered again 5 s after
 * it was kept); that cost halved the 200-page bench's req/s.
 */
function compress(body: Buffer, encoding: BodyEncoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzip(body, { level: 6 });
  return brotli(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/**
 * The kept body in `encoding`, made once on libuv's threads (not the request's). Only what
 * clients ask for is made: browsers take br, so a first render compresses once, not three times
 * (the copy sent, then br and gzip to keep). A body that can't be compressed goes out plain.
 */
export function encode(kept: KeptBody, encoding: BodyEncoding): Promise<void> {
  if (kept.encoded[encoding] || kept.body.length < COMPRESS_FROM_BYTES) return Promise.resolve();
  kept.encoding ??= {};
  kept.encoding[encoding] ??= compress(kept.body, encoding)
    .then((bytes) => {
      kept.encoded[encoding] = bytes;
    })
    .catch(() => {});
  return kept.encoding[encoding];
}

/** The encoding to send `kept` in for this client (br, then gzip), if any. */
function encodingFor(kept: KeptBody, acceptEncoding: string | undefined): BodyEncoding | null {
  if (!acceptEncoding || kept.body.length < COMPRESS_FROM_BYTES) return null;
  return negotiate(acceptEncoding, [...BODY_ENCODINGS]) as BodyEncoding | null;
}

/**
 * The body for this request: compressed as the client accepts when that copy is made; until it
 * is, plain (the compression plugin compresses it on the way) while the copy is made meanwhile.
 */
export function bodyFor(kept: KeptBody, acceptEncoding: string | undefined): { body: Buffer; encoding?: BodyEncoding } {
  const encoding = encodingFor(kept, acceptEncoding);
  if (!encoding) return { body: kept.body };
  const encoded = kept.encoded[encoding];
  if (encoded) return { body: encoded, encoding };
  void encode(kept, encoding);
  return { body: kept.body };
}

/** Like `bodyFor`, but waits for the client's copy: the request that made the body sends it compressed once. */
export async function bodyNowFor(
  kept: KeptBody,
  acceptEncoding: string | undefined,
): Promise<{ body: Buffer; encoding?: BodyEncoding }> {
  const encoding = encodingFor(kept, acceptEncoding);
  if (encoding) await encode(kept, encoding);
  return bodyFor(kept, acceptEncoding);
}

/** A route's answer kept: written once through the route's response schema (decision 015). */
export function keptJson(reply: FastifyReply, payload: unknown): KeptBody {
  return { body: Buffer.from(reply.serialize(payload) as string), encoded: {} };
}

/** Sends a kept JSON answer as it is (the one that made it waits for its compressed copy). */
export async function sendKeptJson(request: FastifyRequest, reply: FastifyReply, kept: KeptBody) {
  const { body, encoding } = await bodyNowFor(kept, request.headers['accept-encoding']);
  reply.header('content-type', 'application/json; charset=utf-8');
  reply.header('vary', 'Accept-Encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}
