import { Readable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tusMetadata } from '../testing/app.js';
import { UPLOAD_LOCKS_NAME } from './upload-locks.js';

/**
 * A resumable upload served by two processes on one PostgreSQL (issue 18's deployment behind a
 * balancer; platform/upload-locks.ts): a browser whose chunk stalls tries again, and the balancer
 * may send the retry to the other process. That one must not say where the upload stands, or take
 * more bytes, while the first is still writing: it asks the first to stop, waits for it, then
 * answers. Both processes see the same private files (as a shared volume or the bucket would
 * give them). A `.pg.test.ts`: the PostgreSQL pass only (vitest.config.ts).
 */
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await createTestApp();
  second = await createTestApp({ database: first.config.database, privateDir: first.config.privateDir });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

const TUS = { 'tus-resumable': '1.0.0' };
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(290_000, 'a'), Buffer.from('\n%%EOF\n')]);

async function newUpload(t: TestApp): Promise<string> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/Upload',
    headers: { ...TUS, 'upload-length': String(PDF.length), 'upload-metadata': tusMetadata({ kind: 'cv' }) },
  });
  expect(created.statusCode).toBe(201);
  return created.headers.location as string;
}

const patch = (t: TestApp, location: string, offset: number, payload: Buffer | Readable) =>
  t.app.inject({
    method: 'PATCH',
    url: location,
    headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    payload,
  });

const offsetOn = async (t: TestApp, location: string) => {
  const head = await t.app.inject({ method: 'HEAD', url: location, headers: TUS });
  expect(head.statusCode).toBe(200);
  return Number(head.headers['upload-offset']);
};

/** A chunk whose first `sent` bytes arrive, then nothing more: a phone that lost its signal. */
function stalledChunk(sent: Buffer): { body: Readable; allRead: Promise<void> } {
  let read: () => void = () => {};
  const allRead = new Promise<void>((resolve) => {
    read = resolve;
  });
  let given = false;
  const body = new Readable({
    read() {
      if (given) {
        read();
        return;
      }
      given = true;
      this.push(sent);
    },
  });
  return { body, allRead };
}

describe('a resumable upload on two processes', () => {
  it('the other process waits for a stalled chunk to stop, then says where the upload stands and takes the rest', async () => {
    const location = await newUpload(first);
    expect((await patch(first, location, 0, PDF.subarray(0, 100_000))).statusCode).toBe(204);

    const stalled = stalledChunk(PDF.subarray(100_000, 150_000));
    let stalledEnded = 0;
    const stalledPatch = patch(first, location, 100_000, stalled.body).then((response) => {
      stalledEnded = performance.now();
      return response;
    });
    await stalled.allRead;

    // The retry reaches the other process: it is answered only once the stalled chunk has stopped,
    // with what that chunk wrote.
    const offset = await offsetOn(second, location);
    const answered = performance.now();
    expect(stalledEnded).toBeGreaterThan(0);
    expect(stalledEnded).toBeLessThanOrEqual(answered);
    // The stopped chunk was told what it wrote; the retry hears the same.
    const stopped = await stalledPatch;
    expect(stopped.statusCode).toBe(204);
    expect(Number(stopped.headers['upload-offset'])).toBe(offset);
    expect(offset).toBeGreaterThanOrEqual(100_000);
    expect(offset).toBeLessThanOrEqual(150_000);

    // The browser goes on from there, on the second process; both then see the upload whole.
    const done = await patch(second, location, offset, PDF.subarray(offset));
    expect(done.statusCode).toBe(204);
    expect(await offsetOn(first, location)).toBe(PDF.length);
    expect(await offsetOn(second, location)).toBe(PDF.length);
    stalled.body.destroy();
  });

  it('a process whose lock connection is cut stops its chunk in flight, and the other process takes the upload on', async () => {
    const location = await newUpload(first);
    const stalled = stalledChunk(PDF.subarray(0, 60_000));
    const stalledPatch = patch(first, location, 0, stalled.body);
    await stalled.allRead;

    const admin = new pg.Client({ connectionString: (first.config.database as { url: string }).url });
    await admin.connect();
    try {
      // The first process's lock connection (the one that holds a lock now).
      const { rows } = await admin.query<{ pid: number }>(
        `select l.pid from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where l.locktype = 'advisory' and a.application_name = $1 and a.datname = current_database()`,
        [UPLOAD_LOCKS_NAME],
      );
      expect(rows).toHaveLength(1);
      await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
    } finally {
      await admin.end();
    }
    const stopped = await stalledPatch;
    const offset = await offsetOn(second, location);
    expect(stopped.statusCode).toBe(204);
    expect(Number(stopped.headers['upload-offset'])).toBe(offset);
    expect(offset).toBeLessThanOrEqual(60_000);
    expect((await patch(second, location, offset, PDF.subarray(offset))).statusCode).toBe(204);
    // The first process locks again through a new connection.
    expect(await offsetOn(first, location)).toBe(PDF.length);
    stalled.body.destroy();
  });
});
