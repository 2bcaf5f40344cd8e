import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { ListMultipartUploadsCommand, S3Client } from '@aws-sdk/client-s3';
import type { BugReportPage, StaffApplicationPage, StaffVacancy } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig, type ObjectStorageConfig } from '../config.js';
import {
  call,
  createTestApp,
  dataOf,
  errorOf,
  merchant,
  newIp,
  query,
  type TestApp,
  tusMetadata,
  tusUpload,
  uniqueEmail,
} from '../testing/app.js';
import { type S3StandIn, startS3StandIn } from '../testing/s3-server.js';
import { s3ClientConfig } from './object-storage.js';
import { BucketPrivateFiles } from './private-files-bucket.js';
import { StorageUnavailableError } from './storage.js';

/**
 * Visitors' private files (CVs, bug reports' media) in the bucket that STORAGE_URL names (decision
 * 026), against a real S3-protocol server (s3rver) on this machine, through the HTTP surface: an
 * upload whose chunks reach two processes, an application kept with it, the staff's download and
 * its ranges, the bytes looked at from the bucket, the stale clean-up, and the bucket out of reach.
 */

const STAFF = uniqueEmail('files-staff');
const MiB = 1024 * 1024;
let s3: S3StandIn;
let storage: ObjectStorageConfig;
/** Two processes on one bucket (and, on PostgreSQL, one database): a balancer sends either. */
let t: TestApp;
let other: TestApp;
let staff: { token: string };
let applicant: { token: string };
let bucket: S3Client;

beforeAll(async () => {
  s3 = await startS3StandIn();
  storage = loadConfig({ STORAGE_URL: s3.url }).storage as ObjectStorageConfig;
  t = await createTestApp({ storage, staffEmails: new Set([STAFF]) });
  // PGlite is one process's own database; the upload's chunks need only the bucket.
  const database = t.config.database.kind === 'postgres' ? { database: t.config.database } : {};
  other = await createTestApp({ storage, staffEmails: new Set([STAFF]), ...database });
  staff = await merchant(t.app, STAFF);
  applicant = await merchant(t.app);
  bucket = new S3Client(s3ClientConfig(storage));
});
afterAll(async () => {
  bucket?.destroy();
  await other?.close();
  await t?.close();
  await s3?.close();
});

const sharedDatabase = () => t.config.database.kind === 'postgres';

/** A PDF of `size` bytes, its filler different at every offset (a range shows where it came from). */
function pdf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n');
  const tail = Buffer.from('\n%%EOF\n');
  const filler = Buffer.alloc(size - head.length - tail.length);
  for (let i = 0; i < filler.length; i++) filler[i] = 0x61 + ((i * 7 + (i >> 10)) % 26);
  return Buffer.concat([head, filler, tail]);
}

const DOCX = Buffer.from(
  zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '_rels/.rels': strToU8('<Relationships/>'),
    'word/document.xml': strToU8('<w:document><w:body><w:p><w:r><w:t>CV</w:t></w:r></w:p></w:body></w:document>'),
  }),
);

const png = () =>
  sharp({ create: { width: 24, height: 16, channels: 3, background: '#264653' } })
    .png()
    .toBuffer();

const TUS = { 'tus-resumable': '1.0.0' };

/** A new tus upload (POST): its address. */
async function create(app: TestApp['app'], kind: string, length: number, filename: string): Promise<string> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/Upload',
    headers: { ...TUS, 'upload-length': String(length), 'upload-metadata': tusMetadata({ kind, filename }) },
    remoteAddress: newIp(),
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.headers.location as string;
}

/** One chunk (PATCH) at `offset`. */
const patch = (app: TestApp['app'], location: string, offset: number, chunk: Buffer, language = 'en') =>
  app.inject({
    method: 'PATCH',
    url: location,
    headers: {
      ...TUS,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      'accept-language': language,
    },
    payload: chunk,
    remoteAddress: newIp(),
  });

/** Where the server says the upload stands (HEAD): its status and Upload-Offset. */
async function offsetOf(app: TestApp['app'], location: string) {
  const head = await app.inject({ method: 'HEAD', url: location, headers: TUS, remoteAddress: newIp() });
  return { status: head.statusCode, offset: Number(head.headers['upload-offset']), head };
}

const idOf = (location: string) => location.split('/').pop() as string;

/** The bucket's keys under the visitors' private files. */
async function privateKeys(): Promise<string[]> {
  return (await s3.keys()).filter((key) => key.startsWith('private/'));
}

const incomingKeysOf = async (id: string) =>
  (await privateKeys()).filter((key) => key.startsWith(`private/incoming/${id}`));

async function post(): Promise<StaffVacancy> {
  return dataOf<StaffVacancy>(
    await call(t.app, staff.token, 'POST', '/api/Staff/vacancies', {
      language: 'en',
      position: `Engineer ${Math.random().toString(36).slice(2, 7)}`,
      workHours: 'Full time',
      location: 'Baku',
      description: '<p>Build the checkout.</p>',
      published: true,
    }),
    201,
  );
}

const application = (vacancyId: string, cvUploadId: string) => ({
  vacancyId,
  name: 'Aysel',
  surname: 'Məmmədova',
  email: 'aysel@example.az',
  phoneNumber: '+994 50 123 45 67',
  motivationLetter: 'Mən bu komandada işləmək istəyirəm. '.repeat(20),
  cvUploadId,
});

const apply = (app: TestApp['app'], token: string, body: unknown, language = 'en') =>
  app.inject({
    method: 'POST',
    url: '/api/Career',
    payload: body as Record<string, unknown>,
    headers: { authorization: `Bearer ${token}`, 'accept-language': language },
    remoteAddress: newIp(),
  });

async function applications(vacancyId: string): Promise<number> {
  const [row] = await query<{ count: number }>(
    t.ctx,
    sql`select count(*)::int as count from applications where vacancy_id = ${vacancyId}`,
  );
  return row?.count ?? 0;
}

const download = (app: TestApp['app'], url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${staff.token}`, ...headers } });

/** A CV sent whole to `t`, finished: its upload id. */
async function cv(bytes: Buffer = pdf(40_000), name = 'cv.pdf'): Promise<string> {
  const sent = await tusUpload(t.app, 'cv', bytes, name);
  expect(sent.ok, sent.finished?.body).toBe(true);
  return sent.id as string;
}

describe('an upload and its file in the bucket', () => {
  it('goes on at another process: the next chunk, the application and the staff’s download, whole and by ranges', async () => {
    const bytes = pdf(6 * MiB + 12_345);
    const first = 5 * MiB + MiB / 2;
    const location = await create(t.app, 'cv', bytes.length, 'Aysel CV.pdf');
    const id = idOf(location);
    expect(id).toMatch(/^[0-9a-f]{32}$/);

    const one = await patch(t.app, location, 0, bytes.subarray(0, first));
    expect(one.statusCode, one.body).toBe(204);
    expect(one.headers['upload-offset']).toBe(String(first));
    // Sent so far: a part of a multipart upload, and tus's info beside it; no file yet.
    expect(await incomingKeysOf(id)).toEqual([`private/incoming/${id}.info`]);

    // The balancer sends the rest to the other process, which never saw the upload.
    expect(await offsetOf(other.app, location)).toMatchObject({ status: 200, offset: first });
    const two = await patch(other.app, location, first, bytes.subarray(first));
    expect(two.statusCode, two.body).toBe(204);
    expect(two.headers['upload-offset']).toBe(String(bytes.length));
    expect((await s3.object(`private/incoming/${id}`)).equals(bytes)).toBe(true);
    // Neither process wrote a byte to its own disk.
    for (const app of [t, other]) expect(await readdir(app.config.privateDir).catch(() => [])).toEqual([]);

    const vacancy = await post();
    const applied = await apply(t.app, applicant.token, application(vacancy.id, id));
    expect(applied.statusCode, applied.body).toBe(201);
    // Kept under a name of ours; the upload is no longer incoming.
    expect(await incomingKeysOf(id)).toEqual([]);
    const kept = (await privateKeys()).filter((key) => key.startsWith('private/careers/'));
    expect(kept).toEqual([expect.stringMatching(/^private\/careers\/[0-9a-f-]{36}\.pdf$/)]);
    const keptKey = kept[0] as string;

    const page = dataOf<StaffApplicationPage>(
      await call(t.app, staff.token, 'GET', `/api/Staff/applications?vacancyId=${vacancy.id}`),
    );
    const item = page.items[0];
    expect(item).toMatchObject({ cvName: 'Aysel CV.pdf', cvBytes: bytes.length });
    const url = item?.cvUrl as string;
    expect((await s3.object(keptKey)).equals(bytes)).toBe(true);

    const whole = await download(t.app, url);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    expect(whole.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(bytes.length),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'content-disposition': `attachment; filename="Aysel CV.pdf"; filename*=UTF-8''Aysel%20CV.pdf`,
      'accept-ranges': 'bytes',
    });

    // Players seek: one range, from the bucket.
    const ranged = await download(t.app, url, { range: 'bytes=6000000-6000099' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 6000000-6000099/${bytes.length}`);
    expect(ranged.headers['content-length']).toBe('100');
    expect(ranged.rawPayload.equals(bytes.subarray(6_000_000, 6_000_100))).toBe(true);
    // From a point to the end, as a player resumes.
    const rest = await download(t.app, url, { range: `bytes=${bytes.length - 7}-` });
    expect(rest.statusCode).toBe(206);
    expect(rest.headers['content-range']).toBe(`bytes ${bytes.length - 7}-${bytes.length - 1}/${bytes.length}`);
    expect(rest.rawPayload.toString()).toBe('\n%%EOF\n');
    const past = await download(t.app, url, { range: `bytes=${bytes.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`);

    if (sharedDatabase()) {
      // The other process serves the file it never saw.
      const there = await download(other.app, url);
      expect(there.statusCode).toBe(200);
      expect(there.rawPayload.equals(bytes)).toBe(true);
    }

    // Nowhere the public reads: /uploads/ serves pictures, never a key under private/.
    const pending = idOf(await create(t.app, 'cv', 100, 'cv.pdf'));
    for (const key of [keptKey, `private/incoming/${pending}.info`]) {
      expect(await privateKeys()).toContain(key);
      expect((await t.app.inject({ method: 'GET', url: `/uploads/${key}` })).statusCode, key).toBe(404);
    }
    expect((await call(t.app, applicant.token, 'GET', url)).statusCode).toBe(403);
    // A name the bucket does not have is NOT_FOUND, as on disk.
    const unknown = await download(t.app, `/api/BugBounty/files/images/${randomUUID()}.png`);
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('NOT_FOUND');
  });

  it('goes on at another process in chunks smaller than S3’s smallest part', async () => {
    const bytes = pdf(3 * MiB);
    const location = await create(t.app, 'cv', bytes.length, 'small.pdf');
    const id = idOf(location);
    const apps = [t.app, other.app, t.app];
    for (let i = 0; i < 3; i++) {
      const sent = await patch(apps[i] as TestApp['app'], location, i * MiB, bytes.subarray(i * MiB, (i + 1) * MiB));
      expect(sent.statusCode, sent.body).toBe(204);
      if (i < 2) {
        // Too small to be a part: kept in the bucket until the next chunk, wherever it arrives.
        expect(await incomingKeysOf(id)).toEqual([`private/incoming/${id}.info`, `private/incoming/${id}.part`]);
        expect((await offsetOf(apps[i + 1] as TestApp['app'], location)).offset).toBe((i + 1) * MiB);
      }
    }
    expect(await incomingKeysOf(id)).toEqual([`private/incoming/${id}`, `private/incoming/${id}.info`]);
    expect((await s3.object(`private/incoming/${id}`)).equals(bytes)).toBe(true);
  });

  it('is looked at from the bucket: a DOCX is taken, a PNG named .pdf refused with the catalogue’s message and removed', async () => {
    const vacancy = await post();
    const someone = await merchant(t.app);
    expect((await apply(t.app, someone.token, application(vacancy.id, await cv(DOCX, 'cv.docx')))).statusCode).toBe(
      201,
    );

    for (const [language, message] of [
      ['en', 'Only PDF or DOCX files are allowed'],
      ['az', 'Yalnız PDF və ya DOCX faylları qəbul olunur'],
    ] as const) {
      const refused = await tusUpload(t.app, 'cv', await png(), 'cv.pdf', { language });
      expect(refused.ok).toBe(false);
      expect(refused.finished?.statusCode).toBe(415);
      expect(errorOf(refused.finished as NonNullable<typeof refused.finished>)).toEqual({
        code: 'CV_TYPE_INVALID',
        message,
      });
      expect(await incomingKeysOf(refused.id as string)).toEqual([]);
      const named = await apply(t.app, applicant.token, application(vacancy.id, refused.id as string));
      expect(errorOf(named).code).toBe('FILE_UPLOAD_FAILED');
    }
    expect(await applications(vacancy.id)).toBe(1);
  });

  it('no form named is removed by the clean-up, finished or not; kept files stay', async () => {
    const finished = await cv();
    const unfinished = pdf(6 * MiB);
    const location = await create(t.app, 'cv', unfinished.length, 'half.pdf');
    expect((await patch(t.app, location, 0, unfinished.subarray(0, 5 * MiB + 1))).statusCode).toBe(204);
    const small = await create(t.app, 'cv', 2 * MiB, 'small.pdf');
    expect((await patch(t.app, small, 0, pdf(2 * MiB).subarray(0, MiB))).statusCode).toBe(204);
    const keptBefore = (await privateKeys()).filter((key) => !key.startsWith('private/incoming/'));
    const multipart = async () =>
      (
        await bucket.send(new ListMultipartUploadsCommand({ Bucket: storage.bucket, Prefix: 'private/incoming/' }))
      ).Uploads?.map((upload) => upload.Key) ?? [];
    expect(await multipart()).toContain(`private/incoming/${idOf(location)}`);

    // Begun within the day: left alone.
    expect(await t.ctx.uploads.removeStale(new Date(Date.now() - 60_000))).toBe(0);
    expect(await incomingKeysOf(finished)).toHaveLength(2);

    // A day later (the clock moved on): every one of them.
    expect(await t.ctx.uploads.removeStale(new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(3);
    expect((await privateKeys()).filter((key) => key.startsWith('private/incoming/'))).toEqual([]);
    expect(await multipart()).toEqual([]);
    expect((await privateKeys()).filter((key) => !key.startsWith('private/incoming/'))).toEqual(keptBefore);
    expect((await offsetOf(other.app, location)).status).toBe(404);
    const vacancy = await post();
    expect(errorOf(await apply(t.app, applicant.token, application(vacancy.id, finished))).code).toBe(
      'FILE_UPLOAD_FAILED',
    );
  });
});

describe('the bucket out of reach', () => {
  it('refuses an application in the user’s language and writes no row; the same upload is taken once it is back', async () => {
    const vacancy = await post();
    const id = await cv();
    const keysBefore = await privateKeys();
    await s3.stop();
    try {
      const refused = await apply(t.app, applicant.token, application(vacancy.id, id), 'az');
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(errorOf(refused)).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        message: 'Xidmət müvəqqəti olaraq əlçatan deyil',
      });
    } finally {
      await s3.start();
    }
    expect(await applications(vacancy.id)).toBe(0);
    expect(await privateKeys()).toEqual(keysBefore);
    expect((await apply(t.app, applicant.token, application(vacancy.id, id))).statusCode).toBe(201);
  });

  it('while the file is being kept: nothing is kept, no row, and the upload may be named again', async () => {
    const vacancy = await post();
    const id = await cv();
    const keysBefore = await privateKeys();
    const keep = BucketPrivateFiles.prototype.keep;
    // The bucket goes away once the upload's bytes were looked at, as it is being copied.
    vi.spyOn(BucketPrivateFiles.prototype, 'keep').mockImplementationOnce(async function (
      this: BucketPrivateFiles,
      ...args
    ) {
      await s3.stop();
      return keep.apply(this, args);
    });
    try {
      const refused = await apply(t.app, applicant.token, application(vacancy.id, id));
      expect(refused.statusCode).toBe(503);
      expect(errorOf(refused).code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await s3.start();
    }
    expect(await applications(vacancy.id)).toBe(0);
    expect(await privateKeys()).toEqual(keysBefore);

    // Sent again with the same upload: kept and written. The bucket went away once more before
    // the upload could be taken out of the incoming ones: the application stands, and the upload
    // is left to the stale clean-up.
    vi.spyOn(BucketPrivateFiles.prototype, 'discard').mockRejectedValueOnce(
      new StorageUnavailableError(new Error('connection reset')),
    );
    expect((await apply(t.app, applicant.token, application(vacancy.id, id))).statusCode).toBe(201);
    expect(await applications(vacancy.id)).toBe(1);
    expect(await incomingKeysOf(id)).toEqual([`private/incoming/${id}`, `private/incoming/${id}.info`]);
    expect(await t.ctx.uploads.removeStale(new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(1);
    expect(await incomingKeysOf(id)).toEqual([]);
  });

  it('answers an upload’s chunk and its offset 503 (never “no such upload”), and the upload goes on once it is back', async () => {
    const bytes = pdf(2 * MiB);
    const location = await create(t.app, 'cv', bytes.length, 'cv.pdf');
    expect((await patch(t.app, location, 0, bytes.subarray(0, MiB))).statusCode).toBe(204);
    await s3.stop();
    try {
      const chunk = await patch(other.app, location, MiB, bytes.subarray(MiB), 'ru');
      expect(chunk.statusCode).toBe(503);
      expect(chunk.headers['retry-after']).toBe('5');
      expect(errorOf(chunk)).toEqual({ code: 'SERVICE_UNAVAILABLE', message: 'Сервис временно недоступен' });
      const { status, head } = await offsetOf(other.app, location);
      expect(status, head.body).toBe(503);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/Upload',
        headers: { ...TUS, 'upload-length': '100', 'upload-metadata': tusMetadata({ kind: 'cv', filename: 'a.pdf' }) },
        remoteAddress: newIp(),
      });
      expect(created.statusCode).toBe(503);
    } finally {
      await s3.start();
    }
    const { offset } = await offsetOf(other.app, location);
    expect(offset).toBe(MiB);
    expect((await patch(other.app, location, offset, bytes.subarray(offset))).statusCode).toBe(204);
    expect((await s3.object(`private/incoming/${idOf(location)}`)).equals(bytes)).toBe(true);
  });

  it('answers the staff’s download 503, and the file once it is back', async () => {
    const vacancy = await post();
    const bytes = pdf(30_000);
    expect((await apply(t.app, applicant.token, application(vacancy.id, await cv(bytes)))).statusCode).toBe(201);
    const page = dataOf<StaffApplicationPage>(
      await call(t.app, staff.token, 'GET', `/api/Staff/applications?vacancyId=${vacancy.id}`),
    );
    const url = page.items[0]?.cvUrl as string;
    await s3.stop();
    try {
      const refused = await download(t.app, url, { 'accept-language': 'en' });
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.headers['content-disposition']).toBeUndefined();
      expect(errorOf(refused)).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        message: 'The service is temporarily unavailable',
      });
    } finally {
      await s3.start();
    }
    const served = await download(t.app, url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('keeps nothing of a bug report whose second file could not be kept, and writes no report', async () => {
    const image = await tusUpload(t.app, 'image', await png(), 'screen.png');
    const video = await tusUpload(
      t.app,
      'video',
      Buffer.concat([Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'), Buffer.alloc(16)]),
      'clip.mp4',
    );
    expect([image.ok, video.ok]).toEqual([true, true]);
    const reports = async () =>
      dataOf<BugReportPage>(await call(t.app, staff.token, 'GET', '/api/BugBounty/get-all')).total;
    const before = await reports();
    const keep = BucketPrivateFiles.prototype.keep;
    let keeps = 0;
    vi.spyOn(BucketPrivateFiles.prototype, 'keep').mockImplementation(async function (
      this: BucketPrivateFiles,
      ...args
    ) {
      // The picture goes in; the bucket is out of reach for the video.
      if (keeps++ === 1) throw new StorageUnavailableError(new Error('connection refused'));
      return keep.apply(this, args);
    });
    const body = {
      name: 'Leyla',
      surname: 'Həsənova',
      email: uniqueEmail('reporter'),
      phoneNumber: '+994 50 123 45 67',
      note: 'Səbətə əlavə edəndə səhifə donur.',
      imageUploadIds: [image.id],
      videoUploadIds: [video.id],
    };
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/BugBounty/create',
      payload: body,
      headers: { 'accept-language': 'en' },
      remoteAddress: newIp(),
    });
    expect(refused.statusCode, refused.body).toBe(503);
    expect(errorOf(refused).code).toBe('SERVICE_UNAVAILABLE');
    expect(keeps).toBe(2);
    expect(await reports()).toBe(before);
    // The picture kept first was taken out again; both are still uploads.
    expect((await privateKeys()).filter((key) => /^private\/bug-/.test(key))).toEqual([]);
    expect(await incomingKeysOf(image.id as string)).toHaveLength(2);
    expect(await incomingKeysOf(video.id as string)).toHaveLength(2);

    // The bucket is back: the same report, sent again with the same uploads, is kept whole.
    vi.mocked(BucketPrivateFiles.prototype.keep).mockRestore();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/BugBounty/create',
      payload: body,
      remoteAddress: newIp(),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await reports()).toBe(before + 1);
    expect((await privateKeys()).filter((key) => /^private\/bug-/.test(key))).toHaveLength(2);
    expect(await incomingKeysOf(image.id as string)).toEqual([]);
    expect(await incomingKeysOf(video.id as string)).toEqual([]);
  });
});
