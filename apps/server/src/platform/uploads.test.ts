import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorOf, newIp, type TestApp, tusMetadata, tusUpload } from '../testing/app.js';

/**
 * Visitors' large files by the tus protocol (issue 17): a new upload must say its kind and a
 * length its kind allows; chunks resume at the offset the server has; nothing of it is served.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300_000, 'a'), Buffer.from('\n%%EOF\n')]);

describe('uploads', () => {
  it('takes a file in chunks and tells where it stands, so a broken upload resumes', async () => {
    const { id } = await tusUpload(t.app, 'cv', PDF, 'cv.pdf', { chunk: 100_000 });
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/api/Upload/${id}`,
      headers: { 'tus-resumable': '1.0.0' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(PDF.length));
    expect(head.headers['upload-length']).toBe(String(PDF.length));
    // The file is not among what the server serves.
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/Upload/${id}` })).statusCode).toBe(404);
  });

  it('refuses a file longer than its kind allows, of no kind, or without a length, with the catalogue’s message', async () => {
    const big = await tusUpload(t.app, 'cv', Buffer.alloc(10), 'cv.pdf', { declaredLength: 100 * 1024 * 1024 + 1 });
    expect(big.created.statusCode).toBe(413);
    expect(errorOf(big.created)).toMatchObject({ code: 'CV_TOO_LARGE', message: 'File size exceeds 100MB' });
    const media = await tusUpload(t.app, 'image', Buffer.alloc(10), 'a.png', { declaredLength: 30 * 1024 * 1024 + 1 });
    expect(errorOf(media.created)).toMatchObject({ code: 'MEDIA_TOO_LARGE', message: 'File size exceeds 30MB' });
    const exactly = await tusUpload(t.app, 'image', Buffer.alloc(10), 'a.png', { declaredLength: 30 * 1024 * 1024 });
    expect(exactly.created.statusCode).toBe(201);
    const kindless = await tusUpload(t.app, 'exe', Buffer.alloc(10));
    expect(kindless.created.statusCode).toBe(400);
    const deferred = await t.app.inject({
      method: 'POST',
      url: '/api/Upload',
      headers: { 'tus-resumable': '1.0.0', 'upload-defer-length': '1', 'upload-metadata': tusMetadata({ kind: 'cv' }) },
    });
    expect(deferred.statusCode).toBe(400);
  });

  it('answers the last chunk only once the bytes are of the kind: a disguised file is refused in the sender’s language and removed', async () => {
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(200)]);
    const refused = await tusUpload(t.app, 'image', gif, 'shot.png', { chunk: 100, language: 'ru' });
    expect(refused.ok).toBe(false);
    expect(refused.finished?.statusCode).toBe(415);
    expect(errorOf(refused.finished as NonNullable<typeof refused.finished>)).toMatchObject({
      code: 'IMAGE_TYPE_INVALID',
      message: 'Допускаются только изображения PNG, JPG или JPEG',
    });
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/api/Upload/${refused.id}`,
      headers: { 'tus-resumable': '1.0.0' },
    });
    expect(head.statusCode).toBe(404);
    const pdf = await tusUpload(t.app, 'cv', PDF, 'cv.pdf');
    expect(pdf.ok).toBe(true);
  });

  it('refuses more bytes than the upload declared', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/Upload',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '10', 'upload-metadata': tusMetadata({ kind: 'image' }) },
    });
    const patched = await t.app.inject({
      method: 'PATCH',
      url: created.headers.location as string,
      headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: Buffer.alloc(20),
    });
    expect(patched.statusCode).toBe(413);
  });

  it('limits how many files one address starts', async () => {
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 45; i++)
      statuses.push(
        (await tusUpload(t.app, 'image', Buffer.alloc(4), 'a.png', { ip, declaredLength: 4 })).created.statusCode,
      );
    expect(statuses.slice(0, 40).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(40).every((s) => s === 429)).toBe(true);
  });
});
