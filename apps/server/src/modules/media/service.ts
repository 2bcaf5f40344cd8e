import { createHash, randomUUID } from 'node:crypto';
import { IMAGE_WIDTHS } from '@shop/shared';
import { and, lt } from 'drizzle-orm';
import sharp from 'sharp';
import { rowsOf } from '../../db/client.js';
import { media } from '../../db/schema/index.js';
import { sql } from '../../db/sql-text.js';
import type { UserRow } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { STORAGE_RETRY_AFTER_SECONDS, StorageUnavailableError } from '../../platform/storage.js';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** An upload nothing refers to after this long is removed. */
export const UNUSED_MEDIA_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Checks the bytes (PNG, JPEG or WebP, whatever the name says), strips metadata, and stores
 * WebP renditions of IMAGE_WIDTHS; the row remembers them for the clean-up.
 *
 * The renditions are named `{owner}/{id}-{hash}[-{width}].webp`, `hash` of all their bytes: a name
 * always means the same bytes, so browsers keep them a year without asking (decision 026), and a
 * rendition's URL is still the main one's with its width (imageUrl in packages/shared).
 */
export async function storeImage(ctx: AppContext, owner: UserRow, bytes: Buffer) {
  // sharp throws synchronously on an empty buffer: read inside the promise chain.
  const metadata = await Promise.resolve()
    .then(() => sharp(bytes).metadata())
    .catch(() => null);
  if (!metadata?.format || !ACCEPTED_FORMATS.has(metadata.format)) throw new AppError('UNSUPPORTED_FILE_TYPE');

  const id = randomUUID();
  let renditions: { key: string; data: Buffer; width: number; height: number }[];
  try {
    // Decode once, at the largest size we keep (JPEG shrinks while decoding); every rendition
    // is encoded from those pixels. WebP effort 3 of 6: nearly the same bytes, much less time.
    const [largest, ...smaller] = IMAGE_WIDTHS;
    const { data: pixels, info } = await sharp(bytes, { failOn: 'error' })
      .rotate()
      .resize({ width: largest, height: largest, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const encoded = await Promise.all(
      [largest, ...smaller].map(async (width) => ({
        suffix: width === largest ? '' : `-${width}`,
        ...(await sharp(pixels, raw)
          .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 82, effort: 3 })
          .toBuffer({ resolveWithObject: true })),
      })),
    );
    const hash = createHash('sha256');
    for (const { data } of encoded) hash.update(data);
    const name = `${owner.id}/${id}-${hash.digest('hex').slice(0, 16)}`;
    renditions = encoded.map(({ suffix, data, info: out }) => ({
      key: `${name}${suffix}.webp`,
      data,
      width: out.width,
      height: out.height,
    }));
  } catch {
    throw new AppError('FILE_UPLOAD_FAILED');
  }
  const [main] = renditions as [(typeof renditions)[number]];
  const puts = await Promise.allSettled(renditions.map((r) => ctx.storage.put(r.key, r.data, 'image/webp')));
  const failed = puts.find((put) => put.status === 'rejected');
  if (failed) {
    // Nothing half-written: the renditions that went in come out again. Those that can not
    // (the store went away midway) get a row with no reference, so the clean-up takes them later.
    const removals = await Promise.allSettled(renditions.map((r) => ctx.storage.remove(r.key)));
    const left = renditions.filter((_, i) => puts[i]?.status === 'fulfilled' && removals[i]?.status === 'rejected');
    if (left.length) {
      await ctx.db
        .insert(media)
        .values({ id, ownerId: owner.id, url: `/uploads/${main.key}`, keys: left.map((r) => r.key), ...sizeOf(main) })
        .catch((error) => ctx.log.error({ err: error, keys: left.map((r) => r.key) }, 'upload left behind'));
    }
    const reason = failed.reason as unknown;
    if (reason instanceof StorageUnavailableError) {
      ctx.log.warn({ err: reason.cause }, 'upload storage unavailable');
      throw new AppError('SERVICE_UNAVAILABLE', undefined, STORAGE_RETRY_AFTER_SECONDS);
    }
    ctx.log.error({ err: reason }, 'upload not stored');
    throw new AppError('FILE_UPLOAD_FAILED');
  }
  const url = (puts[0] as PromiseFulfilledResult<string>).value;
  await ctx.db.insert(media).values({
    id,
    ownerId: owner.id,
    url,
    keys: renditions.map((r) => r.key),
    ...sizeOf(main),
  });
  return { url, width: main.width, height: main.height };
}

/** A smaller rendition's key: `{owner}/{id}-{hash}-{width}.webp`, its main's name and its width. */
const RENDITION_KEY = /^([\w-]+\/[\w-]+-[0-9a-f]{16})-(\d+)\.webp$/;

/**
 * A rendition of a width added to IMAGE_WIDTHS after its picture was uploaded (1200 px, for phones'
 * full-width banners, 2026-11-28), made on its first request from the main one — the pages name
 * every width for every picture — kept beside it and added to its row for the clean-up. Null when
 * `key` names no rendition of an uploaded picture, or the picture is gone.
 */
export async function deriveRendition(ctx: AppContext, key: string): Promise<Buffer | null> {
  const match = RENDITION_KEY.exec(key);
  const width = Number(match?.[2]);
  if (!match || width === IMAGE_WIDTHS[0] || !(IMAGE_WIDTHS as readonly number[]).includes(width)) return null;
  const mainKey = `${match[1]}.webp`;
  const [row] = rowsOf<{ id: string }>(
    await ctx.db.execute(sql`select id from media where url = ${`/uploads/${mainKey}`}`),
  );
  const main = row ? await ctx.storage.read(mainKey) : null;
  if (!row || !main) return null;
  const data = await sharp(main)
    .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82, effort: 3 })
    .toBuffer();
  await ctx.storage.put(key, data, 'image/webp');
  await ctx.db.execute(
    sql`update media set keys = keys || jsonb_build_array(${key}::text)
      where id = ${row.id} and not keys @> jsonb_build_array(${key}::text)`,
  );
  return data;
}

function sizeOf(rendition: { data: Buffer; width: number; height: number }) {
  return { width: rendition.width, height: rendition.height, bytes: rendition.data.length };
}

/** Every column that may hold an upload's URL; a URL found in none of them is unused. */
const REFERENCES = sql`
  not exists (select 1 from products p where p.images ? m.url)
  and not exists (select 1 from product_variants v where v.image_url = m.url)
  and not exists (select 1 from categories c where c.image_url = m.url)
  and not exists (select 1 from collections c where c.cover_image_url = m.url)
  and not exists (select 1 from markets k where k.logo_url = m.url or k.favicon_url = m.url)
  and not exists (select 1 from store_themes t
    where strpos(t.published::text, m.url) > 0 or strpos(coalesce(t.draft::text, ''), m.url) > 0)
  and not exists (select 1 from users u where u.photo_url = m.url)
  and not exists (select 1 from articles a where a.cover_url = m.url or strpos(a.body, m.url) > 0)`;

/** Removes uploads older than `olderThan` that nothing refers to; returns how many. */
export async function removeUnusedMedia(ctx: AppContext, olderThan: Date): Promise<number> {
  const unused = await ctx.db.execute(
    sql`select m.id, m.keys from media m where m.created_at < ${olderThan} and ${REFERENCES} limit 500`,
  );
  const rows = rowsOf<{ id: string; keys: string[] }>(unused);
  for (const row of rows) {
    // The row goes first: a file left behind is harmless, a row without its file is not.
    await ctx.db.delete(media).where(and(sql`${media.id} = ${row.id}`, lt(media.createdAt, olderThan)));
    await Promise.all(row.keys.map((key) => ctx.storage.remove(key).catch(() => {})));
  }
  return rows.length;
}
