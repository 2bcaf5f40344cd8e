import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { createReadableStreamFromReadable } from '@react-router/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';

export const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');
export const webBuildDir = path.join(webRoot, 'build');

type Handler = (request: Request) => Promise<Response>;

/**
 * Serves the React Router app (SSR) from the same Fastify instance as the API: built assets as
 * static files, every other path through the server build. In dev mode Vite serves both.
 */
export async function registerWeb(app: FastifyInstance, mode: 'build' | 'dev', options: { maintenance: boolean }) {
  let handler: Handler;
  if (mode === 'dev') {
    const { createServer } = await import('vite');
    const vite = await createServer({ root: webRoot, server: { middlewareMode: true }, appType: 'custom' });
    await app.register((await import('@fastify/middie')).default);
    app.use(vite.middlewares);
    app.addHook('onClose', () => vite.close());
    handler = createRequestHandler(
      () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
      'development',
    );
  } else {
    const build = (await import(path.join(webBuildDir, 'server/index.js'))) as ServerBuild;
    handler = createRequestHandler(build, 'production');
    await app.register(fastifyStatic, {
      root: path.join(webBuildDir, 'client'),
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        // Hashed asset names never change content: cache them for a year.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  await app.register(async (scope) => {
    // The web app reads request bodies itself (form actions): leave the stream untouched.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      schema: { hide: true },
      handler: (request, reply) => serve(handler, request, reply, options.maintenance),
    });
  });
}

async function serve(handler: Handler, request: FastifyRequest, reply: FastifyReply, maintenance: boolean) {
  // In maintenance mode every page is the maintenance page, with 503 so that crawlers come back.
  const path =
    maintenance && request.method === 'GET' && !request.url.startsWith('/maintenance') ? '/maintenance' : undefined;
  const response = await handler(toFetchRequest(request, reply, path));
  reply.status(maintenance ? 503 : response.status);
  if (maintenance) reply.header('retry-after', '600');
  for (const [key, value] of response.headers) {
    if (key !== 'set-cookie') reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
}

function toFetchRequest(request: FastifyRequest, reply: FastifyReply, path = request.url): Request {
  const origin = `${request.protocol}://${request.host}`;
  const url = new URL(path, origin);
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: createReadableStreamFromReadable(request.raw), duplex: 'half' } : {}),
  } as RequestInit);
}
