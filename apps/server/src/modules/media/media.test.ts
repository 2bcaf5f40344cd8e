import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_WIDTHS, imageUrl } from '@shop/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  call,
  createCategory,
  createCollection,
  createMarket,
  createProduct,
  createTestApp,
  dataOf,
  errorOf,
  merchant,
  newIp,
  productBody,
  query,
  type TestApp,
  uploadImage,
} from '../../testing/app.js';
import { removeUnusedMedia } from './service.js';

let t: TestApp;
let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  token = (await merchant(app)).token;
});
afterAll(async () => {
  await t?.close();
});

const EN = { 'accept-language': 'en' };

/** A multipart/form-data body as a browser would send it. */
async function form(file: { bytes: Buffer; name: string; type: string } | null, field = 'file') {
  const data = new FormData();
  data.append('note', 'hello');
  if (file) data.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const encoded = new Response(data);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

async function upload(file: { bytes: Buffer; name: string; type: string } | null, auth = token) {
  const { payload, headers } = await form(file);
  return app.inject({
    method: 'POST',
    url: '/api/Media/upload',
    payload,
    headers: { ...headers, ...EN, ...(auth ? bearer(auth) : {}) },
    remoteAddress: newIp(),
  });
}

function noise(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + (i >> 5) * 104729) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

interface Uploaded {
  url: string;
  width: number;
  height: number;
}

async function served(url: string) {
  const response = await app.inject({ method: 'GET', url, remoteAddress: newIp() });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('image/webp');
  return { bytes: response.rawPayload, metadata: await sharp(response.rawPayload).metadata() };
}

describe('image upload', () => {
  it('takes a PNG and serves it back as WebP', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 4, background: '#3366ff' } })
      .png()
      .toBuffer();
    const response = await upload({ bytes: png, name: 'logo.png', type: 'image/png' });
    expect(response.statusCode).toBe(201);
    const { data } = response.json() as { data: Uploaded };
    expect(data.url).toMatch(/^\/uploads\/[0-9a-f-]{36}\/[0-9a-f-]{36}-[0-9a-f]{16}\.webp$/);
    expect(data).toMatchObject({ width: 64, height: 48 });
    const { metadata } = await served(data.url);
    expect(metadata).toMatchObject({ format: 'webp', width: 64, height: 48 });
  });

  it('serves each rendition for a year under a name made from its content; a browser that has it gets 304', async () => {
    const picture = (background: string) =>
      sharp({ create: { width: 40, height: 30, channels: 3, background } })
        .png()
        .toBuffer();
    const upload1 = await upload({ bytes: await picture('#ff0000'), name: 'a.png', type: 'image/png' });
    const again = await upload({ bytes: await picture('#ff0000'), name: 'a.png', type: 'image/png' });
    const other = await upload({ bytes: await picture('#0000ff'), name: 'b.png', type: 'image/png' });
    const [first, second, third] = [upload1, again, other].map((r) => (r.json() as { data: Uploaded }).data.url);
    const hashOf = (url: string) => /-([0-9a-f]{16})\.webp$/.exec(url)?.[1];
    // The same picture twice: two uploads, one content name; another picture, another name.
    expect(second).not.toBe(first);
    expect(hashOf(second!)).toBe(hashOf(first!));
    expect(hashOf(third!)).not.toBe(hashOf(first!));
    for (const width of IMAGE_WIDTHS) {
      const url = imageUrl(first!, width);
      const response = await app.inject({ method: 'GET', url, remoteAddress: newIp() });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const etag = response.headers.etag as string;
      expect(etag).toBeTruthy();
      const revalidated = await app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': etag },
        remoteAddress: newIp(),
      });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.rawPayload.length).toBe(0);
    }
  });

  it('takes a large JPEG photo (over the 1 MB JSON limit) and scales it to 1600 px', async () => {
    const jpeg = await noise(2400, 1200).jpeg({ quality: 98 }).toBuffer();
    expect(jpeg.length).toBeGreaterThan(1024 * 1024);
    const response = await upload({ bytes: jpeg, name: 'photo.jpeg', type: 'image/jpeg' });
    expect(response.statusCode).toBe(201);
    const { data } = response.json() as { data: Uploaded };
    expect(data).toMatchObject({ width: 1600, height: 800 });
    const { metadata } = await served(data.url);
    expect(metadata).toMatchObject({ format: 'webp', width: 1600, height: 800 });
  });

  it('takes a WebP', async () => {
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    const response = await upload({ bytes: webp, name: 'x.webp', type: 'image/webp' });
    expect(response.statusCode).toBe(201);
  });

  it('turns a phone photo upright and drops its metadata (location, camera)', async () => {
    const jpeg = await noise(40, 20)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Make: 'PhoneMaker', Copyright: 'Private' } })
      .toBuffer();
    const before = await sharp(jpeg).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif).toBeDefined();
    const response = await upload({ bytes: jpeg, name: 'IMG_0001.JPG', type: 'image/jpeg' });
    expect(response.statusCode).toBe(201);
    const { data } = response.json() as { data: Uploaded };
    expect(data).toMatchObject({ width: 20, height: 40 });
    const { bytes, metadata } = await served(data.url);
    expect(metadata.exif).toBeUndefined();
    expect(bytes.includes('PhoneMaker')).toBe(false);
  });

  it('names the stored file itself, whatever the upload was called', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const response = await upload({ bytes: png, name: '../../evil<script>.png', type: 'image/png' });
    expect(response.statusCode).toBe(201);
    const { url } = (response.json() as { data: Uploaded }).data;
    expect(url).not.toMatch(/evil|script|\.\./);
  });

  it.each([
    ['a text file named .png', Buffer.from('just some text, not an image\n'.repeat(10)), 'notes.png', 'image/png'],
    [
      'a Windows executable named .jpg',
      Buffer.concat([Buffer.from('MZ\x90\x00\x03'), Buffer.alloc(512, 1)]),
      'photo.jpg',
      'image/jpeg',
    ],
    [
      'a Linux executable named .png',
      Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01'), Buffer.alloc(512, 2)]),
      'logo.png',
      'image/png',
    ],
    ['HTML named .webp', Buffer.from('<html><script>alert(1)</script></html>'), 'x.webp', 'image/webp'],
    ['an empty file', Buffer.alloc(0), 'empty.png', 'image/png'],
  ])('refuses %s', async (_, bytes, name, type) => {
    const response = await upload({ bytes, name, type });
    expect(response.statusCode).toBe(415);
    expect(errorOf(response)).toEqual({
      code: 'UNSUPPORTED_FILE_TYPE',
      message: 'Only PNG, JPG, JPEG and WebP images are allowed',
    });
  });

  it('refuses images of other kinds: SVG (it can carry scripts) and GIF', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    );
    expect((await sharp(svg).metadata()).format).toBe('svg');
    expect((await upload({ bytes: svg, name: 'logo.png', type: 'image/png' })).statusCode).toBe(415);
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    const response = await upload({ bytes: gif, name: 'anim.gif', type: 'image/gif' });
    expect(response.statusCode).toBe(415);
    expect(errorOf(response).code).toBe('UNSUPPORTED_FILE_TYPE');
  });

  it('refuses a file over 10 MB', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const big = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024 + 1 - png.length, 0)]);
    const response = await upload({ bytes: big, name: 'big.png', type: 'image/png' });
    expect(response.statusCode).toBe(413);
    expect(errorOf(response)).toEqual({ code: 'FILE_TOO_LARGE', message: 'The file is too large' });
  });

  it('needs a session, and stores nothing without one', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const stored = async () => (await readdir(t.config.uploadsDir, { recursive: true })).length;
    const before = await stored();
    const response = await upload({ bytes: png, name: 'a.png', type: 'image/png' }, '');
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)).toEqual({ code: 'UNAUTHORIZED', message: 'Please sign in to continue' });
    const forged = await upload({ bytes: png, name: 'a.png', type: 'image/png' }, 'forged-token');
    expect(forged.statusCode).toBe(401);
    expect(await stored()).toBe(before);
  });

  it('asks for the file when none is sent', async () => {
    const response = await upload(null);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields?.file).toEqual({ code: 'required', message: 'Fill in the inputs completely' });
  });

  it('refuses a JSON body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/Media/upload',
      payload: { file: 'aGVsbG8=' },
      headers: { ...bearer(token), ...EN },
      remoteAddress: newIp(),
    });
    expect(response.statusCode).toBe(415);
    expect(errorOf(response)).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'This content type is not supported',
    });
  });

  it('a broken multipart body is a failed upload, not a server error', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const { payload, headers } = await form({ bytes: png, name: 'a.png', type: 'image/png' });
    const cut = await app.inject({
      method: 'POST',
      url: '/api/Media/upload',
      payload: payload.subarray(0, payload.length - 60),
      headers: { ...headers, ...bearer(token), ...EN },
      remoteAddress: newIp(),
    });
    expect(cut.statusCode).toBe(422);
    expect(errorOf(cut)).toEqual({ code: 'FILE_UPLOAD_FAILED', message: 'File upload failed' });

    const noBoundary = await app.inject({
      method: 'POST',
      url: '/api/Media/upload',
      payload,
      headers: { 'content-type': 'multipart/form-data', ...bearer(token), ...EN },
      remoteAddress: newIp(),
    });
    expect(noBoundary.statusCode).toBe(422);
    expect(errorOf(noBoundary).code).toBe('FILE_UPLOAD_FAILED');
  });

  it('an unknown upload path is a 404, a malformed one a 400', async () => {
    const response = await app.inject({ method: 'GET', url: '/uploads/nobody/none.webp', remoteAddress: newIp() });
    expect(response.statusCode).toBe(404);
    const malformed = '/uploads/nobody/none-0123456789abcdef-%E0%A4%A-1200.webp';
    expect((await app.inject({ method: 'GET', url: malformed, remoteAddress: newIp() })).statusCode).toBe(400);
  });
});

describe('renditions', () => {
  it('an upload is stored as four WebP renditions: the main one at most 1600 px, then 1200, 800 and 400', async () => {
    const jpeg = await noise(2400, 1200).jpeg({ quality: 80 }).toBuffer();
    const response = await upload({ bytes: jpeg, name: 'wide.jpg', type: 'image/jpeg' });
    expect(response.statusCode).toBe(201);
    const { url } = (response.json() as { data: Uploaded }).data;
    expect(IMAGE_WIDTHS).toEqual([1600, 1200, 800, 400]);
    const urls = IMAGE_WIDTHS.map((width) => imageUrl(url, width));
    expect(urls).toEqual([
      url,
      url.replace(/\.webp$/, '-1200.webp'),
      url.replace(/\.webp$/, '-800.webp'),
      url.replace(/\.webp$/, '-400.webp'),
    ]);
    const sizes = [];
    for (const rendition of urls) {
      const { metadata } = await served(rendition);
      expect(metadata.format).toBe('webp');
      sizes.push([metadata.width, metadata.height]);
    }
    expect(sizes).toEqual([
      [1600, 800],
      [1200, 600],
      [800, 400],
      [400, 200],
    ]);
  });

  it('a picture uploaded before its 1200 px rendition existed gets it on the first request, kept from then on', async () => {
    const jpeg = await noise(2400, 1200).jpeg({ quality: 80 }).toBuffer();
    const { url } = (
      (await upload({ bytes: jpeg, name: 'older.jpg', type: 'image/jpeg' })).json() as { data: Uploaded }
    ).data;
    const address = imageUrl(url, 1200);
    const file = path.join(t.config.uploadsDir, address.slice('/uploads/'.length));
    // As an upload of before 2026-11-28 is: no 1200 px file, nor in its row.
    await rm(file);
    await t.ctx.db.execute(sql`update media set keys = keys - ${address.slice('/uploads/'.length)}::text
      where url = ${url}`);

    const first = await app.inject({ method: 'GET', url: address, remoteAddress: newIp() });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const { width, height } = await sharp(first.rawPayload).metadata();
    expect([width, height]).toEqual([1200, 600]);
    // Kept: on disk, served as any file from then on, and in the row for the clean-up.
    expect((await stat(file)).size).toBe(first.rawPayload.length);
    expect((await served(address)).bytes.equals(first.rawPayload)).toBe(true);
    const [row] = await query<{ keys: string[] }>(t.ctx, sql`select keys from media where url = ${url}`);
    expect(row?.keys).toContain(address.slice('/uploads/'.length));

    // Only widths we keep, of pictures we have: anything else is still a 404.
    for (const other of [
      url.replace(/\.webp$/, '-1000.webp'),
      url.replace(/[0-9a-f]{16}\.webp$/, '0000000000000000-1200.webp'),
      '/uploads/nobody/none-0123456789abcdef-1200.webp',
    ]) {
      const response = await app.inject({ method: 'GET', url: other, remoteAddress: newIp() });
      expect(response.statusCode, other).toBe(404);
    }
  });

  it('a tall picture is bounded by its longest side', async () => {
    const png = await noise(600, 1800).png().toBuffer();
    const { url } = ((await upload({ bytes: png, name: 'tall.png', type: 'image/png' })).json() as { data: Uploaded })
      .data;
    const sizes = [];
    for (const width of IMAGE_WIDTHS) {
      const { metadata } = await served(imageUrl(url, width));
      sizes.push([metadata.width, metadata.height]);
    }
    expect(sizes).toEqual([
      [533, 1600],
      [400, 1200],
      [267, 800],
      [133, 400],
    ]);
  });

  it('a small picture is never enlarged: every rendition keeps its size', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const { url } = ((await upload({ bytes: png, name: 's.png', type: 'image/png' })).json() as { data: Uploaded })
      .data;
    for (const width of IMAGE_WIDTHS) {
      const { metadata } = await served(imageUrl(url, width));
      expect([metadata.width, metadata.height], String(width)).toEqual([300, 200]);
    }
  });
});

describe('removing unused uploads', () => {
  const gone = async (url: string) => {
    for (const width of IMAGE_WIDTHS) {
      const response = await app.inject({ method: 'GET', url: imageUrl(url, width), remoteAddress: newIp() });
      expect(response.statusCode, imageUrl(url, width)).toBe(404);
    }
  };
  const kept = async (url: string) => {
    for (const width of IMAGE_WIDTHS) await served(imageUrl(url, width));
  };

  it('removes an upload nothing refers to, and keeps those a product, variant, category, collection, logo or photo use', async () => {
    const owner = await merchant(app);
    const [unused, productImage, variantImage, categoryImage, cover, logo, photo, ofDeleted] = await Promise.all(
      Array.from({ length: 8 }, () => uploadImage(app, owner.token)),
    );
    const market = await createMarket(app, owner.token, { logoUrl: logo! });
    const category = await createCategory(app, owner.token, market.id, { imageUrl: categoryImage });
    const product = await createProduct(
      app,
      owner.token,
      productBody(market.id, category.id, productImage!, {
        options: [{ name: 'Size', values: ['S'] }],
        variants: [{ options: ['S'], price: 100, imageUrl: variantImage }],
      }),
    );
    await createCollection(app, owner.token, { marketId: market.id, coverImageUrl: cover!, productIds: [product.id] });
    const profile = await call(app, owner.token, 'PUT', '/api/User/update-user', { photoUrl: photo });
    expect(dataOf<{ photoUrl: string }>(profile).photoUrl).toBe(photo);
    const doomed = await createProduct(app, owner.token, productBody(market.id, category.id, ofDeleted!));
    expect((await call(app, owner.token, 'DELETE', `/api/Products/${market.id}/${doomed.id}`)).statusCode).toBe(200);

    // Younger than the cut-off: nothing goes yet.
    expect(await removeUnusedMedia(t.ctx, new Date(Date.now() - 60 * 60 * 1000))).toBe(0);
    await kept(unused!);

    const removed = await removeUnusedMedia(t.ctx, new Date(Date.now() + 60 * 60 * 1000));
    expect(removed).toBeGreaterThanOrEqual(2);
    await gone(unused!);
    await gone(ofDeleted!);
    for (const url of [productImage, variantImage, categoryImage, cover, logo, photo]) await kept(url!);
    // A second run finds nothing more of ours, and what is used stays.
    await removeUnusedMedia(t.ctx, new Date(Date.now() + 60 * 60 * 1000));
    for (const url of [productImage, variantImage, categoryImage, cover, logo, photo]) await kept(url!);
  });
});
