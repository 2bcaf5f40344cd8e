import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { STORE_FONTS_PATH, storeFontFiles } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.js';

const require = createRequire(import.meta.url);

/**
 * The storefront's fonts, self-hosted from the @fontsource packages (no font CDN: a shopper's
 * browser asks only us). Only the files a store's @font-face rules can name are served
 * (theme.ts fontFaceCss), each for a year: a file's name never changes what it holds.
 */
export function registerStoreFonts(app: FastifyInstance) {
  const files = storeFontFiles();
  const dirs = new Map<string, string>();
  const dirOf = (pkg: string) => {
    let dir = dirs.get(pkg);
    if (!dir) {
      dir = path.join(path.dirname(require.resolve(`@fontsource/${pkg}/package.json`)), 'files');
      dirs.set(pkg, dir);
    }
    return dir;
  };
  app.get<{ Params: { file: string } }>(
    `${STORE_FONTS_PATH}/:file`,
    { schema: { hide: true } },
    async (request, reply) => {
      const file = files.get(request.params.file);
      if (!file) throw new AppError('NOT_FOUND');
      reply
        .header('content-type', 'font/woff2')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('access-control-allow-origin', '*');
      return reply.send(createReadStream(path.join(dirOf(file.pkg), request.params.file)));
    },
  );
}
