import { type Language, translate } from '@shop/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { manatFontFaces } from './manat-font.js';

/**
 * The page a visitor gets when the web app can't render one because the database is out of reach
 * (or a write is refused for a full disk): written here, without React, so it needs nothing that
 * is failing — no database, no script, no stylesheet of the build. It looks like the site's
 * maintenance page (routes/marketing/maintenance.tsx: the same layout and colours) and says the
 * catalogue's words in the visitor's language; a GET page reloads itself after Retry-After.
 */
export function sendUnavailablePage(
  request: FastifyRequest,
  reply: FastifyReply,
  language: Language,
  code: 'SERVICE_UNAVAILABLE' | 'STORAGE_FULL',
  retryAfterSeconds: number,
) {
  // "Try again" opens the same address (a form's page, after a refused POST).
  const retry = request.url;
  const title = escapeHtml(translate(code, language));
  const refresh = request.method === 'GET' ? `<meta http-equiv="refresh" content="${retryAfterSeconds}">` : '';
  const html = `<!DOCTYPE html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${refresh}
<title>${title}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
${manatFontFaces()}
body{margin:0;font-family:Manat,system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:#1a1b1e;background:#fff}
main{min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:8px;padding:24px;text-align:center;box-sizing:border-box}
h1{margin:0;font-size:28px}p{margin:0;color:#5c5f66}.code{font-size:72px;font-weight:800;color:#0b7285}
a{display:inline-block;margin-top:12px;padding:10px 18px;border-radius:8px;background:#0b7285;color:#fff;text-decoration:none}
</style>
</head>
<body>
<main data-testid="unavailable">
<p class="code" aria-hidden="true">503</p>
<h1>${title}</h1>
<p>${escapeHtml(translate('TRY_AGAIN_SOON', language))}</p>
<a href="${escapeHtml(retry)}">${escapeHtml(translate('TRY_AGAIN', language))}</a>
</main>
</body>
</html>
`;
  return reply
    .status(503)
    .header('retry-after', String(retryAfterSeconds))
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
