import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { addMultipartCalls } from './s3rver-multipart.js';

/**
 * A real S3-protocol server (s3rver) on 127.0.0.1 for tests, its bucket on a temporary disk. It
 * can be stopped — an outage: connections refused — and started again on the same port with the
 * same objects. `client` looks into the bucket as an operator would, beside the app.
 */
export interface S3StandIn {
  /** STORAGE_URL for the app. */
  url: string;
  /** Every key in the bucket. */
  keys(): Promise<string[]>;
  /** The bytes under `key`, as the bucket has them. */
  object(key: string): Promise<Buffer>;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

// s3rver's own account: it checks every request's signature against it.
const KEY = 'S3RVER';
const SECRET = 'S3RVER';

export async function startS3StandIn(bucket = 'pictures'): Promise<S3StandIn> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'shop-s3-'));
  let port = 0;
  let server: S3rver | null = null;
  const start = async () => {
    const next = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    // Visitors' private files are sent as multipart uploads: the calls s3rver lacks for them.
    addMultipartCalls(next);
    port = (await next.run()).port;
    server = next;
  };
  const stop = async () => {
    await server?.close();
    server = null;
  };
  await start();
  const client = new S3Client({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: KEY, secretAccessKey: SECRET },
  });
  return {
    url: `s3+http://${KEY}:${SECRET}@127.0.0.1:${port}/${bucket}`,
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key as string).sort();
    },
    async object(key) {
      const got = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await (got.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
    },
    start,
    stop,
    async close() {
      await stop();
      client.destroy();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
