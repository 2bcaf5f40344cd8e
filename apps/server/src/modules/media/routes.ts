import { randomUUID } from 'node:crypto';
import { limits } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { requireUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** Longest side of the stored image; larger uploads are scaled down. */
const MAX_SIDE = 1600;

/**
 * POST /Media/upload: one image (PNG, JPG, JPEG, WebP) as multipart field "file". The type is
 * read from the bytes, never the name; the stored file is a re-encoded WebP without metadata.
 */
export function mediaRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/Media/upload',
      { schema: { tags: ['Media'], consumes: ['multipart/form-data'] } },
      async (request, reply) => {
        const user = await requireUser(ctx.db, request);
        const file = await request
          .file({ limits: { fileSize: limits.imageUpload.maxBytes, files: 1 } })
          .catch((error: { statusCode?: number }) => {
            // Fastify's own errors (wrong content type …) carry their status; anything else is a
            // body the multipart parser could not read (no boundary, broken headers).
            if (error.statusCode) throw error;
            throw new AppError('FILE_UPLOAD_FAILED');
          });
        if (!file) throw new AppError('VALIDATION_FAILED', { file: 'required' });
        let bytes: Buffer;
        try {
          bytes = await file.toBuffer();
        } catch (error) {
          // Only the size limit means "too large"; a body cut short is a failed upload.
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE');
          throw new AppError('FILE_UPLOAD_FAILED');
        }
        if (file.file.truncated) throw new AppError('FILE_TOO_LARGE');
        // sharp throws synchronously on an empty buffer: read inside the promise chain.
        const metadata = await Promise.resolve()
          .then(() => sharp(bytes).metadata())
          .catch(() => null);
        if (!metadata?.format || !ACCEPTED_FORMATS.has(metadata.format)) throw new AppError('UNSUPPORTED_FILE_TYPE');
        let output: { data: Buffer; info: sharp.OutputInfo };
        try {
          output = await sharp(bytes)
            .rotate()
            .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
            .webp({ quality: 82 })
            .toBuffer({ resolveWithObject: true });
        } catch {
          throw new AppError('FILE_UPLOAD_FAILED');
        }
        const key = `${user.id}/${randomUUID()}.webp`;
        const url = await ctx.storage.put(key, output.data, 'image/webp').catch(() => {
          throw new AppError('FILE_UPLOAD_FAILED');
        });
        reply.status(201);
        return { data: { url, width: output.info.width, height: output.info.height } };
      },
    );
  };
}
