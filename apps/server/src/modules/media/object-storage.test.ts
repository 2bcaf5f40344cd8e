import { readdir } from 'node:fs/promises';
import { IMAGE_WIDTHS, imageUrl } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { StorageUnavailableError } from '../../platform/storage.js';
import {
  bearer,
  call,
  createMarket,
  createTestApp,
  errorOf,
  merchant,
  multipart,
  newIp,
  query,
  type TestApp,
} from '../../testing/app.js';
import { type S3StandIn, startS3StandIn } from '../../testing/s3-server.js';
import { removeUnusedMedia } from './service.js';

/**
 * Uploads in an S3-compatible bucket (STORAGE_URL, decision 026), against a real S3-protocol
 * server (s3rver) on this machine: what goes in, what shoppers' browsers get back through our own
 * origin, and what an outage of the bucket does to an upload and to the pictures.
 */

let s3: S3StandIn;
let t: TestApp;
let owner: { email: string; token: string };

beforeAll(async () => {
  s3 = await startS3StandIn();
  t = await createTestApp({ storage: loadConfig({ STORAGE_URL: s3.url }).storage });
  owner = await merchant(t.app);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const IMMUTABLE = 'public, max-age=31536000, immutable';

async function picture(width = 120, height = 80, background = '#e76f51') {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

function upload(bytes: Buffer, language = 'en') {
  return multipart(bytes, 'photo.png', 'image/png').then(({ payload, headers }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/Media/upload',
      payload,
      headers: { ...headers, ...bearer(owner.token), 'accept-language': language },
      remoteAddress: newIp(),
    }),
  );
}

async function uploaded(bytes?: Buffer): Promise<string> {
  const response = await upload(bytes ?? (await picture()));
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { data: { url: string } }).data.url;
}

const get = (url: string, headers: Record<string, string> = {}, app = t.app) =>
  app.inject({ method: 'GET', url, headers, remoteAddress: newIp() });

/** The bucket's key of an upload's rendition. */
const keyOf = (url: string) => url.slice('/uploads/'.length);

async function mediaRows(): Promise<number> {
  const [row] = await query<{ count: number }>(
    t.ctx,
    sql`select count(*)::int as count from media m join users u on u.id = m.owner_id where u.email = ${owner.email}`,
  );
  return row?.count ?? 0;
}

describe('uploads in an S3 bucket', () => {
  it('an upload is kept in the bucket as its four renditions, named by their content, and nothing on local disk', async () => {
    const url = await uploaded(await picture(2000, 1000));
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\/[0-9a-f-]{36}-[0-9a-f]{16}\.webp$/);
    const keys = IMAGE_WIDTHS.map((width) => keyOf(imageUrl(url, width)));
    const inBucket = await s3.keys();
    for (const key of keys) expect(inBucket).toContain(key);
    const sizes = [];
    for (const key of keys) {
      const { width, height, format } = await sharp(await s3.object(key)).metadata();
      sizes.push([format, width, height]);
    }
    expect(sizes).toEqual([
      ['webp', 1600, 800],
      ['webp', 1200, 600],
      ['webp', 800, 400],
      ['webp', 400, 200],
    ]);
    expect(await readdir(t.config.uploadsDir).catch(() => [])).toEqual([]);
  });

  it('the server serves each rendition from the bucket: its bytes, WebP, cached for a year', async () => {
    const url = await uploaded();
    for (const width of IMAGE_WIDTHS) {
      const address = imageUrl(url, width);
      const response = await get(address);
      expect(response.statusCode, address).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(response.headers.etag).toMatch(/^"[^"]+"$/);
      expect(response.rawPayload.equals(await s3.object(keyOf(address)))).toBe(true);
    }
    const head = await t.app.inject({ method: 'HEAD', url, remoteAddress: newIp() });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String((await s3.object(keyOf(url))).length));
    expect(head.rawPayload.length).toBe(0);
  });

  it('a picture uploaded before its 1200 px rendition existed gets it from the bucket’s main one, kept there', async () => {
    const url = await uploaded(await picture(2000, 1000));
    const address = imageUrl(url, 1200);
    await t.ctx.storage.remove(keyOf(address));
    expect(await s3.keys()).not.toContain(keyOf(address));

    const first = await get(address);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['cache-control']).toBe(IMMUTABLE);
    const { width, height } = await sharp(first.rawPayload).metadata();
    expect([width, height]).toEqual([1200, 600]);
    expect((await s3.object(keyOf(address))).equals(first.rawPayload)).toBe(true);
    const again = await get(address);
    expect(again.statusCode).toBe(200);
    expect(again.headers.etag).toMatch(/^"[^"]+"$/);
    expect((await get(url.replace(/\.webp$/, '-1000.webp'))).statusCode).toBe(404);
  });

  it('a browser that already has the picture is told it is current (304), without the bytes', async () => {
    const url = await uploaded();
    const first = await get(url);
    const etag = first.headers.etag as string;
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe(IMMUTABLE);
    // A tag of another picture gets the picture.
    expect((await get(url, { 'if-none-match': '"another"' })).statusCode).toBe(200);
  });

  it('a picture that is not there is a 404, and so is a name that tries to climb out', async () => {
    for (const url of [
      '/uploads/nobody/none-0123456789abcdef.webp',
      '/uploads/..%2F..%2Fpackage.json',
      '/uploads/a/../../etc/passwd',
      '/uploads/%2e%2e/secret.webp',
      '/uploads/',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    }
  });

  it('another server on the same bucket serves the same pictures', async () => {
    const url = await uploaded();
    const other = await createTestApp({ storage: loadConfig({ STORAGE_URL: s3.url }).storage });
    try {
      const here = await get(url);
      const there = await get(url, {}, other.app);
      expect(there.statusCode).toBe(200);
      expect(there.rawPayload.equals(here.rawPayload)).toBe(true);
    } finally {
      await other.close();
    }
  });

  it("the store's icon and its data export read the pictures from the bucket", async () => {
    const logo = await uploaded(await picture(300, 300, '#264653'));
    const market = await createMarket(t.app, owner.token, { logoUrl: logo });
    const icon = await get(`/store-icon/${market.id}/32.png`);
    expect(icon.statusCode).toBe(200);
    expect(await sharp(icon.rawPayload).metadata()).toMatchObject({ format: 'png', width: 32, height: 32 });
    const exported = await call(t.app, owner.token, 'GET', `/api/Market/export/${market.id}`);
    expect(exported.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(exported.rawPayload));
    const name = `images/${logo.split('/').pop()}`;
    expect(Buffer.from(files[name]!).equals(await s3.object(keyOf(logo)))).toBe(true);
  });

  it('the clean-up takes an unused upload out of the bucket', async () => {
    const url = await uploaded();
    await removeUnusedMedia(t.ctx, new Date(Date.now() + 60 * 60 * 1000));
    const inBucket = await s3.keys();
    for (const width of IMAGE_WIDTHS) {
      expect(inBucket).not.toContain(keyOf(imageUrl(url, width)));
      expect((await get(imageUrl(url, width))).statusCode).toBe(404);
    }
  });

  it('with the bucket out of reach an upload is refused in the user’s language and nothing is half-written; pictures answer 503; both come back by themselves', async () => {
    const kept = await uploaded();
    const keysBefore = await s3.keys();
    const rowsBefore = await mediaRows();
    await s3.stop();
    try {
      const refused = await upload(await picture(64, 64, '#2a9d8f'), 'az');
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(errorOf(refused)).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        message: 'Xidmət müvəqqəti olaraq əlçatan deyil',
      });
      const served = await get(kept, { 'accept-language': 'en' });
      expect(served.statusCode).toBe(503);
      expect(served.headers['retry-after']).toBe('5');
      expect(served.headers['cache-control']).toBe('no-store');
      expect(served.body).toContain('The service is temporarily unavailable');
      expect(served.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|\.ts:\d+/);
    } finally {
      await s3.start();
    }
    expect(await s3.keys()).toEqual(keysBefore);
    expect(await mediaRows()).toBe(rowsBefore);
    expect((await get(kept)).statusCode).toBe(200);
    await uploaded();
    expect(await mediaRows()).toBe(rowsBefore + 1);
  });
});

describe('a bucket lost midway through an upload', () => {
  it('takes the renditions that went in out again: no picture, no row', async () => {
    const keysBefore = await s3.keys();
    const rowsBefore = await mediaRows();
    const storage = t.ctx.storage;
    const put = storage.put.bind(storage);
    // The smallest rendition is the one the bucket never takes.
    vi.spyOn(storage, 'put').mockImplementation(async (key, bytes, type) => {
      if (key.endsWith('-400.webp')) throw new StorageUnavailableError(new Error('connection reset'));
      return put(key, bytes, type);
    });
    const refused = await upload(await picture(90, 90, '#8ab17d'));
    expect(refused.statusCode).toBe(503);
    expect(errorOf(refused).code).toBe('SERVICE_UNAVAILABLE');
    expect(await s3.keys()).toEqual(keysBefore);
    expect(await mediaRows()).toBe(rowsBefore);
  });

  it('what can not be taken out at once is taken by the clean-up later', async () => {
    const keysBefore = await s3.keys();
    const storage = t.ctx.storage;
    const put = storage.put.bind(storage);
    vi.spyOn(storage, 'put').mockImplementation(async (key, bytes, type) => {
      if (key.endsWith('-400.webp')) throw new StorageUnavailableError(new Error('connection reset'));
      return put(key, bytes, type);
    });
    // The bucket is gone by the time the first renditions are to come out again.
    const remove = vi.spyOn(storage, 'remove').mockRejectedValue(new StorageUnavailableError(new Error('refused')));
    expect((await upload(await picture(90, 90, '#f4a261'))).statusCode).toBe(503);
    remove.mockRestore();
    const left = (await s3.keys()).filter((key) => !keysBefore.includes(key));
    expect(left).toHaveLength(IMAGE_WIDTHS.length - 1);
    await removeUnusedMedia(t.ctx, new Date(Date.now() + 60 * 60 * 1000));
    expect((await s3.keys()).filter((key) => left.includes(key))).toEqual([]);
  });
});

describe('STORAGE_URL', () => {
  it('unset, uploads stay on local disk', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
  });

  it('names the bucket, its server, the region and the addressing style', () => {
    expect(
      loadConfig({
        STORAGE_URL:
          's3://AKIAEXAMPLE:se%2Fcr%2Bet@s3.eu-central-1.amazonaws.com/shop-pictures/prod?region=eu-central-1&style=virtual',
      }).storage,
    ).toEqual({
      kind: 's3',
      endpoint: 'https://s3.eu-central-1.amazonaws.com',
      region: 'eu-central-1',
      bucket: 'shop-pictures',
      prefix: 'prod/',
      forcePathStyle: false,
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'se/cr+et' },
    });
    // Plain HTTP to a server nearby; credentials from the SDK's own chain.
    expect(loadConfig({ STORAGE_URL: 's3+http://minio:9000/pictures' }).storage).toEqual({
      kind: 's3',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      bucket: 'pictures',
      prefix: '',
      forcePathStyle: true,
    });
  });

  it.each([
    ['https://s3.example.com/pictures', /must be s3:\/\/key:secret@host/],
    ['not a url', /must be s3:\/\/key:secret@host/],
    ['s3://KEY:Sup3rS3cr3t@s3.example.com', /names no bucket/],
    ['s3://KEY:Sup3rS3cr3t@s3.example.com/Pictures_2', /bucket must be 3 to 63/],
    ['s3://KEY@s3.example.com/pictures', /needs both the access key and the secret/],
    ['s3://KEY:Sup3rS3cr3t@s3.example.com/pictures/uploads.v2', /prefix must be/],
    ['s3://KEY:Sup3rS3cr3t@s3.example.com/pictures?regoin=eu-central-1', /unknown option "regoin"/],
    ['s3://KEY:Sup3rS3cr3t@s3.example.com/pictures?style=sideways', /style must be path or virtual/],
  ])('refuses %s at start with a one-line reason that keeps the secret', (url, reason) => {
    let error: unknown;
    try {
      loadConfig({ STORAGE_URL: url });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { message } = error as ConfigError;
    expect(message).toMatch(/^Bad configuration: STORAGE_URL /);
    expect(message).toMatch(reason);
    expect(message).not.toContain('\n');
    expect(message).not.toContain('Sup3rS3cr3t');
  });
});
