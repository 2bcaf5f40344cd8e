import fs from 'node:fs/promises';
import path from 'node:path';
import type { BugReportPage } from '@shop/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  call,
  createTestApp,
  dataOf,
  errorOf,
  fieldCodes,
  mailbox,
  merchant,
  newIp,
  type TestApp,
  tusUpload,
  uniqueEmail,
} from '../../testing/app.js';

/**
 * Bug reports (issue 17) on both databases: a visitor's report with pictures, videos and a voice
 * note uploaded beforehand by tus; each file's bytes are looked at and a report with one bad file
 * keeps nothing; the staff alone list the reports, newest first, and open their files.
 */

const STAFF = uniqueEmail('bug-staff');
let t: TestApp;
let staff: { token: string; email: string };
beforeAll(async () => {
  t = await createTestApp({ staffEmails: new Set([STAFF]) });
  staff = await merchant(t.app, STAFF);
});
afterAll(async () => {
  await t?.close();
});

// ---- Real files, as small as they can be -------------------------------------------------------

const picture = (format: 'png' | 'jpeg') =>
  sharp({ create: { width: 24, height: 16, channels: 3, background: '#e76f51' } })
    [format]()
    .toBuffer();

/** An ISO MP4: its `ftyp` box (isom), then an empty `mdat`. */
const MP4 = Buffer.concat([
  Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'),
  Buffer.from('000000106d646174', 'hex'),
  Buffer.alloc(8),
]);

/** An EBML element with a one-byte size. */
const ebml = (id: string, data: Buffer) =>
  Buffer.concat([Buffer.from(id, 'hex'), Buffer.from([0x80 | data.length]), data]);
/** A WebM: the EBML header whose DocType is "webm", then a Segment of unknown size. */
function webm(fill = 64): Buffer {
  const header = Buffer.concat([
    ebml('4286', Buffer.from([1])),
    ebml('42f7', Buffer.from([1])),
    ebml('42f2', Buffer.from([4])),
    ebml('42f3', Buffer.from([8])),
    ebml('4282', Buffer.from('webm')),
    ebml('4287', Buffer.from([4])),
    ebml('4285', Buffer.from([2])),
  ]);
  return Buffer.concat([ebml('1a45dfa3', header), Buffer.from('1853806701ffffffffffffff', 'hex'), Buffer.alloc(fill)]);
}

/** A GIF (one pixel): not a picture a report takes. */
const GIF = Buffer.concat([
  Buffer.from('GIF89a'),
  Buffer.from([1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0]),
  Buffer.from([0x3b]),
]);
/** An AVI (RIFF … AVI LIST): not a video a report takes. */
const AVI = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from('AVI LIST'),
  Buffer.alloc(64),
]);

async function upload(kind: string, bytes: Buffer, name: string): Promise<string> {
  const { id, ok, created, finished } = await tusUpload(t.app, kind, bytes, name);
  if (!id || !ok) throw new Error(`upload refused: ${created.statusCode} ${finished?.body ?? created.body}`);
  return id;
}

const report = (fields: Record<string, unknown> = {}) => ({
  name: 'Leyla',
  surname: 'Həsənova',
  email: uniqueEmail('reporter'),
  phoneNumber: '+994 50 123 45 67',
  note: 'Səbətə əlavə edəndə səhifə donur.',
  ...fields,
});

const send = (body: unknown, options: { ip?: string; language?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/BugBounty/create',
    payload: body as Record<string, unknown>,
    headers: { 'accept-language': options.language ?? 'en' },
    remoteAddress: options.ip ?? newIp(),
  });

const list = async (query = '') =>
  dataOf<BugReportPage>(await call(t.app, staff.token, 'GET', `/api/BugBounty/get-all${query}`));

/** How many files the reports' three folders hold. */
async function keptFiles(): Promise<number> {
  let n = 0;
  for (const folder of ['bug-images', 'bug-videos', 'bug-sounds']) {
    n += (await fs.readdir(path.join(t.config.privateDir, folder))).length;
  }
  return n;
}

const get = (url: string, token: string | null) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('bug reports', () => {
  it('keeps a report with pictures, videos and a voice note, lists it to the staff newest first, and serves its files to them alone', async () => {
    const png = await picture('png');
    const jpeg = await picture('jpeg');
    const video = webm(200);
    const voice = webm(100);
    const earlier = dataOf<{ id: number }>(await send(report({ note: 'An earlier report.' })), 201);
    const body = report({
      imageUploadIds: [await upload('image', png, 'screen.png'), await upload('image', jpeg, 'photo.JPEG')],
      videoUploadIds: [await upload('video', MP4, 'clip.mp4'), await upload('video', video, 'clip.webm')],
      voiceUploadId: await upload('voice', voice, 'voice-note'),
    });
    const response = await send(body, { language: 'az' });
    const { id } = dataOf<{ id: number }>(response, 201);
    expect(Object.keys(response.json().data)).toEqual(['id']);
    expect(id).toBeGreaterThan(earlier.id);

    const page = await list();
    expect(page.items[0]?.id).toBe(id);
    expect(page.items[1]?.id).toBe(earlier.id);
    const kept = page.items[0];
    expect(kept).toMatchObject({
      name: 'Leyla',
      surname: 'Həsənova',
      email: body.email,
      phoneNumber: '+994 50 123 45 67',
      note: 'Səbətə əlavə edəndə səhifə donur.',
    });
    expect(kept?.imageUrls).toHaveLength(2);
    expect(kept?.videoUrls).toHaveLength(2);
    expect(kept?.imageUrls[0]).toMatch(/^\/api\/BugBounty\/files\/images\/[0-9a-f-]{36}\.png$/);
    expect(kept?.imageUrls[1]).toMatch(/\.jpg$/);
    expect(kept?.videoUrls[0]).toMatch(/^\/api\/BugBounty\/files\/videos\/[0-9a-f-]{36}\.mp4$/);
    expect(kept?.videoUrls[1]).toMatch(/\.webm$/);
    expect(kept?.soundFileUrl).toMatch(/^\/api\/BugBounty\/files\/sounds\/[0-9a-f-]{36}\.webm$/);
    // A report without files says so.
    expect(page.items[1]).toMatchObject({ soundFileUrl: null, imageUrls: [], videoUrls: [] });

    // Each file is the bytes that were sent, to the staff only, never sniffed as anything else.
    const files: [string, Buffer][] = [
      [kept?.imageUrls[0] as string, png],
      [kept?.imageUrls[1] as string, jpeg],
      [kept?.videoUrls[0] as string, MP4],
      [kept?.videoUrls[1] as string, video],
      [kept?.soundFileUrl as string, voice],
    ];
    const someone = await merchant(t.app);
    for (const [url, bytes] of files) {
      const served = await get(url, staff.token);
      expect(served.statusCode, url).toBe(200);
      expect(served.rawPayload.equals(bytes), url).toBe(true);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect((await get(url, someone.token)).statusCode, url).toBe(403);
      expect((await get(url, null)).statusCode, url).toBe(401);
    }
    expect((await get(files[0]?.[0] as string, staff.token)).headers['content-type']).toMatch(/^image\/png/);
    // Players seek: a range is answered as one.
    const ranged = await t.app.inject({
      method: 'GET',
      url: kept?.videoUrls[1] as string,
      headers: { authorization: `Bearer ${staff.token}`, range: 'bytes=0-3' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.equals(video.subarray(0, 4))).toBe(true);
    // A range past the end is refused as HTTP says (416, with the size to ask again), as the bucket does.
    const past = await t.app.inject({
      method: 'GET',
      url: kept?.videoUrls[1] as string,
      headers: { authorization: `Bearer ${staff.token}`, range: `bytes=${video.length + 10}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${video.length}`);
    // Nothing but a kept name of that kind is served.
    const name = path.basename(kept?.imageUrls[0] as string);
    expect((await get(`/api/BugBounty/files/videos/${name}`, staff.token)).statusCode).toBe(404);
    expect((await get('/api/BugBounty/files/images/..%2F..%2Fpackage.json', staff.token)).statusCode).toBe(404);
    expect((await get(`/api/BugBounty/files/cv/${name}`, staff.token)).statusCode).toBe(400);
    // Nor is the file anywhere the public reads.
    expect((await get(`/uploads/${name}`, null)).statusCode).toBe(404);

    // Every staff member is told, in their own language, with the way to the list.
    const mail = (await mailbox(t.app, STAFF)).find((m) => m.subject === `Xəta bildirişi #${id}`);
    expect(mail?.text).toContain(body.email);
    expect(mail?.text).toContain('Səbətə əlavə edəndə səhifə donur.');
    expect(mail?.text).toContain('2 şəkil, 2 video, səs qeydi: var');
    expect(mail?.text).toContain('/staff/bug-reports');
  });

  it('refuses a GIF named .png and an AVI named .mp4 as they finish uploading; a report naming them keeps nothing', async () => {
    const before = { total: (await list()).total, files: await keptFiles() };
    const good = await upload('image', await picture('png'), 'good.png');
    const gif = await tusUpload(t.app, 'image', GIF, 'shot.png');
    expect(gif.finished?.statusCode).toBe(415);
    expect(errorOf(gif.finished as NonNullable<typeof gif.finished>)).toMatchObject({
      code: 'IMAGE_TYPE_INVALID',
      message: 'Only PNG, JPG or JPEG images are allowed',
    });
    const avi = await tusUpload(t.app, 'video', AVI, 'clip.mp4');
    expect(errorOf(avi.finished as NonNullable<typeof avi.finished>)).toMatchObject({
      code: 'VIDEO_TYPE_INVALID',
      message: 'Only MP4 or WEBM videos are allowed',
    });
    // Removed at once: a report naming them (a script ignoring the answer) keeps nothing at all.
    const refused = await send(
      report({
        imageUploadIds: [good, gif.id],
        videoUploadIds: [avi.id],
        voiceUploadId: await upload('voice', webm(), 'v'),
      }),
    );
    expect(errorOf(refused).code).toBe('FILE_UPLOAD_FAILED');
    expect(await keptFiles()).toBe(before.files);
    expect((await list()).total).toBe(before.total);

    // The good picture is still there for a report without the bad files.
    dataOf(await send(report({ imageUploadIds: [good] })), 201);
    expect(await keptFiles()).toBe(before.files + 1);
    // An upload is one report's: the next that names it finds nothing.
    expect(errorOf(await send(report({ imageUploadIds: [good] }))).code).toBe('FILE_UPLOAD_FAILED');
    // A file uploaded as one kind is not another's.
    const clip = await upload('video', MP4, 'clip.mp4');
    expect(errorOf(await send(report({ imageUploadIds: [clip] }))).code).toBe('FILE_UPLOAD_FAILED');
  });

  it('refuses a file over 30 MB when its upload is created, with the catalogue’s message', async () => {
    for (const kind of ['image', 'video', 'voice']) {
      const big = await tusUpload(t.app, kind, Buffer.alloc(10), `big.${kind}`, {
        declaredLength: 30 * 1024 * 1024 + 1,
      });
      expect(big.created.statusCode, kind).toBe(413);
      expect(errorOf(big.created), kind).toMatchObject({ code: 'MEDIA_TOO_LARGE', message: 'File size exceeds 30MB' });
    }
  });

  it('refuses a filled hidden field before anything else, and keeps nothing', async () => {
    const before = { total: (await list()).total, files: await keptFiles() };
    const image = await upload('image', await picture('png'), 'a.png');
    for (const body of [
      report({ website: 'https://spam.example', imageUploadIds: [image] }),
      { website: 'x', note: 1 },
    ]) {
      const trapped = await send(body);
      expect(trapped.statusCode).toBe(400);
      expect(errorOf(trapped).code).toBe('SPAM_SUSPECTED');
    }
    expect((await list()).total).toBe(before.total);
    expect(await keptFiles()).toBe(before.files);
  });

  it('keeps an upload named twice once', async () => {
    const image = await upload('image', await picture('png'), 'a.png');
    const { id } = dataOf<{ id: number }>(await send(report({ imageUploadIds: [image, image] })), 201);
    expect((await list()).items.find((r) => r.id === id)?.imageUrls).toHaveLength(1);
  });

  it('keeps markup in the note as the words it is', async () => {
    const note = '<script>alert(1)</script><img src=x onerror=alert(2)> & more';
    const { id } = dataOf<{ id: number }>(await send(report({ note, name: '<b>Bold</b>' })), 201);
    const kept = (await list()).items.find((r) => r.id === id);
    expect(kept).toMatchObject({ note, name: '<b>Bold</b>' });
  });

  it('refuses missing and malformed fields at their fields', async () => {
    const missing = await send({});
    expect(missing.statusCode).toBe(400);
    expect(fieldCodes(missing)).toMatchObject({
      name: 'required',
      surname: 'required',
      email: expect.any(String),
      phoneNumber: 'required',
      note: 'required',
    });
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [report({ name: '  ' }), { name: 'required' }],
      [report({ email: 'not-an-address' }), { email: 'invalidEmail' }],
      [report({ phoneNumber: 'call me' }), { phoneNumber: 'invalidPhone' }],
      [report({ note: 'x'.repeat(5001) }), { note: 'tooLong' }],
      [report({ imageUploadIds: Array.from({ length: 6 }, () => 'a'.repeat(32)) }), { imageUploadIds: 'tooMany' }],
      [report({ videoUploadIds: Array.from({ length: 3 }, () => 'a'.repeat(32)) }), { videoUploadIds: 'tooMany' }],
      [report({ voiceUploadId: '../../etc/passwd' }), { voiceUploadId: 'invalidValue' }],
    ];
    for (const [body, expected] of cases) {
      const response = await send(body);
      expect(response.statusCode, JSON.stringify(expected)).toBe(400);
      expect(fieldCodes(response)).toEqual(expected);
    }
  });

  it('takes ten reports an hour from one address, then answers 429', async () => {
    const ip = newIp();
    for (let i = 0; i < 10; i++) expect((await send(report(), { ip })).statusCode).toBe(201);
    const limited = await send(report(), { ip });
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).code).toBe('RATE_LIMITED');
    expect((await send(report())).statusCode).toBe(201);
  });

  it('removes the kept files when the report cannot be written, and keeps the uploads to send it again', async () => {
    const before = await keptFiles();
    const image = await upload('image', await picture('jpeg'), 'a.jpg');
    const voice = await upload('voice', webm(), 'note.webm');
    const form = report({ imageUploadIds: [image], voiceUploadId: voice });
    const spy = vi.spyOn(t.ctx.db, 'insert').mockImplementationOnce(() => {
      throw new Error('the database went away');
    });
    try {
      expect((await send(form)).statusCode).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect(await keptFiles()).toBe(before);

    // The same form again, naming the same uploads: kept whole.
    const sent = await send(form);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await keptFiles()).toBe(before + 2);
    // Named once, an upload is no longer there to be named again.
    expect(errorOf(await send(report({ imageUploadIds: [image] }))).code).toBe('FILE_UPLOAD_FAILED');
  });

  it('keeps nothing of a report whose later file can not be kept, and keeps its uploads to send it again', async () => {
    const before = await keptFiles();
    const image = await upload('image', await picture('png'), 'screen.png');
    const video = await upload('video', MP4, 'clip.mp4');
    const form = report({ imageUploadIds: [image], videoUploadIds: [video] });
    const keep = t.ctx.uploads.keep.bind(t.ctx.uploads);
    // The picture is kept; the video can not be.
    const spy = vi
      .spyOn(t.ctx.uploads, 'keep')
      .mockImplementationOnce(keep)
      .mockImplementationOnce(async () => {
        throw new Error('input/output error');
      });
    try {
      const refused = await send(form);
      expect(refused.statusCode).toBe(422);
      expect(errorOf(refused).code).toBe('FILE_UPLOAD_FAILED');
    } finally {
      spy.mockRestore();
    }
    expect(await keptFiles()).toBe(before);

    const sent = await send(form);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await keptFiles()).toBe(before + 2);
  });

  it('is the staff’s list alone, paged', async () => {
    const someone = await merchant(t.app);
    const forbidden = await call(t.app, someone.token, 'GET', '/api/BugBounty/get-all');
    expect(forbidden.statusCode).toBe(403);
    expect(errorOf(forbidden).code).toBe('FORBIDDEN');
    expect((await call(t.app, null, 'GET', '/api/BugBounty/get-all')).statusCode).toBe(401);
    // Bad paging from anyone else is refused as theirs to ask at all.
    expect((await call(t.app, someone.token, 'GET', '/api/BugBounty/get-all?pageSize=x')).statusCode).toBe(403);

    const all = await list();
    const second = await list('?page=2&pageSize=2');
    expect(second).toMatchObject({ page: 2, pageSize: 2, total: all.total });
    expect(second.items.map((r) => r.id)).toEqual(all.items.slice(2, 4).map((r) => r.id));
    expect(fieldCodes(await call(t.app, staff.token, 'GET', '/api/BugBounty/get-all?pageSize=500'))).toEqual({
      pageSize: 'invalidValue',
    });
  });
});
