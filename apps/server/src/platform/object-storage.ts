import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import type { ObjectStorageConfig } from '../config.js';
import { AppError, sendUnavailable } from './errors.js';
import {
  isStorageKey,
  STORAGE_RETRY_AFTER_SECONDS,
  type Storage,
  StorageUnavailableError,
  uploadCacheControl,
} from './storage.js';

/**
 * Where visitors' private files live in the bucket, under the deployment's prefix
 * (private-files-bucket.ts). Never a picture: /uploads/ answers no key under it.
 */
export const PRIVATE_KEYS = 'private/';

/**
 * The client of the bucket that STORAGE_URL names (config.ts `storageOf`), for the pictures here
 * and the visitors' private files (private-files-bucket.ts): one set of settings and limits.
 */
export function s3ClientConfig(settings: ObjectStorageConfig): S3ClientConfig {
  return {
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // A request waits for the bucket at most ~2 × (2 s to connect + 10 s to answer): one retry
    // covers a blip, an outage is told quickly instead of holding the request.
    maxAttempts: 2,
    requestHandler: {
      connectionTimeout: 2_000,
      requestTimeout: 10_000,
      throwOnRequestTimeout: true,
      // A body that stops flowing midway (the bucket died while we streamed it) ends too.
      socketTimeout: 10_000,
    },
    // The SDK's default checksums (CRC32 on every put and get, since 3.729) are not understood
    // by every S3-compatible server; TLS guards the bytes on the way all the same.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

/**
 * The bucket's "no such key" (a GET's NoSuchKey, a HEAD's bare 404). A missing bucket
 * (NoSuchBucket) is a broken deployment, not a missing object.
 */
export function isMissingObject(error: unknown, head = false): boolean {
  const { name } = (error ?? {}) as { name?: string };
  return name === 'NoSuchKey' || (head && name === 'NotFound');
}

/** What `open` found: the object to stream, "the client's copy is current", or nothing. */
export type OpenedObject =
  | { status: 'missing' }
  | { status: 'unchanged'; etag: string }
  | { status: 'found'; body: Readable | null; contentType: string; etag?: string; length?: number };

/**
 * Uploads in an S3-compatible bucket (STORAGE_URL; decision 026), so that every process on every
 * machine serves the same pictures. Any failure to reach the bucket, or a refusal from it, is a
 * StorageUnavailableError: the caller answers 503, never half a result.
 */
export class ObjectStorage implements Storage {
  private readonly client: S3Client;

  constructor(private readonly settings: ObjectStorageConfig) {
    this.client = new S3Client(s3ClientConfig(settings));
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<string> {
    await reached(
      this.client.send(
        new PutObjectCommand({
          Bucket: this.settings.bucket,
          Key: this.settings.prefix + key,
          Body: bytes,
          ContentType: contentType,
          // Kept with the object, for whoever serves the bucket directly (a CDN in front of it).
          CacheControl: uploadCacheControl(key),
        }),
      ),
    );
    return `/uploads/${key}`;
  }

  async remove(key: string): Promise<void> {
    await reached(
      this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.settings.prefix + key })),
    );
  }

  async read(key: string): Promise<Buffer | null> {
    const object = await this.open(key);
    if (object.status !== 'found' || !object.body) return null;
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of object.body) chunks.push(chunk as Buffer);
    } catch (error) {
      throw new StorageUnavailableError(error);
    }
    return Buffer.concat(chunks);
  }

  /**
   * The object under `key` to stream to a client (HEAD: its headers only). `ifNoneMatch` is the
   * client's entity tag: the bucket answers "unchanged" when it still matches.
   */
  async open(key: string, options: { ifNoneMatch?: string; head?: boolean } = {}): Promise<OpenedObject> {
    if (!isStorageKey(key) || key.startsWith(PRIVATE_KEYS)) return { status: 'missing' };
    const input = { Bucket: this.settings.bucket, Key: this.settings.prefix + key, IfNoneMatch: options.ifNoneMatch };
    try {
      const out = options.head
        ? await this.client.send(new HeadObjectCommand(input))
        : await this.client.send(new GetObjectCommand(input));
      return {
        status: 'found',
        body: 'Body' in out ? ((out.Body as Readable | undefined) ?? null) : null,
        contentType: out.ContentType ?? 'application/octet-stream',
        etag: out.ETag,
        length: out.ContentLength,
      };
    } catch (error) {
      const { $metadata } = error as { $metadata?: { httpStatusCode?: number } };
      if ($metadata?.httpStatusCode === 304 && options.ifNoneMatch) {
        return { status: 'unchanged', etag: options.ifNoneMatch };
      }
      // HEAD answers carry no body, so no error code: its 404 is the key's.
      if (isMissingObject(error, options.head)) return { status: 'missing' };
      throw new StorageUnavailableError(error);
    }
  }

  close(): void {
    this.client.destroy();
  }
}

/** The bucket's answer, or StorageUnavailableError for any failure to get one. */
export async function reached<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    throw new StorageUnavailableError(error);
  }
}

/** One entity tag (`"…"` or `W/"…"`): what we pass on to the bucket; lists and `*` are ignored. */
const SINGLE_ETAG = /^(?:W\/)?"[^"]*"$/;

/**
 * GET /uploads/{key} from the bucket: one origin for pages and pictures (the Content-Security-
 * Policy's img-src 'self' holds) and any process serves any picture. Content-hashed names are
 * cached a year (uploadCacheControl); a bucket out of reach is a 503 with Retry-After.
 */
export function registerObjectUploads(
  app: FastifyInstance,
  storage: ObjectStorage,
  /** A missing rendition made now (media's deriveRendition), or null. */
  derive: (key: string) => Promise<Buffer | null>,
) {
  app.route<{ Params: { '*': string } }>({
    method: ['GET', 'HEAD'],
    url: '/uploads/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const key = request.params['*'];
      const tag = request.headers['if-none-match'];
      let object: OpenedObject;
      try {
        object = await storage.open(key, {
          ifNoneMatch: tag && SINGLE_ETAG.test(tag) ? tag : undefined,
          head: request.method === 'HEAD',
        });
      } catch (error) {
        if (!(error instanceof StorageUnavailableError)) throw error;
        request.log.warn({ err: error.cause }, 'upload storage unavailable');
        return sendUnavailable(request, reply, 'SERVICE_UNAVAILABLE', STORAGE_RETRY_AFTER_SECONDS);
      }
      if (object.status === 'missing') {
        const made = request.method === 'GET' ? await derive(key) : null;
        if (!made) throw new AppError('NOT_FOUND');
        return reply.header('cache-control', uploadCacheControl(key)).type('image/webp').send(made);
      }
      reply.header('cache-control', uploadCacheControl(key));
      if (object.status === 'unchanged') return reply.code(304).header('etag', object.etag).send();
      reply.header('content-type', object.contentType);
      if (object.etag) reply.header('etag', object.etag);
      if (object.length !== undefined) reply.header('content-length', object.length);
      return reply.send(object.body ?? undefined);
    },
  });
}
