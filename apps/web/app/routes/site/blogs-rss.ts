import { isLanguage } from '@shop/shared';
import { requestLanguage } from '../../lib/request-language';
import { textsOf } from '../../lib/texts.server';
import type { Route } from './+types/blogs-rss';

const xmlText = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string,
  );

/**
 * The blog as an RSS 2.0 feed (issue 17): the 20 newest posts in the language asked (?language=)
 * or the reader's, each with its summary and a link to the post.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get('language');
  const language = isLanguage(asked) ? asked : requestLanguage(request);
  const { items } = await context.site.articles('blog', language, { page: 1 });
  const origin = context.origin;
  const texts = textsOf(language, ['site']).site as { pages: { blogs: { title: string; description: string } } };
  const entries = items
    .slice(0, 20)
    .map(
      (item) => `    <item>
      <title>${xmlText(item.title)}</title>
      <link>${origin}/blogs/${item.id}</link>
      <guid isPermaLink="true">${origin}/blogs/${item.id}</guid>
      <description>${xmlText(item.summary)}</description>
      ${item.publishedAt ? `<pubDate>${new Date(item.publishedAt).toUTCString()}</pubDate>` : ''}
    </item>`,
    )
    .join('\n');
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>Shop builder — ${xmlText(texts.pages.blogs.title)}</title>
    <link>${origin}/blogs</link>
    <atom:link href="${origin}/blogs/rss.xml?language=${language}" rel="self" type="application/rss+xml" />
    <description>${xmlText(texts.pages.blogs.description)}</description>
    <language>${language}</language>
${entries}
  </channel>
</rss>
`;
  return new Response(xml, {
    headers: { 'content-type': 'application/rss+xml; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
}
