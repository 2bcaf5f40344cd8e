import { ArticlePage, articleMeta } from '../../features/site/article-pages';
import { loadArticle } from '../../features/site/articles.server';
import type { Route } from './+types/blog';

/** Blog post (SPEC §2 blogs/{id}); only a published one is found. */
export function loader({ context, request, params }: Route.LoaderArgs) {
  return loadArticle(context, request, 'blog', params.id);
}

export function meta({ matches, data }: Route.MetaArgs) {
  return articleMeta(matches, data);
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  return <ArticlePage kind="blog" data={loaderData} />;
}
