import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type S3rver from 's3rver';

/**
 * The three multipart calls s3rver 3 leaves out and @tus/s3-store needs (the visitors' private
 * files in a bucket, platform/private-files-bucket.ts): ListParts (where an upload stands),
 * AbortMultipartUpload (an unfinished upload removed) and ListMultipartUploads (the stale ones
 * found). They read and remove what s3rver's own CreateMultipartUpload and UploadPart write —
 * `{bucket}/._S3rver_uploads/{uploadId}/` holds `key`, and each part `N` with its MD5 in `N.md5` —
 * behind s3rver's own signature check, as S3 answers them (XML, NoSuchUpload).
 */

const require = createRequire(import.meta.url);

type Context = {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  params: Record<string, string>;
  status: number;
  body: unknown;
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
};
type Next = () => Promise<void>;
type Middleware = (ctx: Context, next: Next) => Promise<void>;

const S3Error = require('s3rver/lib/models/error') as new (code: string, message: string) => Error;
const authentication = (require('s3rver/lib/middleware/authentication') as () => Middleware)();

const XMLNS = { xmlns: 'http://s3.amazonaws.com/doc/2006-03-01/' };

function noSuchUpload() {
  return new S3Error(
    'NoSuchUpload',
    'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
  );
}

const uploadsOf = (ctx: Context, bucket: string) => ctx.store.getResourcePath(bucket, undefined, 'uploads');

async function listParts(ctx: Context, bucket: string, key: string, uploadId: string) {
  const directory = path.join(uploadsOf(ctx, bucket), uploadId);
  const entries = await readdir(directory).catch(() => null);
  if (!entries) throw noSuchUpload();
  const numbers = entries
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .sort((a, b) => a - b);
  const parts = [];
  for (const number of numbers) {
    const file = path.join(directory, String(number));
    const [info, md5] = await Promise.all([stat(file), readFile(`${file}.md5`, 'utf8')]);
    parts.push({ PartNumber: number, LastModified: info.mtime.toISOString(), ETag: `"${md5}"`, Size: info.size });
  }
  ctx.body = {
    ListPartsResult: {
      '@': XMLNS,
      Bucket: bucket,
      Key: key,
      UploadId: uploadId,
      MaxParts: 1000,
      IsTruncated: false,
      ...(parts.length ? { Part: parts } : {}),
    },
  };
}

async function abortUpload(ctx: Context, bucket: string, uploadId: string) {
  const directory = path.join(uploadsOf(ctx, bucket), uploadId);
  if (!(await stat(directory).catch(() => null))) throw noSuchUpload();
  await rm(directory, { recursive: true, force: true });
  ctx.status = 204;
}

async function listUploads(ctx: Context, bucket: string, prefix: string) {
  const root = uploadsOf(ctx, bucket);
  const uploads = [];
  for (const uploadId of await readdir(root).catch(() => [] as string[])) {
    const key = await readFile(path.join(root, uploadId, 'key'), 'utf8').catch(() => null);
    if (key === null || !key.startsWith(prefix)) continue;
    const initiated = (await stat(path.join(root, uploadId, 'key'))).mtime;
    uploads.push({ Key: key, UploadId: uploadId, Initiated: initiated.toISOString(), StorageClass: 'STANDARD' });
  }
  ctx.body = {
    ListMultipartUploadsResult: {
      '@': XMLNS,
      Bucket: bucket,
      Prefix: prefix,
      MaxUploads: 1000,
      IsTruncated: false,
      ...(uploads.length ? { Upload: uploads } : {}),
    },
  };
}

/** Adds the calls to `server`, before its router (which would refuse them); call before `run`. */
export function addMultipartCalls(server: S3rver) {
  const middleware = (server as unknown as { middleware: Middleware[] }).middleware;
  const calls: Middleware = async (ctx, next) => {
    const [, bucket = '', key = ''] = /^\/([^/]+)(?:\/(.*))?$/.exec(ctx.path) ?? [];
    const uploadId = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : undefined;
    let call: (() => Promise<void>) | undefined;
    if (key && uploadId && ctx.method === 'GET') call = () => listParts(ctx, bucket, key, uploadId);
    else if (key && uploadId && ctx.method === 'DELETE') call = () => abortUpload(ctx, bucket, uploadId);
    else if (bucket && !key && 'uploads' in ctx.query && ctx.method === 'GET') {
      const prefix = typeof ctx.query.prefix === 'string' ? ctx.query.prefix : '';
      call = () => listUploads(ctx, bucket, prefix);
    }
    if (!call) return next();
    ctx.params = key ? { bucket, key } : { bucket };
    await authentication(ctx, call);
  };
  // The router is the last of s3rver's middleware; the XML writer sits before both.
  middleware.splice(middleware.length - 1, 0, calls);
}
