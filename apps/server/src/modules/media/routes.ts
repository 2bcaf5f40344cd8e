import { limits, uploadedImageSchema } from '@shop/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, type UserRow } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { created } from '../../platform/responses.js';
import { storeImage } from './service.js';

/**
 * POST /Media/upload: one image (PNG, JPG, JPEG, WebP) as multipart field "file", stored as
 * WebP renditions (see storeImage). Answers the main rendition's URL.
 */
export function mediaRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/Media/upload',
      { schema: { tags: ['Media'], consumes: ['multipart/form-data'], response: created(uploadedImageSchema) } },
      async (request, reply) => {
        const user = await requireUser(ctx.db, request);
        const stored = await receiveImage(ctx, request, user);
        reply.status(201);
        return { data: stored };
      },
    );
  };
}

/**
 * One uploaded image from a multipart request's "file" field, checked and stored (storeImage):
 * the media upload and the theme editor's banner upload (POST /Section/bannerItem) share it.
 */
export async function receiveImage(ctx: AppContext, request: FastifyRequest, user: UserRow) {
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
  return storeImage(ctx, user, bytes);
}
