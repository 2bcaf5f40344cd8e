import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { UPLOAD_CHUNK_BYTES } from '@shop/shared';
import { type MetadataValue, S3Store } from '@tus/s3-store';
import { ERRORS, type KvStore, type Upload } from '@tus/server';
import type { FastifyReply } from 'fastify';
import { type FileTypeResult, fileTypeFromStream } from 'file-type';
import type { ObjectStorageConfig } from '../config.js';
import { isMissingObject, PRIVATE_KEYS, reached, s3ClientConfig } from './object-storage.js';
import type { PrivateFiles, PrivateFolder } from './private-files.js';
import { StorageUnavailableError } from './storage.js';

/**
 * s3-store keeps what it read of an upload's info in a cache of each process's own, which no
 * process drops when another finishes, keeps or removes the upload (and which never forgets an
 * upload finished elsewhere). The info is one small object: it is read from the bucket each time.
 */
const NO_CACHE: KvStore<MetadataValue> = {
  get: async () => undefined,
  set: async () => {},
  delete: async () => {},
};

/** tus's own refusals (404, 409 …) stay what they are; any other failure is the bucket's. */
function asOutage(error: unknown): unknown {
  return error && typeof error === 'object' && 'status_code' in error ? error : new StorageUnavailableError(error);
}

/**
 * @tus/s3-store, with the bucket's failures told apart from tus's answers: StorageUnavailableError,
 * which the tus endpoint answers 503 (platform/uploads.ts).
 */
class BucketUploadStore extends S3Store {
  override async create(upload: Upload) {
    return super.create(upload).catch((error) => Promise.reject(asOutage(error)));
  }

  override async write(stream: Readable, id: string, offset: number) {
    return super.write(stream, id, offset).catch((error) => Promise.reject(asOutage(error)));
  }

  override async remove(id: string) {
    return super.remove(id).catch((error) => Promise.reject(asOutage(error)));
  }

  override async getUpload(id: string): Promise<Upload> {
    try {
      return await super.getUpload(id);
    } catch (error) {
      if ((error as { status_code?: number } | null)?.status_code !== ERRORS.FILE_NOT_FOUND.status_code) {
        throw asOutage(error);
      }
      // s3-store says "not found" for any failure to read the upload's info: the bucket out of
      // reach would tell the browser its upload is gone, and it would send it again from zero.
      // Only the bucket's own "no such key" is that; a read that works now was a blip.
      const cause = await this.getMetadata(id).then(
        () => error,
        (failure: unknown) => failure,
      );
      if (isMissingObject(cause)) throw error;
      throw new StorageUnavailableError(cause);
    }
  }

  close() {
    this.client.destroy();
  }
}

/** Content types of the kinds kept (file-type's extensions), as @fastify/static names them on disk. */
const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  png: 'image/png',
  jpg: 'image/jpeg',
  mp4: 'video/mp4',
  webm: 'video/webm',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
};

/** One range (`bytes=a-b`, `bytes=a-`, `bytes=-n`), passed on to the bucket; anything else is ignored (the whole file). */
const SINGLE_RANGE = /^bytes=(?:\d+-\d*|-\d+)$/;

/**
 * Visitors' private files in the bucket that STORAGE_URL names (decision 026), so that several
 * processes behind a balancer share them: a tus chunk may reach any process, and the staff's
 * download too. Under the deployment's prefix:
 *
 * - `private/incoming/{id}`: an upload, sent as an S3 multipart upload (@tus/s3-store: each
 *   chunk is a part, so no process holds the file), with `{id}.info` (what tus knows of it) and
 *   `{id}.part` (a last piece smaller than S3's 5 MiB minimum part, waiting for the next chunk);
 * - `private/{folder}/{uuid}.{ext}`: a kept file.
 *
 * /uploads/ serves none of these (object-storage.ts PRIVATE_KEYS). Every failure to reach the
 * bucket is a StorageUnavailableError.
 */
export class BucketPrivateFiles implements PrivateFiles {
  readonly store: BucketUploadStore;
  readonly incomingPrefix: string;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly root: string;

  constructor(settings: ObjectStorageConfig) {
    const config = s3ClientConfig(settings);
    this.client = new S3Client(config);
    this.bucket = settings.bucket;
    this.root = `${settings.prefix}${PRIVATE_KEYS}`;
    this.incomingPrefix = `${this.root}incoming/`;
    this.store = new BucketUploadStore({
      s3ClientConfig: { ...config, bucket: settings.bucket },
      // A part per chunk the browser sends (8 MiB; S3 takes no part but the last under 5 MiB).
      partSize: UPLOAD_CHUNK_BYTES,
      cache: NO_CACHE,
    });
  }

  async start() {}

  private key(folder: PrivateFolder, name: string) {
    return `${this.root}${folder}/${name}`;
  }

  /**
   * file-type reads the object's body as a stream, as far as it needs (a few bytes for most kinds,
   * the zip's first entries for a DOCX); the rest is never fetched: the body is closed.
   */
  async typeOf(storeId: string): Promise<FileTypeResult | undefined> {
    let body: Readable;
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: storeId }));
      body = out.Body as Readable;
    } catch (error) {
      if (isMissingObject(error)) return undefined;
      throw new StorageUnavailableError(error);
    }
    try {
      return await fileTypeFromStream(Readable.toWeb(body) as ReadableStream<Uint8Array>);
    } catch (error) {
      // The bucket went away midway; otherwise bytes file-type could not make sense of.
      if (body.errored) throw new StorageUnavailableError(error);
      return undefined;
    } finally {
      body.destroy();
    }
  }

  async keep(storeId: string, folder: PrivateFolder, name: string) {
    // A copy within the bucket (S3 copies up to 5 GB in one request; a file here is ≤ 100 MB).
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: this.key(folder, name),
          CopySource: `${this.bucket}/${storeId}`,
        }),
      );
    } catch (error) {
      // Another form took the upload in between (as a missing file on disk).
      if (isMissingObject(error)) throw new Error('the upload is gone', { cause: error });
      throw new StorageUnavailableError(error);
    }
  }

  async discard(storeId: string) {
    await this.removeKeys([storeId, `${storeId}.info`, `${storeId}.part`]);
  }

  async remove(folder: PrivateFolder, name: string) {
    await reached(this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(folder, name) })));
  }

  /** Removes keys (absent ones are no failure), a thousand a request as S3 allows. */
  private async removeKeys(keys: string[]) {
    for (let i = 0; i < keys.length; i += 1000) {
      const out = await reached(
        this.client.send(
          new DeleteObjectsCommand({
            Bucket: this.bucket,
            Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
          }),
        ),
      );
      // The request is answered 200 even when some keys were refused.
      if (out.Errors?.length) throw new StorageUnavailableError(out.Errors);
    }
  }

  /**
   * Unfinished uploads are S3 multipart uploads, whose parts S3 keeps (and bills) until they are
   * aborted; then every incoming object (finished uploads, infos, small last parts) older than
   * `before`. Listed under our prefix only: s3-store's own `deleteExpired` lists every multipart
   * upload of the bucket, which other deployments may share, and counts from now rather than
   * from `before`.
   */
  async removeStale(before: Date): Promise<number> {
    const removed = new Set<string>();
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      const page = await reached(
        this.client.send(
          new ListMultipartUploadsCommand({
            Bucket: this.bucket,
            Prefix: this.incomingPrefix,
            KeyMarker: keyMarker,
            UploadIdMarker: uploadIdMarker,
          }),
        ),
      );
      for (const { Key, UploadId, Initiated } of page.Uploads ?? []) {
        if (!Key || !UploadId || !Initiated || Initiated >= before) continue;
        await reached(this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId }))).catch(
          (error: StorageUnavailableError) => {
            // Finished or aborted by another process in between.
            if ((error.cause as { name?: string })?.name !== 'NoSuchUpload') throw error;
          },
        );
        removed.add(Key);
      }
      [keyMarker, uploadIdMarker] = page.IsTruncated ? [page.NextKeyMarker, page.NextUploadIdMarker] : [];
    } while (keyMarker);

    let token: string | undefined;
    do {
      const page = await reached(
        this.client.send(
          new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.incomingPrefix, ContinuationToken: token }),
        ),
      );
      const stale = (page.Contents ?? []).filter(
        (object): object is { Key: string } => !!object.Key && !!object.LastModified && object.LastModified < before,
      );
      await this.removeKeys(stale.map((object) => object.Key));
      for (const { Key } of stale) removed.add(Key.replace(/\.(?:info|part)$/, ''));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return removed.size;
  }

  async open(reply: FastifyReply, folder: PrivateFolder, name: string) {
    const head = reply.request.method === 'HEAD';
    const asked = reply.request.headers.range;
    const input = {
      Bucket: this.bucket,
      Key: this.key(folder, name),
      // Players seek: the bucket answers the range itself.
      Range: asked && SINGLE_RANGE.test(asked) ? asked : undefined,
    };
    let out: { Body?: unknown; ContentLength?: number; ContentRange?: string; ETag?: string; LastModified?: Date };
    try {
      out = head
        ? await this.client.send(new HeadObjectCommand(input))
        : await this.client.send(new GetObjectCommand(input));
    } catch (error) {
      if (isMissingObject(error, head)) return null;
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 416) {
        // Past the end: the size, so that the player can ask again.
        const { ContentLength } = await reached(
          this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: input.Key })),
        );
        return async () =>
          reply
            .code(416)
            .header('content-range', `bytes */${ContentLength ?? 0}`)
            .send();
      }
      throw new StorageUnavailableError(error);
    }
    return async () => {
      reply.code(out.ContentRange ? 206 : 200);
      reply.header('accept-ranges', 'bytes');
      reply.header('content-type', CONTENT_TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream');
      if (out.ContentRange) reply.header('content-range', out.ContentRange);
      if (out.ContentLength !== undefined) reply.header('content-length', out.ContentLength);
      if (out.ETag) reply.header('etag', out.ETag);
      if (out.LastModified) reply.header('last-modified', out.LastModified.toUTCString());
      return reply.send((out.Body as Readable | undefined) ?? undefined);
    };
  }

  close() {
    this.client.destroy();
    this.store.close();
  }
}
