import { ArticlePage, articleMeta } from '../../features/site/article-pages';
import { loadArticle } from '../../features/site/articles.server';
import type { Route } from './+types/tutorial';

/** A tutorial: its video or step pictures and text; only a published one is found. */
export function loader({ context, request, params }: Route.LoaderArgs) {
  return loadArticle(context, request, 'tutorial', params.id);
}

export function meta({ matches, data }: Route.MetaArgs) {
  return articleMeta(matches, data);
}

export default function Tutorial({ loaderData }: Route.ComponentProps) {
  return <ArticlePage kind="tutorial" data={loaderData} />;
}
