import { Writable } from 'node:stream';
import { RENDERED_HTML, type RenderedResponse } from '@shop/shared';
import { renderToPipeableStream } from 'react-dom/server';
import { type EntryContext, ServerRouter } from 'react-router';

export const streamTimeout = 5_000;

/**
 * Server rendering. Our pages stream nothing later (no deferred loader data): the storefront's
 * loaders answer whole, the panel loads in the browser. So the document is rendered completely
 * and sent as one buffer — one write to the socket instead of one per React chunk, which is a
 * large part of a product page's cost at hundreds of pages a second (issue 4 figure).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeout);
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        const html = Buffer.concat(chunks);
        // The bytes go beside the Response (RENDERED_HTML), not through it: no copy, no stream.
        const response: RenderedResponse = new Response(null, { headers: responseHeaders, status });
        response[RENDERED_HTML] = html;
        resolve(response);
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      onAllReady() {
        pipe(sink);
      },
      onShellError(error: unknown) {
        clearTimeout(timeout);
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        console.error(error);
      },
    });
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
  });
}
