import { z } from 'zod';
import { intSchema } from './responses.js';

/**
 * Uploaded images are stored as WebP renditions: the main one (longest side 1600 px) at the
 * URL the rows keep, and smaller ones beside it for lists and thumbnails.
 */
export const IMAGE_WIDTHS = [1600, 800, 400] as const;
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
