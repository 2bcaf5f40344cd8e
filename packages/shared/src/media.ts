import { z } from 'zod';
import { intSchema } from './responses.js';

/**
 * Uploaded images are stored as WebP renditions: the main one (longest side 1600 px) at the
 * URL the rows keep, and smaller ones beside it for lists and thumbnails. 1200 (since 2026-11-28)
 * fills a phone's width at its device pixels (412 × 2.6) with ~40 % fewer bytes than 1600; a
 * picture uploaded before it has it made on first request (media/service.ts deriveRendition).
 */
export const IMAGE_WIDTHS = [1600, 1200, 800, 400] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** "/uploads/u/abc.webp", 400 → "/uploads/u/abc-400.webp"; the main width keeps the URL. */
export function imageUrl(url: string, width: ImageWidth): string {
  if (width === IMAGE_WIDTHS[0] || !url.endsWith('.webp')) return url;
  return `${url.slice(0, -'.webp'.length)}-${width}.webp`;
}

/** A srcset of every rendition, for <img srcset>. */
export function imageSrcSet(url: string): string {
  return IMAGE_WIDTHS.map((w) => `${imageUrl(url, w)} ${w}w`).join(', ');
}

/** POST /Media/upload: the main rendition's URL and size. */
// Marked pure: the storefront imports imageUrl from here, and a schema built at load would bring zod
// (20 KB gzipped) into its first load.
export const uploadedImageSchema = /* @__PURE__ */ z.strictObject({
  url: /* @__PURE__ */ z.string(),
  width: intSchema,
  height: intSchema,
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;
