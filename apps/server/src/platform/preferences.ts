import { isLanguage, limits } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** Where a preference change returns to: a path of ours, never another site ("//evil", "/\\evil"). */
function backPath(value: string | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}

/**
 * GET /preferences?language=&theme=&back=: the public site's language and theme switches as plain
 * links (its pages carry no script: decision 025). The choice is stored in the same cookies the
 * panel's switches write (apps/web lib/storage.ts), then the visitor is sent back where they were.
 */
export function registerPreferences(app: FastifyInstance) {
  const query = z.object({
    language: z.string().max(8).optional(),
    theme: z.string().max(8).optional(),
    back: z.string().max(2048).optional(),
  });
  app.get('/preferences', { schema: { hide: true } }, async (request, reply) => {
    const parsed = query.safeParse(request.query);
    const { language, theme, back } = parsed.success ? parsed.data : {};
    const cookies: string[] = [];
    if (isLanguage(language)) cookies.push(`language=${language}; Path=/; Max-Age=31536000; SameSite=Lax`);
    if (theme === 'light' || theme === 'dark') {
      cookies.push(`theme=${theme}; Path=/; Max-Age=${limits.themeCookieDays * 86_400}; SameSite=Lax`);
    }
    if (cookies.length) reply.header('set-cookie', cookies);
    // Not kept by any cache: the same link sets another visitor's cookie.
    reply.header('cache-control', 'no-store');
    return reply.redirect(backPath(back), 303);
  });
}
